import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../providers/feedback';
import { copyText } from './resetPassword';

/** The generated password, shown once, with a copy button. */
export function GeneratedPassword({ password }: { password: string }) {
  const { t } = useTranslation();

  async function copy() {
    if (await copyText(password)) feedback.success(t('mailboxes.reset.copied'));
    else feedback.error(t('mailboxes.reset.copyFailed'));
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
