import { Modal } from 'antd';
import { PasskeyNameForm } from '../../../shared/components/factors/PasskeyNameForm';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  busy: boolean;
  onCreate: (name: string) => void;
  onClose: () => void;
}

/** Adding a passkey from /safe, in a dialog. */
export function AddPasskeyDialog({ open, busy, onCreate, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('factors.passkeys.addTitle')} footer={null} onCancel={onClose} destroyOnHidden data-testid="add-passkey-dialog">
      <PasskeyNameForm busy={busy} onCreate={onCreate} />
    </Modal>
  );
}
