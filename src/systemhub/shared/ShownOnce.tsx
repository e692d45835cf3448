import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../shared/providers/feedback';

async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

interface Props {
  /** The secret to show; the dialog is open while there is one. */
  secret: string | null;
  title: ReactNode;
  /** What the secret is for, above it. */
  description?: ReactNode;
  onClose: () => void;
  testId: string;
}

/**
 * A secret the server made and will never show again (a generated password, a client secret, a
 * SCIM token): in a dialog with a copy button, gone once closed. Nothing keeps it afterwards.
 */
export function ShownOnce({ secret, title, description, onClose, testId }: Props) {
  const { t } = useTranslation();
  async function copy() {
    if (secret && (await copyText(secret))) feedback.success(t('wb.common.copied'));
    else feedback.error(t('wb.common.copyFailed'));
  }
  return (
    <Modal open={secret !== null} title={title} onCancel={onClose} destroyOnHidden maskClosable={false} footer={<Button type="primary" onClick={onClose}>{t('wb.common.close')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }} data-testid={testId}>
        {description}
        <Alert type="warning" showIcon message={t('wb.common.shownOnce')} />
        <Space wrap>
          <Typography.Text code style={{ fontSize: 16, wordBreak: 'break-all' }} data-testid={`${testId}-value`}>
            {secret}
          </Typography.Text>
          <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={`${testId}-copy`}>
            {t('wb.common.copy')}
          </Button>
        </Space>
      </Space>
    </Modal>
  );
}
