import { Checkbox, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UPSTREAM_KINDS, type UpstreamKind } from '../../../../contract/schemas/upstream';
import type { AdminUpstreamProvider, SamlUpstreamSettings, UpstreamSaveBody } from '../../../../contract/schemas/admin/upstream';
import { SamlUpstreamFields } from './SamlUpstreamFields';

interface Props {
  /** The provider being changed; null: a new one. */
  editing: AdminUpstreamProvider | null;
  open: boolean;
  saving: boolean;
  onCancel: () => void;
  onSave: (body: UpstreamSaveBody) => Promise<void>;
}

interface Values extends Omit<UpstreamSaveBody, 'appIds'> {
  appIds?: string[];
}

const filled = (value: unknown) => value !== '' && value !== undefined && value !== null;

/** A SAML provider's settings without the fields left empty; the entityID is taken from metadata when given. */
function samlSettings(settings: UpstreamSaveBody['settings']): UpstreamSaveBody['settings'] {
  const saml = settings.saml ?? {};
  const attributes = Object.fromEntries(Object.entries(saml.attributes ?? {}).filter(([, v]) => filled(v)));
  const certificates = (saml.certificates ?? []).filter(filled);
  const kept: SamlUpstreamSettings = {
    ...Object.fromEntries(Object.entries(saml).filter(([k, v]) => filled(v) && k !== 'attributes' && k !== 'certificates')),
    ...(Object.keys(attributes).length ? { attributes } : {}),
    ...(certificates.length ? { certificates } : {}),
    emailVerified: saml.emailVerified === true,
  };
  const fromMetadata = filled(kept.metadataXml) || filled(kept.metadataUrl);
  // The server replaces the entityID with the metadata's: a placeholder only stands in until then.
  return { clientId: settings.clientId || (fromMetadata ? 'metadata' : ''), saml: kept };
}

const EMPTY: Partial<Values> = { kind: 'OIDC', enabled: true, linkRule: 'EMAIL', askBind: true, jit: false, providerMfa: false, sortOrder: 0, settings: { clientId: '', scopes: 'openid profile email' } };

/**
 * One provider's settings: its kind's connection (OpenID Connect discovery, or a preset's app
 * id and secret), how a first sign-in finds or makes an account, and where the button shows.
 */
export function UpstreamProviderForm({ editing, open, saving, onCancel, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) as UpstreamKind | undefined;
  const code = Form.useWatch('code', form) as string | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { ...editing, appIds: editing.appIds ?? [] } : EMPTY);
  }, [editing, form, open]);

  async function submit(values: Values) {
    const settings = values.kind === 'SAML'
      ? samlSettings(values.settings)
      : Object.fromEntries(Object.entries(values.settings).filter(([k, v]) => filled(v) && k !== 'saml')) as UpstreamSaveBody['settings'];
    await onSave({ ...values, settings, clientSecret: values.clientSecret || undefined, appIds: values.appIds?.length ? values.appIds : null });
  }

  const required = (field: string) => [{ required: true, whitespace: true, message: t('wb.common.required', { field }) }];
  return (
    <Modal open={open} title={editing ? t('wb.upstream.edit', { name: editing.name }) : t('wb.upstream.create')} onCancel={onCancel} onOk={() => form.submit()} confirmLoading={saving} okText={t('wb.upstream.save')} destroyOnHidden width={640}>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="upstream-form">
        <Form.Item name="code" label={t('wb.upstream.code')} extra={t('wb.upstream.codeHelp')} rules={[...required(t('wb.upstream.code')), { pattern: /^[a-z0-9][a-z0-9_-]*$/, message: t('wb.upstream.codeHelp') }]}>
          <Input maxLength={40} disabled={!!editing} data-testid="upstream-code" />
        </Form.Item>
        <Form.Item name="name" label={t('wb.upstream.name')} rules={required(t('wb.upstream.name'))}>
          <Input maxLength={100} data-testid="upstream-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('wb.upstream.kind')}>
          <Select options={UPSTREAM_KINDS.map((k) => ({ value: k, label: t(`wb.upstream.kinds.${k}`) }))} data-testid="upstream-kind" />
        </Form.Item>
        {kind === 'OIDC' ? (
          <Form.Item name={['settings', 'discoveryUrl']} label={t('wb.upstream.discoveryUrl')} extra={t('wb.upstream.discoveryHelp')} rules={required(t('wb.upstream.discoveryUrl'))}>
            <Input maxLength={500} placeholder="https://idp.example.com/.well-known/openid-configuration" data-testid="upstream-discovery" />
          </Form.Item>
        ) : null}
        <Form.Item
          name={['settings', 'clientId']} label={t(`wb.upstream.clientIdOf.${kind ?? 'OIDC'}`)}
          extra={kind === 'SAML' ? t('wb.upstream.saml.entityIdHelp') : undefined} rules={kind === 'SAML' ? [] : required(t(`wb.upstream.clientIdOf.${kind ?? 'OIDC'}`))}
        >
          <Input maxLength={200} data-testid="upstream-client-id" />
        </Form.Item>
        {kind === 'SAML' ? <SamlUpstreamFields code={code} /> : null}
        {kind === 'SAML' ? null : <Form.Item name="clientSecret" label={t('wb.upstream.secret')} extra={editing?.hasSecret ? t('wb.upstream.secretKept') : undefined} rules={editing?.hasSecret ? [] : required(t('wb.upstream.secret'))}>
          <Input.Password maxLength={200} autoComplete="new-password" data-testid="upstream-secret" />
        </Form.Item>}
        {kind === 'WECOM' ? (
          <Form.Item name={['settings', 'agentId']} label={t('wb.upstream.agentId')} rules={required(t('wb.upstream.agentId'))}>
            <Input maxLength={40} />
          </Form.Item>
        ) : null}
        {kind === 'OIDC' || kind === 'DINGTALK' || kind === 'FEISHU' ? (
          <Form.Item name={['settings', 'scopes']} label={t('wb.upstream.scopes')}>
            <Input maxLength={200} />
          </Form.Item>
        ) : null}
        {kind === 'OIDC' ? (
          <Form.Item label={t('wb.upstream.claims')} extra={t('wb.upstream.claimsHelp')}>
            {(['subject', 'name', 'email', 'emailVerified', 'phone', 'phoneVerified', 'account'] as const).map((claim) => (
              <Form.Item key={claim} name={['settings', 'claims', claim]} noStyle>
                <Input addonBefore={t(`wb.upstream.claim.${claim}`)} maxLength={80} style={{ marginBottom: 4 }} />
              </Form.Item>
            ))}
          </Form.Item>
        ) : kind === 'SAML' ? null : (
          <Form.Item name={['settings', 'apiBase']} label={t('wb.upstream.apiBase')} extra={t('wb.upstream.apiBaseHelp')}>
            <Input maxLength={500} />
          </Form.Item>
        )}
        <Form.Item name="linkRule" label={t('wb.upstream.linkRule')} extra={t('wb.upstream.linkRuleHelp')}>
          <Select options={(['EMAIL', 'PHONE', 'ACCOUNT'] as const).map((r) => ({ value: r, label: t(`wb.upstream.linkRules.${r}`) }))} data-testid="upstream-link-rule" />
        </Form.Item>
        <Form.Item name="askBind" valuePropName="checked">
          <Checkbox data-testid="upstream-ask-bind">{t('wb.upstream.askBind')}</Checkbox>
        </Form.Item>
        <Form.Item name="jit" valuePropName="checked">
          <Checkbox data-testid="upstream-jit">{t('wb.upstream.jit')}</Checkbox>
        </Form.Item>
        <Form.Item name="providerMfa" valuePropName="checked" extra={t(kind === 'SAML' ? 'wb.upstream.saml.mfaHelp' : 'wb.upstream.mfaHelp')}>
          <Checkbox>{t('wb.upstream.mfa')}</Checkbox>
        </Form.Item>
        <Form.Item name="appIds" label={t('wb.upstream.apps')} extra={t('wb.upstream.appsHelp')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} placeholder={t('wb.upstream.allApps')} />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('wb.upstream.sortOrder')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('wb.upstream.enabled')} valuePropName="checked">
          <Switch data-testid="upstream-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
