import { Checkbox, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where the portal answers as a service provider (server/broker/service.ts): the administrator registers these at the provider. */
const spUrls = (code: string | undefined) => {
  const base = `${window.location.origin}/idaas/auth/v1/upstream/saml`;
  return { entityId: `${base}/${code || '<code>'}`, acs: `${base}/acs` };
};

/**
 * A SAML provider's connection: its metadata (pasted, or its URL) or the sign-in address and
 * certificate typed by hand, which attribute carries what, and whether its emails count as verified.
 */
export function SamlUpstreamFields({ code }: { code: string | undefined }) {
  const { t } = useTranslation();
  const sp = spUrls(code);
  return (
    <>
      <Form.Item label={t('wb.upstream.saml.sp')}>
        <Typography.Text copyable={{ text: sp.entityId }}>{t('wb.upstream.saml.spEntityId')}: {sp.entityId}</Typography.Text>
        <br />
        <Typography.Text copyable={{ text: sp.acs }}>{t('wb.upstream.saml.spAcs')}: {sp.acs}</Typography.Text>
      </Form.Item>
      <Form.Item name={['settings', 'saml', 'metadataXml']} label={t('wb.upstream.saml.metadataXml')} extra={t('wb.upstream.saml.metadataHelp')}>
        <Input.TextArea rows={4} maxLength={256 * 1024} spellCheck={false} data-testid="upstream-saml-metadata" />
      </Form.Item>
      <Form.Item name={['settings', 'saml', 'metadataUrl']} label={t('wb.upstream.saml.metadataUrl')}>
        <Input maxLength={500} placeholder="https://idp.example.com/saml/metadata" />
      </Form.Item>
      <Form.Item name={['settings', 'saml', 'ssoUrl']} label={t('wb.upstream.saml.ssoUrl')} extra={t('wb.upstream.saml.entityIdHelp')}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name={['settings', 'saml', 'certificates', 0]} label={t('wb.upstream.saml.certificate')} extra={t('wb.upstream.saml.entityIdHelp')}>
        <Input.TextArea rows={3} maxLength={16 * 1024} spellCheck={false} />
      </Form.Item>
      <Form.Item label={t('wb.upstream.saml.attributes')} extra={t('wb.upstream.saml.attributesHelp')}>
        {(['name', 'email', 'phone', 'account'] as const).map((attribute) => (
          <Form.Item key={attribute} name={['settings', 'saml', 'attributes', attribute]} noStyle>
            <Input addonBefore={t(`wb.upstream.saml.attribute.${attribute}`)} maxLength={80} style={{ marginBottom: 4 }} />
          </Form.Item>
        ))}
      </Form.Item>
      <Form.Item name={['settings', 'saml', 'emailVerified']} valuePropName="checked" extra={t('wb.upstream.saml.emailVerifiedHelp')}>
        <Checkbox data-testid="upstream-saml-email-verified">{t('wb.upstream.saml.emailVerified')}</Checkbox>
      </Form.Item>
    </>
  );
}
