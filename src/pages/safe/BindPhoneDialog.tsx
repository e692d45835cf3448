import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codes';
import { LIMITS } from '../../../contract/rules';
import { errorCode } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { FormAlert } from '../account-flow/FormAlert';
import { useGuardedSend } from '../account-flow/useGuardedSend';
import { BIND_SEND_REFUSALS, phoneApi } from './api';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { codeField, mobileField } from './rules';

interface Values {
  mobileNo: string;
  code: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}

function BindPhoneForm({ onBound }: { onBound: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [sent, setSent] = useState<{ mobileNo: string; msgCodeKey: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sms = useGuardedSend((failure) => {
    const code = errorCode(failure);
    // What is wrong with the number typed is said under it; budgets and the gateway concern any number.
    if (codeIn(CODE_GROUPS.numberRefusals, code)) form.setFields([{ name: 'mobileNo', errors: [(failure as Error).message] }]);
    else if (codeIn(BIND_SEND_REFUSALS, code)) setRefusal((failure as Error).message);
  });

  function send(mobileNo: string): Promise<boolean> {
    setRefusal(null);
    return sms.send(async (captcha) => {
      const { msgCodeKey } = await phoneApi.bindSend(mobileNo, captcha);
      setSent({ mobileNo, msgCodeKey });
      feedback.success(t('safe.messages.codeSent'));
    });
  }

  async function save({ mobileNo, code }: Values) {
    // The code belongs to the number it was sent to.
    if (!sent || sent.mobileNo !== mobileNo) {
      feedback.warning(t('safe.messages.getCodeFirst'));
      return;
    }
    setSaving(true);
    try {
      await phoneApi.bindSave(mobileNo, sent.msgCodeKey, code);
      feedback.success(t('safe.messages.phoneBound'));
      onBound();
    } catch (failure) {
      if (errorCode(failure) === CODE.codeWrong) form.setFields([{ name: 'code', errors: [t('safe.messages.codeWrong')] }]);
    } finally {
      setSaving(false);
    }
  }

  const help = (
    <Tooltip title={t('safe.bind.noCodeHelp', { seconds: LIMITS.resendSeconds })}>
      <Button type="link" size="small" icon={<QuestionCircleOutlined />} style={{ paddingInline: 0 }} data-testid="no-code-help">
        {t('safe.bind.noCode')}
      </Button>
    </Tooltip>
  );

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void save(values)} data-testid="bind-phone-form">
      <PhoneCodeFields phone={mobileField(t, t('safe.fields.mobileNo'))} code={{ ...codeField(t), extra: help }} onSend={send} />
      <FormAlert message={refusal} onClose={() => setRefusal(null)} />
      <Button type="primary" htmlType="submit" block loading={saving} data-testid="bind-submit">
        {t('safe.bind.submit')}
      </Button>
      <CaptchaPopup {...sms.popup} />
    </Form>
  );
}

/** Binds a first phone: a code sent to the number proves it is the user's. */
export function BindPhoneDialog({ open, onClose, onBound }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('safe.bind.title')} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false}>
      <BindPhoneForm
        onBound={() => {
          onClose();
          onBound();
        }}
      />
    </Modal>
  );
}
