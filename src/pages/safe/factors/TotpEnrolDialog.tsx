import { Modal } from 'antd';
import type { TotpEnrolment } from '../../../../contract/schemas/factors';
import { TotpSetup } from '../../../shared/components/factors/TotpSetup';
import { useTranslation } from 'react-i18next';

interface Props {
  enrolment: TotpEnrolment | null;
  busy: boolean;
  onConfirm: (code: string) => Promise<string | null>;
  onClose: () => void;
}

/** Setting up the authenticator app from /safe, in a dialog. */
export function TotpEnrolDialog({ enrolment, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={!!enrolment} title={t('factors.totp.enrolTitle')} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false} data-testid="totp-enrol-dialog">
      {enrolment ? <TotpSetup enrolment={enrolment} busy={busy} onConfirm={onConfirm} /> : null}
    </Modal>
  );
}
