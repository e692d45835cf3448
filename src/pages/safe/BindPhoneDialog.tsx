import { QuestionCircleOutlined } from '@ant-design/icons';

import { Button, Form, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { CODE } from '../../../contract/codeNames';
import { securityEndpoints } from '../../../contract/endpoints/security';
import { LIMITS } from '../../../contract/rules';
import { PhoneCodeFields } from '../../shared/components/PhoneCodeFields';
import { explainedCodes, showOnField, type FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { useFormSave } from '../account-flow/useFormSave';
import { useGuardedSend } from '../account-flow/useGuardedSend';
import { codeWrongField, NUMBER_SEND_FIELDS } from './api';
import { codeField, mobileField } from './rules';
import { useTranslation } from 'react-i18next';

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
  const sendCode = useEndpointMutation(securityEndpoints.bindMobileSend, { quiet: [CODE.codeWrong, ...explainedCodes(NUMBER_SEND_FIELDS)], success: t('safe.messages.codeSent') });
  const saveFields: FieldRefusals = [...codeWrongField(t('safe.messages.codeWrong')), [[CODE.mobileBoundElsewhere], 'mobileNo']];
  const save = useFormSave(securityEndpoints.bindMobileSave, form, saveFields, { success: t('safe.messages.phoneBound') });
  const sms = useGuardedSend((failure) => void showOnField(form, NUMBER_SEND_FIELDS, failure));

  function send(mobileNo: string): Promise<boolean> {
    return sms.send(async (captcha) => {
      const { msgCodeKey } = await sendCode.submit({ mobileNo, ...captcha });
      setSent({ mobileNo, msgCodeKey });
    });
  }

  function submit({ mobileNo, code }: Values) {
    // The code belongs to the number it was sent to.
    if (!sent || sent.mobileNo !== mobileNo) return form.setFields([{ name: 'code', errors: [t('safe.messages.getCodeFirst')] }]);
    void save.run({ mobileNo, msgCodeKey: sent.msgCodeKey, msgValueClient: code }, onBound);
  }

  const help = (
    <Tooltip title={t('safe.bind.noCodeHelp', { seconds: LIMITS.resendSeconds })}>
      <Button type="link" size="small" icon={<QuestionCircleOutlined />} style={{ paddingInline: 0 }} data-testid="no-code-help">
        {t('safe.bind.noCode')}
      </Button>
    </Tooltip>
  );

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="bind-phone-form">
      <PhoneCodeFields phone={mobileField(t, t('safe.fields.mobileNo'))} code={{ ...codeField(t), extra: help }} onSend={send} />
      <Button type="primary" htmlType="submit" block loading={save.saving} data-testid="bind-submit">
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
