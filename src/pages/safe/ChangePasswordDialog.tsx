import { useNotification } from '@refinedev/core';
import { Modal, Tabs } from 'antd';
import { OldPasswordForm } from './OldPasswordForm';
import { SmsPasswordForm } from './SmsPasswordForm';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** Change password: by SMS code or by the current password. Other sessions end on success. */
export function ChangePasswordDialog({ open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  function changed() {
    notify?.({ type: 'success', message: t('safe.messages.passwordChanged') });
    onClose();
    onChanged();
  }
  return (
    <Modal open={open} title={t('safe.password.title')} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'sms', label: t('safe.password.bySms'), children: <SmsPasswordForm onChanged={changed} /> },
          { key: 'old', label: t('safe.password.byOld'), children: <OldPasswordForm onChanged={changed} /> },
        ]}
      />
    </Modal>
  );
}
