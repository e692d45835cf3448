import { useNotification } from '@refinedev/core';
import { Alert, Button, Modal, Space } from 'antd';
import type { RecoveryCodes } from '../../../../contract/schemas/factors';
import { formatTime } from '../../../shared/format';
import { useTranslation } from 'react-i18next';

interface Props {
  codes: RecoveryCodes | null;
  account: string;
  onClose: () => void;
}

/** New recovery codes, shown this once: copy them, or download them as a text file. */
export function RecoveryCodesDialog({ codes, account, onClose }: Props) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const text = codes ? [t('factors.recovery.fileHeader', { account, time: formatTime(codes.createdAt) }), '', ...codes.codes, ''].join('\n') : '';

  async function copy() {
    await navigator.clipboard.writeText(text);
    notify?.({ type: 'success', message: t('factors.recovery.copied') });
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${account}.txt`;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Modal
      open={!!codes}
      title={t('factors.recovery.shownTitle')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={<Button type="primary" onClick={onClose} data-testid="recovery-done">{t('factors.recovery.done')}</Button>}
      data-testid="recovery-dialog"
    >
      <Alert type="warning" showIcon message={t('factors.recovery.shownOnce')} style={{ marginBottom: 16 }} />
      <ol aria-label={t('factors.recovery.listLabel')} style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, paddingInlineStart: 28 }} data-testid="recovery-codes">
        {codes?.codes.map((code) => <li key={code}>{code}</li>)}
      </ol>
      <Space wrap>
        <Button onClick={() => void copy()} data-testid="recovery-copy">{t('factors.recovery.copy')}</Button>
        <Button onClick={download} data-testid="recovery-download">{t('factors.recovery.download')}</Button>
      </Space>
    </Modal>
  );
}
