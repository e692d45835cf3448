import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Form, Input, InputNumber, Popconfirm, Radio, Row, Select, Spin, Switch, Tag, Typography, type FormInstance, type FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/rules';
import { oidcUriProblem, type AdminApp } from '../../../../contract/schemas/admin/apps';
import {
  ENTITY_ID_PATTERN, SAML_ATTRIBUTE_SOURCES, SAML_NAME_ID_FORMATS, SAML_SLO_BINDINGS,
  type SamlAcs, type SamlAttribute, type SamlIdp, type SamlParsedMetadata, type SamlSp,
} from '../../../../contract/schemas/admin/appsSignOn';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { feedback } from '../../../shared/providers/feedback';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { SamlCertificates, certItemOf, type CertItem } from './SamlCertificates';
import { SamlImport } from './SamlImport';
import { SamlSigningKeys } from './SamlSigningKeys';

interface Values {
  entityId: string;
  acsUrls: SamlAcs[];
  sloUrl: string | null;
  sloBinding: SamlSp['sloBinding'];
  nameIdFormat: SamlSp['nameIdFormat'];
  attributes: SamlAttribute[];
  requestsSigned: boolean;
  signingCerts: CertItem[];
  encryptionCert: CertItem[];
  /** The metadata the settings were imported from (kept with them), or null when entered by hand. */
  metadataXml: string | null;
}

const EMPTY: Values = {
  entityId: '', acsUrls: [{ url: '', index: 0, isDefault: true }], sloUrl: null, sloBinding: null, nameIdFormat: 'persistent',
  attributes: [], requestsSigned: false, signingCerts: [], encryptionCert: [], metadataXml: null,
};

const valuesOf = (sp: SamlSp): Values => ({
  entityId: sp.entityId, acsUrls: sp.acsUrls, sloUrl: sp.sloUrl, sloBinding: sp.sloBinding, nameIdFormat: sp.nameIdFormat, attributes: sp.attributes,
  requestsSigned: sp.requestsSigned, signingCerts: sp.signingCerts.map(certItemOf), encryptionCert: sp.encryptionCert ? [certItemOf(sp.encryptionCert)] : [],
  metadataXml: sp.metadataXml,
});

/** What the service provider is configured with: the portal's IdP entity ID, SSO and SLO addresses and its metadata. */
function IdpInfo({ idp }: { idp: SamlIdp }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('wb.signon.saml.idpTitle')}
      extra={<Button icon={<DownloadOutlined />} href={idp.metadataUrl} download="idp-metadata.xml" data-testid="saml-idp-metadata">{t('wb.signon.saml.downloadMetadata')}</Button>}
    >
      <Descriptions column={1} size="small" bordered data-testid="saml-idp">
        <Descriptions.Item label={t('wb.signon.saml.idpEntityId')}><Typography.Text copyable>{idp.entityId}</Typography.Text></Descriptions.Item>
        <Descriptions.Item label={t('wb.signon.saml.ssoUrl')}><Typography.Text copyable>{idp.ssoUrl}</Typography.Text></Descriptions.Item>
        <Descriptions.Item label={t('wb.signon.saml.idpSloUrl')}><Typography.Text copyable>{idp.sloUrl}</Typography.Text></Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The consumer services: URL, index, and one default (choosing one clears the others). */
function AcsList({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation();
  const { uriRule } = useUriRules();
  const listRule = {
    validator: async (_rule: unknown, value: unknown) => {
      const list = (Array.isArray(value) ? value : []) as SamlAcs[];
      if (!list.length) throw new Error(t('wb.signon.saml.acsRequired'));
      if (list.filter((a) => a?.isDefault).length !== 1) throw new Error(t('wb.signon.saml.acsDefaultRule'));
      if (new Set(list.map((a) => a?.index)).size !== list.length) throw new Error(t('wb.signon.saml.duplicateIndex'));
    },
  };
  const makeDefault = (name: number) => {
    const list = (form.getFieldValue('acsUrls') as SamlAcs[]) ?? [];
    form.setFieldValue('acsUrls', list.map((a, i) => ({ ...a, isDefault: i === name })));
  };
  return (
    <Form.List name="acsUrls" rules={[listRule]}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field) => (
            <Row key={field.key} gutter={8} wrap data-testid="saml-acs-row">
              <Col xs={24} md={14}>
                <Form.Item name={[field.name, 'url']} label={t('wb.signon.saml.acsUrl')} rules={[{ required: true, message: t('wb.signon.saml.acsRequired') }, uriRule]}>
                  <Input maxLength={LIMITS.urlMax} placeholder="https://sp.example.com/acs" data-testid="saml-acs-url" />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item name={[field.name, 'index']} label={t('wb.signon.saml.acsIndex')} rules={[{ required: true, message: t('wb.signon.saml.acsIndex') }]}>
                  <InputNumber min={0} max={65535} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={10} md={4}>
                <Form.Item name={[field.name, 'isDefault']} label={t('wb.signon.saml.acsDefault')} valuePropName="checked">
                  <Radio onChange={() => makeDefault(field.name)} aria-label={t('wb.signon.saml.acsDefault')} />
                </Form.Item>
              </Col>
              <Col xs={6} md={2}>
                <Form.Item label=" ">
                  <Button icon={<DeleteOutlined />} aria-label={t('wb.signon.remove')} disabled={fields.length === 1} onClick={() => remove(field.name)} />
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            block
            onClick={() => {
              const list = (form.getFieldValue('acsUrls') as SamlAcs[]) ?? [];
              add({ url: '', index: Math.max(-1, ...list.map((a) => a?.index ?? 0)) + 1, isDefault: !list.length });
            }}
          >
            {t('wb.signon.saml.acsAdd')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

function AttributeList() {
  const { t } = useTranslation();
  return (
    <Form.List name="attributes">
      {(fields, { add, remove }) => (
        <>
          {!fields.length && <Typography.Paragraph type="secondary">{t('wb.signon.saml.attributesNone')}</Typography.Paragraph>}
          {fields.map((field) => (
            <Row key={field.key} gutter={8} wrap data-testid="saml-attribute-row">
              <Col xs={24} md={7}>
                <Form.Item name={[field.name, 'source']} label={t('wb.signon.saml.source')}>
                  <Select options={SAML_ATTRIBUTE_SOURCES.map((s) => ({ value: s, label: t(`wb.signon.saml.sourceOf.${s}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={[field.name, 'name']} label={t('wb.signon.saml.attrName')} rules={[{ required: true, pattern: /^\S+$/, message: t('wb.signon.saml.attrNameRule') }]}>
                  <Input maxLength={256} />
                </Form.Item>
              </Col>
              <Col xs={18} md={7}>
                <Form.Item name={[field.name, 'friendlyName']} label={t('wb.signon.saml.friendlyName')}>
                  <Input maxLength={256} />
                </Form.Item>
              </Col>
              <Col xs={6} md={2}>
                <Form.Item label=" ">
                  <Button icon={<DeleteOutlined />} aria-label={t('wb.signon.remove')} onClick={() => remove(field.name)} />
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} block onClick={() => add({ source: 'email', name: '', friendlyName: null })} data-testid="saml-attribute-add">
            {t('wb.signon.saml.attrAdd')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

function useUriRules() {
  const { t } = useTranslation();
  const uriRule: FormRule = {
    validator: async (_rule, value: unknown) => {
      const uri = typeof value === 'string' ? value.trim() : '';
      const problem = uri ? oidcUriProblem(uri) : null;
      if (problem) throw new Error(t(`wb.apps.oidc.uriRule.${problem}`, { uri }));
    },
  };
  return { uriRule };
}

/** An application's SAML service provider: imported from metadata or entered by hand, reviewed, saved. */
export function SamlPanel({ app }: { app: AdminApp }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { uriRule } = useUriRules();
  const saml = useEndpointQuery(ENDPOINTS.apps.actions.samlGet, { id: app.id });
  const save = useEndpointMutation(ENDPOINTS.apps.actions.samlSave, { refresh: ['apps'] });
  const remove = useEndpointMutation(ENDPOINTS.apps.actions.samlRemove, { refresh: ['apps'] });
  const metadataXml = Form.useWatch('metadataXml', form) as string | null | undefined;
  const loaded = saml.data;
  useEffect(() => {
    if (loaded) form.setFieldsValue(loaded.sp ? valuesOf(loaded.sp) : EMPTY);
  }, [form, loaded]);

  if (saml.isError) return <LoadFailed error={saml.error} onRetry={saml.refetch} />;
  if (!loaded) return <Spin style={{ display: 'block', margin: '24px auto' }} />;

  const imported = (parsed: SamlParsedMetadata, xml: string) => {
    const current = form.getFieldsValue();
    form.setFieldsValue({
      entityId: parsed.entityId, acsUrls: parsed.acsUrls, sloUrl: parsed.sloUrl, sloBinding: parsed.sloBinding,
      nameIdFormat: parsed.nameIdFormat ?? current.nameIdFormat, requestsSigned: parsed.requestsSigned,
      signingCerts: parsed.signingCerts.map(certItemOf), encryptionCert: parsed.encryptionCert ? [certItemOf(parsed.encryptionCert)] : [],
      metadataXml: xml,
    });
    void form.validateFields().catch(() => undefined);
  };
  const submit = async (values: Values) => {
    const sloUrl = values.sloUrl?.trim() || null;
    await save.submit({
      id: app.id, entityId: values.entityId.trim(), acsUrls: values.acsUrls.map((a) => ({ ...a, url: a.url.trim() })),
      sloUrl, sloBinding: sloUrl ? values.sloBinding : null, nameIdFormat: values.nameIdFormat,
      attributes: (values.attributes ?? []).map((a) => ({ source: a.source, name: a.name.trim(), friendlyName: a.friendlyName?.trim() || null })),
      requestsSigned: values.requestsSigned, signingCerts: values.signingCerts.map((c) => c.value),
      encryptionCert: values.encryptionCert[0]?.value ?? null, metadataXml: values.metadataXml ?? null,
    });
    feedback.success(t('wb.signon.saved'));
    void saml.refetch();
  };
  const replacing = app.protocol === 'cas';
  const saveButton = (
    <Button type="primary" htmlType={replacing ? 'button' : 'submit'} loading={save.isPending} data-testid="saml-save">
      {t('wb.signon.save')}
    </Button>
  );
  const sloBindingRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if ((getFieldValue('sloUrl') as string | null)?.trim() && !value) throw new Error(t('wb.signon.saml.sloBindingRule'));
    },
  });
  const signedNeedsCert: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (getFieldValue('requestsSigned') && !(Array.isArray(value) && value.length)) throw new Error(t('wb.signon.saml.signedNeedsCert'));
    },
  });

  return (
    <>
      <IdpInfo idp={loaded.idp} />
      <SamlSigningKeys />
      <SamlImport onParsed={imported} />
      <Card
        size="small"
        title={<>{t('wb.signon.saml.settingsTitle')} {metadataXml && <Tag color="blue">{t('wb.signon.saml.imported')}</Tag>}</>}
        style={{ marginTop: 16 }}
      >
        {replacing && <Alert type="warning" showIcon message={t('wb.signon.replacesCas')} style={{ marginBottom: 12 }} />}
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={EMPTY} data-testid="saml-form">
          <Form.Item name="metadataXml" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="entityId" label={t('wb.signon.saml.entityId')} rules={[{ required: true, pattern: ENTITY_ID_PATTERN, message: t('wb.signon.saml.entityIdRule') }]}>
            <Input maxLength={LIMITS.urlMax} placeholder="https://sp.example.com/metadata" data-testid="saml-entity-id" />
          </Form.Item>
          <Typography.Text strong>{t('wb.signon.saml.acsUrls')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('wb.signon.saml.acsHint')}</Typography.Paragraph>
          <AcsList form={form} />
          <Row gutter={16} style={{ marginTop: 16 }}>
            <Col xs={24} md={14}>
              <Form.Item name="sloUrl" label={t('wb.signon.saml.sloUrl')} rules={[uriRule]}>
                <Input maxLength={LIMITS.urlMax} allowClear placeholder="https://sp.example.com/slo" data-testid="saml-slo-url" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="sloBinding" label={t('wb.signon.saml.sloBinding')} dependencies={['sloUrl']} rules={[sloBindingRule]}>
                <Select allowClear options={SAML_SLO_BINDINGS.map((b) => ({ value: b, label: t(`wb.signon.saml.binding.${b}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={14}>
              <Form.Item name="nameIdFormat" label={t('wb.signon.saml.nameIdFormat')}>
                <Select options={SAML_NAME_ID_FORMATS.map((f) => ({ value: f, label: t(`wb.signon.saml.nameId.${f}`) }))} data-testid="saml-nameid" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="requestsSigned" label={t('wb.signon.saml.requestsSigned')} valuePropName="checked" extra={t('wb.signon.saml.requestsSignedHint')}>
                <Switch data-testid="saml-requests-signed" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text strong>{t('wb.signon.saml.attributes')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('wb.signon.saml.attributesHint')}</Typography.Paragraph>
          <AttributeList />
          <Row gutter={16} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Form.Item name="signingCerts" label={t('wb.signon.saml.signingCerts')} dependencies={['requestsSigned']} rules={[signedNeedsCert]}>
                <SamlCertificates max={4} testId="saml-signing-certs" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="encryptionCert" label={t('wb.signon.saml.encryptionCert')} extra={t('wb.signon.saml.encryptionHint')}>
                <SamlCertificates max={1} testId="saml-encryption-cert" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={8}>
            <Col>
              {replacing ? (
                <Popconfirm title={t('wb.signon.replaceConfirm')} okButtonProps={{ danger: true }} onConfirm={() => form.submit()}>
                  {saveButton}
                </Popconfirm>
              ) : saveButton}
            </Col>
            {loaded.sp && (
              <Col>
                <Popconfirm
                  title={t('wb.signon.saml.removeConfirm')}
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    await remove.submit({ id: app.id });
                    feedback.success(t('wb.signon.removed'));
                    void saml.refetch();
                  }}
                >
                  <Button danger loading={remove.isPending} data-testid="saml-remove">{t('wb.signon.remove')}</Button>
                </Popconfirm>
              </Col>
            )}
          </Row>
        </Form>
      </Card>
    </>
  );
}
