import { Alert, Checkbox, Col, Divider, Form, Input, Radio, Row, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { OidcGrantType } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import { OIDC_GRANT_TYPES, oidcUriProblem, type AdminApp } from '../../../../contract/schemas/admin/apps';
import { LifetimeInput, useLifetimeText } from './LifetimeInput';
import { ProviderInfo } from './OidcDetail';

/** What a new application starts with: OpenID Connect, with the provider's defaults. */
export const OIDC_DEFAULTS = {
  legacy: false, firstParty: false, redirectUris: [], postLogoutRedirectUris: [], grantTypes: [...OIDC_GRANT_TYPES],
  accessTokenTtl: null, idTokenTtl: null, refreshTokenTtl: null, backchannelLogoutUri: null, initiateLoginUri: null,
};

/** A list of addresses typed or pasted one after another (Enter, space or comma between them). */
function UriTags({ id, value, onChange, testId }: { id?: string; value?: string[]; onChange?: (value: string[]) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      mode="tags"
      value={value}
      onChange={(next: string[]) => onChange?.(next.map((uri) => uri.trim()).filter(Boolean))}
      tokenSeparators={[' ', ',', '\n']}
      maxCount={LIMITS.oidcUrisMax}
      open={false}
      suffixIcon={null}
      placeholder={t('wb.apps.oidc.uriPlaceholder')}
      data-testid={testId}
    />
  );
}

/** The OpenID Connect part of an application's form; with the application, what to configure it with. */
export function OidcSection({ app }: { app?: AdminApp }) {
  const { t } = useTranslation();
  const lifetimeText = useLifetimeText();
  const label = (field: string) => t(`wb.apps.fields.${field}`);
  const problemText = (uri: string) => {
    const problem = oidcUriProblem(uri);
    return problem && t(`wb.apps.oidc.uriRule.${problem}`, { uri });
  };
  const uriRule: FormRule = {
    validator: async (_rule, value: unknown) => {
      const problem = typeof value === 'string' && value ? problemText(value) : null;
      if (problem) throw new Error(problem);
    },
  };
  const uriListRule: FormRule = {
    validator: async (_rule, value: unknown) => {
      const problem = (Array.isArray(value) ? (value as string[]) : []).map(problemText).find(Boolean);
      if (problem) throw new Error(problem);
    },
  };
  const redirectRequired: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (getFieldValue('legacy') === false && !(Array.isArray(value) && value.length)) throw new Error(t('wb.apps.oidc.redirectRequired'));
    },
  });
  const lifetime = (field: 'accessTokenTtl' | 'idTokenTtl' | 'refreshTokenTtl', fallback: number, max: number) => (
    <Col xs={24} md={8}>
      <Form.Item
        name={field}
        label={label(field)}
        rules={[{
          validator: async (_rule, value: unknown) => {
            if (typeof value === 'number' && (value < LIMITS.oidcTokenTtlMin || value > max)) {
              throw new Error(t('wb.apps.oidc.lifetimeRule', { min: lifetimeText(LIMITS.oidcTokenTtlMin), max: lifetimeText(max) }));
            }
          },
        }]}
      >
        <LifetimeInput fallback={fallback} testId={`app-${field}`} />
      </Form.Item>
    </Col>
  );

  return (
    <>
      <Divider orientation="left">{t('wb.apps.oidc.title')}</Divider>
      {app ? <ProviderInfo app={app} /> : <Alert type="info" showIcon message={t('wb.apps.oidc.afterCreate')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="legacy" label={label('legacy')} extra={t('wb.apps.oidc.legacyHint')}>
            <Radio.Group
              optionType="button"
              options={[{ value: false, label: t('wb.apps.oidc.protocol.oidc') }, { value: true, label: t('wb.apps.oidc.protocol.legacy') }]}
              data-testid="app-legacy"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="firstParty" label={label('firstParty')} valuePropName="checked" extra={t('wb.apps.oidc.firstPartyHint')}>
            <Switch data-testid="app-firstParty" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="redirectUris" label={label('redirectUris')} dependencies={['legacy']} rules={[redirectRequired, uriListRule]} extra={t('wb.apps.oidc.redirectHint')}>
            <UriTags testId="app-redirectUris" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="postLogoutRedirectUris" label={label('postLogoutRedirectUris')} rules={[uriListRule]}>
            <UriTags testId="app-postLogoutRedirectUris" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="backchannelLogoutUri" label={label('backchannelLogoutUri')} rules={[uriRule]} extra={t('wb.apps.oidc.backchannelHint')}>
            <Input maxLength={LIMITS.urlMax} placeholder="https://" data-testid="app-backchannelLogoutUri" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="initiateLoginUri" label={label('initiateLoginUri')} rules={[uriRule]} extra={t('wb.apps.oidc.initiateHint')}>
            <Input maxLength={LIMITS.urlMax} placeholder="https://" data-testid="app-initiateLoginUri" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="grantTypes" label={label('grantTypes')}>
            <Checkbox.Group
              options={OIDC_GRANT_TYPES.map((type) => ({ value: type, label: t(`wb.apps.oidc.grant.${type}`), disabled: type === OidcGrantType.AUTHORIZATION_CODE }))}
            />
          </Form.Item>
        </Col>
        {lifetime('accessTokenTtl', LIMITS.oidcAccessTokenTtl, LIMITS.oidcAccessTokenTtlMax)}
        {lifetime('idTokenTtl', LIMITS.oidcIdTokenTtl, LIMITS.oidcIdTokenTtlMax)}
        {lifetime('refreshTokenTtl', LIMITS.oidcRefreshTokenTtl, LIMITS.oidcRefreshTokenTtlMax)}
      </Row>
    </>
  );
}
