import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch, type FormProps, type GetProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import type { CaptchaStrategy } from '../../../../contract/enums';
import { CAPTCHA_STRATEGIES, LIMITS, LOGIN_TYPES } from '../../../../contract/rules';
import type { AdminApp } from '../../../../contract/schemas/admin/apps';
import { IconField } from './IconField';
import { OidcSection } from './OidcSection';

/** Refusals about one field of the form, shown under it. */
export const APP_FIELD_ERRORS = { [CODE.appIdTaken]: 'appId', [CODE.clientIdTaken]: 'clientId', [CODE.oidcRedirectUriRequired]: 'redirectUris' };

/** The select's stand-in for null (antd options cannot hold null): the sign-in page's own strategy. */
const PAGE_DEFAULT = -1;

const blankIsNone = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What the form holds → what the contract takes (blank category, icon, addresses and lifetimes are none). */
export function toAppBody<V extends Record<string, unknown>>(values: V): V {
  const body: Record<string, unknown> = { ...values };
  if ('category' in body) body.category = blankIsNone(body.category);
  if ('icon' in body) body.icon = body.icon || null;
  for (const field of ['backchannelLogoutUri', 'initiateLoginUri'] as const) if (field in body) body[field] = blankIsNone(body[field]);
  for (const field of ['accessTokenTtl', 'idTokenTtl', 'refreshTokenTtl'] as const) if (field in body) body[field] = body[field] ?? null;
  return body as V;
}

/** The captcha strategy, where null (the sign-in page's own per login type) is a choice too. */
function CaptchaSelect({ id, value, onChange }: { id?: string; value?: CaptchaStrategy | null; onChange?: (value: CaptchaStrategy | null) => void }) {
  const { t } = useTranslation();
  return (
    <Select<number>
      id={id}
      data-testid="app-captcha"
      value={value ?? PAGE_DEFAULT}
      onChange={(next) => onChange?.(next === PAGE_DEFAULT ? null : (next as CaptchaStrategy))}
      options={[{ value: PAGE_DEFAULT, label: t('wb.apps.captcha.default') }, ...CAPTCHA_STRATEGIES.map((strategy) => ({ value: strategy, label: t(`wb.apps.captcha.${strategy}`) }))]}
    />
  );
}

/**
 * The login types as checkboxes. Form.Item marks a required control aria-required, which ARIA
 * allows on one input but not on a group of them; the rule and its message still apply.
 */
function LoginTypeChoices({ 'aria-required': _required, ...props }: GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown }) {
  const { t } = useTranslation();
  return <Checkbox.Group {...props} options={LOGIN_TYPES.map((type) => ({ value: type, label: t(`wb.apps.loginType.${type}`) }))} data-testid="app-loginTypes" />;
}

/** Fields of an application; the app id and client id only when creating (they never change). */
export function AppForm({ formProps, creating, app }: { formProps: FormProps; creating: boolean; app?: AdminApp }) {
  const { t } = useTranslation();
  const required = (field: string) => [{ required: true, whitespace: true, message: t('wb.common.required', { field: t(`wb.apps.fields.${field}`) }) }];
  return (
    <Form {...formProps} layout="vertical" data-testid="app-form" style={{ maxWidth: 880 }}>
      <Row gutter={16}>
        {creating ? (
          <>
            <Col xs={24} md={12}>
              <Form.Item name="appId" label={t('wb.apps.fields.appId')} rules={[...required('appId'), { pattern: /^[A-Za-z0-9._-]+$/, message: t('wb.apps.identifierRule') }]}>
                <Input maxLength={LIMITS.appIdMax} data-testid="app-appId" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="clientId" label={t('wb.apps.fields.clientId')} extra={t('wb.apps.clientIdHint')} rules={[{ pattern: /^[A-Za-z0-9._-]+$/, message: t('wb.apps.identifierRule') }]}>
                <Input maxLength={LIMITS.clientIdMax} />
              </Form.Item>
            </Col>
          </>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="appName" label={t('wb.apps.fields.appName')} rules={required('appName')}>
            <Input maxLength={LIMITS.appNameMax} data-testid="app-appName" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={t('wb.apps.fields.category')}>
            <Input maxLength={LIMITS.appCategoryMax} data-testid="app-category" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="idpSsoUrl" label={t('wb.apps.fields.idpSsoUrl')} rules={[...required('idpSsoUrl'), { type: 'url', message: t('wb.apps.urlRule') }]}>
            <Input maxLength={LIMITS.urlMax} placeholder="https://" data-testid="app-url" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="loginTypes" label={t('wb.apps.fields.loginTypes')} rules={[{ required: true, type: 'array', min: 1, message: t('wb.apps.loginTypesRule') }]}>
            <LoginTypeChoices />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="captchaStrategy" label={t('wb.apps.fields.captchaStrategy')}>
            <CaptchaSelect />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="sortOrder" label={t('wb.apps.fields.sortOrder')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="secondAuthRequired" label={t('wb.apps.fields.secondAuthRequired')} valuePropName="checked">
            <Switch data-testid="app-secondAuth" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="permSystem" label={t('wb.apps.fields.permSystem')} valuePropName="checked" tooltip={t('wb.apps.permSystemHint')}>
            <Switch />
          </Form.Item>
        </Col>
        {creating ? (
          <Col xs={12} md={6}>
            <Form.Item name="enabled" label={t('wb.apps.fields.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24}>
          <Form.Item name="icon" label={t('wb.apps.fields.icon')}>
            <IconField />
          </Form.Item>
        </Col>
      </Row>
      <OidcSection app={app} />
    </Form>
  );
}
