import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAML_METADATA_MAX_CHARS, type SamlParsedMetadata } from '../../../../contract/schemas/admin/appsSignOn';
import { feedback } from '../../../shared/providers/feedback';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';

/** An SP's metadata pasted or chosen as a file, read by the server into the fields it gives (nothing saved yet). */
export function SamlImport({ onParsed }: { onParsed: (parsed: SamlParsedMetadata, xml: string) => void }) {
  const { t } = useTranslation();
  const [xml, setXml] = useState('');
  const [skipped, setSkipped] = useState<string[]>([]);
  const parse = useEndpointMutation(ENDPOINTS.apps.actions.samlParseMetadata);
  const read = async () => {
    const parsed = await parse.submit({ xml });
    setSkipped(parsed.skipped);
    onParsed(parsed, xml);
    feedback.success(t('wb.signon.saml.readDone'));
  };
  return (
    <Card size="small" title={t('wb.signon.saml.importTitle')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('wb.signon.saml.importHint')}</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.TextArea
          rows={5}
          value={xml}
          maxLength={SAML_METADATA_MAX_CHARS}
          onChange={(event) => setXml(event.target.value)}
          placeholder={t('wb.signon.saml.xmlPlaceholder')}
          aria-label={t('wb.signon.saml.xmlLabel')}
          style={{ fontFamily: 'monospace' }}
          data-testid="saml-metadata-xml"
        />
        <Space wrap>
          <Upload
            accept=".xml,application/xml,text/xml"
            showUploadList={false}
            beforeUpload={async (file) => {
              if (file.size > SAML_METADATA_MAX_CHARS) feedback.error(t('wb.signon.saml.fileTooLarge'));
              else setXml(await file.text());
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('wb.signon.saml.upload')}</Button>
          </Upload>
          <Button type="primary" icon={<FileTextOutlined />} disabled={!xml.trim()} loading={parse.isPending} onClick={read} data-testid="saml-metadata-read">
            {t('wb.signon.saml.read')}
          </Button>
        </Space>
        {skipped.length > 0 && (
          <Alert type="info" showIcon message={t('wb.signon.saml.skipped')} description={skipped.map((s) => <div key={s}>{s}</div>)} />
        )}
      </Space>
    </Card>
  );
}
