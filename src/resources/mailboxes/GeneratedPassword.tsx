import { CopyOutlined } from '@ant-design/icons';
import { useNotification } from '@refinedev/core';
import { Alert, Button, Space, Typography } from 'antd';
import { copyText } from './resetPassword';
import { useTranslation } from 'react-i18next';

/** The generated password, shown once, with a copy button. */
export function GeneratedPassword({ password }: { password: string }) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();

  async function copy() {
    const copied = await copyText(password);
    notify?.({ type: copied ? 'success' : 'error', message: t(copied ? 'mailboxes.reset.copied' : 'mailboxes.reset.copyFailed') });
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="generated-result">
      <Alert type="success" showIcon message={t('mailboxes.reset.generated')} description={t('mailboxes.reset.onlyOnce')} />
      <Space wrap>
        <Typography.Text code copyable={false} style={{ fontSize: 16 }} data-testid="generated-password">
          {password}
        </Typography.Text>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="copy-password">
          {t('mailboxes.reset.copy')}
        </Button>
      </Space>
    </Space>
  );
}
