import { CheckCircleFilled } from '@ant-design/icons';

import { Alert, Button, Form, Modal, Result, Skeleton, Steps } from 'antd';
import { maskMobile } from '../../../contract/rules';
import { PhoneCodeFields } from '../../shared/components/PhoneCodeFields';
import { codeField, mobileField } from './rules';
import { useChangePhone } from './useChangePhone';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onClose: () => void;
  /** After Done: the page refreshes the score and the phone row. */
  onChanged: () => void;
}

function ChangePhoneFlow({ onFinish }: { onFinish: () => void }) {
  const { t } = useTranslation();
  const flow = useChangePhone();
  const { ticket, step } = flow;

  async function next() {
    try {
      if (await flow.next()) onFinish();
    } catch {
      // Field errors are on the form.
    }
  }

  let body;
  if (ticket.query.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (ticket.query.isError || !ticket.data) body = <Alert type="error" showIcon message={ticket.query.error?.message ?? t('safe.change.startFailed')} />;
  else if (step === 0) {
    body = (
      <Form key="old" form={flow.oldForm} layout="vertical" requiredMark={false} onFinish={() => void next()} data-testid="change-step-old">
        <PhoneCodeFields phone={{ label: t('safe.change.oldPhone'), testId: 'old-phone', masked: ticket.data.mobileNo }} code={codeField(t)} onSend={flow.sendOld} />
      </Form>
    );
  } else if (step === 1) {
    body = (
      // Keyed: a fresh form and send button (its own resend timer) for the new number.
      <Form key="new" form={flow.newForm} layout="vertical" requiredMark={false} onFinish={() => void next()} data-testid="change-step-new">
        <PhoneCodeFields phone={mobileField(t, t('safe.change.newPhone'))} code={codeField(t)} onSend={flow.sendNew} />
      </Form>
    );
  } else {
    body = (
      <div data-testid="change-done">
        <Result
          icon={<CheckCircleFilled style={{ color: '#52c41a' }} />}
          title={t('safe.messages.phoneChanged')}
          subTitle={t('safe.change.doneHint', { mobile: maskMobile(flow.newMobile) })}
        />
      </div>
    );
  }

  return (
    <>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: t('safe.change.steps.verify') }, { title: t('safe.change.steps.setNew') }, { title: t('safe.change.steps.done') }]}
      />
      {body}
      <div style={{ textAlign: 'right', marginTop: 16 }}>
        <Button type="primary" loading={flow.busy} disabled={!ticket.data} onClick={() => void next()} data-testid="change-next">
          {step === 2 ? t('safe.change.done') : t('safe.change.next')}
        </Button>
      </div>
    </>
  );
}

/** Change phone in three steps: verify the old phone, set the new one, done. */
export function ChangePhoneDialog({ open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  // Closing at any step also refreshes: the change may be complete when the user closes.
  function finish() {
    onClose();
    onChanged();
  }
  return (
    <Modal open={open} title={t('safe.change.title')} footer={null} onCancel={finish} destroyOnHidden maskClosable={false}>
      <ChangePhoneFlow onFinish={finish} />
    </Modal>
  );
}
