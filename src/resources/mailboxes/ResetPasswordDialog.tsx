import { useNotification } from '@refinedev/core';
import { Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicMailbox } from '../../../contract/schemas/groups';
import { GeneratedPassword } from './GeneratedPassword';
import { ResetPasswordForm } from './ResetPasswordForm';

interface Props {
  /** The mailbox whose password is reset; null when closed. */
  mailbox: PublicMailbox | null;
  onClose: () => void;
}

/** Reset a public mailbox's password; a generated one is shown here once, then forgotten. */
export function ResetPasswordDialog({ mailbox, onClose }: Props) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const [generated, setGenerated] = useState<string | null>(null);

  function done(password: string | null) {
    if (password) {
      setGenerated(password);
      return;
    }
    notify?.({ type: 'success', message: t('mailboxes.reset.done') });
    onClose();
  }

  return (
    <Modal
      open={mailbox !== null}
      title={t('mailboxes.reset.title', { name: mailbox?.userName ?? '' })}
      onCancel={onClose}
      footer={null}
      maskClosable={!generated}
      destroyOnHidden
      afterClose={() => setGenerated(null)}
    >
      {generated ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <GeneratedPassword password={generated} />
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button type="primary" onClick={onClose} data-testid="reset-close">
              {t('common.actions.close')}
            </Button>
          </Space>
        </Space>
      ) : mailbox ? (
        <ResetPasswordForm userId={mailbox.userId} onDone={done} onCancel={onClose} />
      ) : null}
    </Modal>
  );
}
