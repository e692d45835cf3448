import { Button, Modal, Space } from 'antd';
import { useState, type Ref } from 'react';
import { CODE, CODE_GROUPS } from '../../../contract/codeNames';
import type { PublicMailbox } from '../../../contract/schemas/groups';
import { sm2Client } from '../../shared/providers/sm2';
import { useActionDialog } from '../shared/useActionDialog';
import type { DialogHandle } from '../shared/useDialogForm';
import { GeneratedPassword } from './GeneratedPassword';
import { ResetPasswordForm, type ResetValues } from './ResetPasswordForm';
import { useTranslation } from 'react-i18next';

/** The form's choice, and what the server gets: the mailbox, and a typed (encrypted) password or none. */
type Values = ResetValues & { userId?: string; autoGen?: boolean };

/**
 * Reset a public mailbox's password (the mailboxes resource's resetPassword action): a typed one
 * closes the dialog with a toast, a policy refusal is said under it; a generated one is shown
 * here once, then forgotten when the dialog closes.
 */
export function ResetPasswordDialog({ ref }: { ref: Ref<DialogHandle<PublicMailbox>> }) {
  const { t } = useTranslation();
  const [generated, setGenerated] = useState<string | null>(null);
  const { modalProps, formProps, formLoading, close, save, row: mailbox } = useActionDialog<Values, PublicMailbox>(ref, {
    resource: 'mailboxes',
    action: 'resetPassword',
    submitTestId: 'reset-submit',
    fields: [[[...CODE_GROUPS.passwordPolicy, CODE.mailboxPasswordRequired], 'newPassword']],
    // A generated password stays on screen until the person closes it.
    autoSubmitClose: false,
    successNotification: (_data, values) => (values.autoGen ? false : { type: 'success', message: t('mailboxes.reset.done') }),
    onMutationSuccess: (data) => {
      if (typeof data === 'string' && data) setGenerated(data);
      else close();
    },
  });

  async function submit(values: ResetValues) {
    if (!mailbox) return;
    const { userId } = mailbox;
    save(values.mode === 'auto' ? { userId, autoGen: true } : { userId, autoGen: false, newPassword: await sm2Client.encrypt(values.newPassword ?? '') });
  }

  return (
    <Modal
      {...modalProps}
      title={t('mailboxes.reset.title', { name: mailbox?.userName ?? '' })}
      footer={null}
      maskClosable={!generated}
      afterClose={() => {
        modalProps.afterClose?.();
        setGenerated(null);
      }}
    >
      {generated ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <GeneratedPassword password={generated} />
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button type="primary" onClick={close} data-testid="reset-close">
              {t('common.actions.close')}
            </Button>
          </Space>
        </Space>
      ) : (
        <ResetPasswordForm formProps={formProps} saving={formLoading} onSubmit={(values) => void submit(values)} onCancel={close} />
      )}
    </Modal>
  );
}
