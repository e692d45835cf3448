import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SamlCertificate } from '../../../../contract/schemas/admin/appsSignOn';
import { formatTimeOrBlank } from '../../../shared/format';

/** A certificate in the form: as stored or read from metadata (described), or pasted (described by the server once saved). */
export interface CertItem { value: string; info: SamlCertificate | null }
export const certItemOf = (info: SamlCertificate): CertItem => ({ value: info.der, info });

interface Props {
  id?: string;
  value?: CertItem[];
  onChange?: (value: CertItem[]) => void;
  max: number;
  testId: string;
}

/** A list of certificates shown by subject, expiry and fingerprint; one pasted as PEM is added, any removed. */
export function SamlCertificates({ id, value = [], onChange, max, testId }: Props) {
  const { t } = useTranslation();
  const [pasted, setPasted] = useState('');
  // When the list was first shown: an expiry judged once, not at every render.
  const [now] = useState(() => Date.now());
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={testId}>
      <List
        size="small"
        bordered
        dataSource={value}
        locale={{ emptyText: t('wb.signon.saml.certNone') }}
        renderItem={(cert, index) => (
          <List.Item
            actions={[<Button key="remove" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('wb.signon.remove')} onClick={() => onChange?.(value.filter((_, i) => i !== index))} />]}
          >
            {cert.info ? (
              <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                <Typography.Text strong>{cert.info.subject}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('wb.signon.saml.certNotAfter')}: {formatTimeOrBlank(cert.info.notAfter)}{' '}
                  {new Date(cert.info.notAfter).getTime() < now && <Tag color="red">{t('wb.signon.saml.certExpired')}</Tag>}
                </Typography.Text>
                <Typography.Text type="secondary" copyable={{ text: cert.info.fingerprint }} style={{ wordBreak: 'break-all' }}>
                  {t('wb.signon.saml.certFingerprint')}: {cert.info.fingerprint}
                </Typography.Text>
              </Space>
            ) : (
              <Typography.Text>{t('wb.signon.saml.certNew')}</Typography.Text>
            )}
          </List.Item>
        )}
      />
      {value.length < max && (
        <Space.Compact style={{ width: '100%' }}>
          <Input.TextArea
            id={id}
            rows={2}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            placeholder={t('wb.signon.saml.certPaste')}
            aria-label={t('wb.signon.saml.certPaste')}
          />
          <Button
            icon={<PlusOutlined />}
            disabled={!pasted.trim()}
            onClick={() => {
              onChange?.([...value, { value: pasted.trim(), info: null }]);
              setPasted('');
            }}
          >
            {t('wb.signon.saml.certAdd')}
          </Button>
        </Space.Compact>
      )}
    </Space>
  );
}
