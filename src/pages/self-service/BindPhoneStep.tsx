import { Button, Form, Space } from 'antd';
import { useState } from 'react';
import { CODE } from '../../../contract/codeNames';
import { signInEndpoints as ep } from '../../../contract/endpoints/signIn';
import { PhoneScene } from '../../../contract/enums';
import { LIMITS } from '../../../contract/rules';
import { PhoneCodeFields } from '../../shared/components/PhoneCodeFields';
import { CODE_FIELD, explainedCodes, showOnField, type FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { useFormSave } from '../account-flow/useFormSave';
import { useGuardedSend } from '../account-flow/useGuardedSend';
import { NUMBER_FIELD, SEND_AT_CODE } from './api';
import type { StepProps } from './StepProps';
import { useTranslation } from 'react-i18next';

interface Values {
  mobileNo: string;
  code: string;
}

const SEND_FIELDS: FieldRefusals = [...NUMBER_FIELD, ...SEND_AT_CODE];
const SAVE_FIELDS: FieldRefusals = [...CODE_FIELD, [[CODE.mobileBoundElsewhere], 'mobileNo']];

/** BIND-PHONE: a phone for the account, proven by a texted code; or skip for now. */
export function BindPhoneStep({ srmi, active, onDone, onError }: StepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [smsCodeKey, setSmsCodeKey] = useState('');
  const sendSms = useEndpointMutation(ep.sendSmsByScene, { quiet: [CODE.codeWrong, ...explainedCodes(SEND_FIELDS)], success: t('selfService.messages.sent') });
  const save = useFormSave(ep.bindPhone, form, SAVE_FIELDS, { onError, success: t('selfService.messages.bound') });
  const skip = useEndpointMutation(ep.skipStep);
  const sms = useGuardedSend((failure) => {
    if (!showOnField(form, SEND_FIELDS, failure)) onError(failure);
  });

  function send(mobileNo: string): Promise<boolean> {
    return sms.send(async (captcha) => {
      setSmsCodeKey((await sendSms.submit({ srmi, scene: PhoneScene.BIND_PHONE, mobileNo, ...captcha })).smsCodeKey);
    });
  }

  function submit(values: Values) {
    if (!smsCodeKey) return form.setFields([{ name: 'code', errors: [t('selfService.messages.fetchFirst')] }]);
    void save.run({ srmi, mobileNo: values.mobileNo, smsValueClient: values.code, smsCodeKey, active }, (next) => onDone(next.active));
  }

  async function skipStep() {
    try {
      onDone((await skip.submit({ srmi, active })).active, true);
    } catch (failure) {
      onError(failure);
    }
  }

  const busy = save.saving || skip.isPending;
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="bind-phone-step">
      <PhoneCodeFields
        phone={{ name: 'mobileNo', label: t('selfService.fields.mobile'), required: t('selfService.validation.mobileRequired'), invalid: t('selfService.validation.mobileFormat'), testId: 'bind-phone-mobile' }}
        code={{ name: 'code', label: t('selfService.fields.code'), required: t('selfService.validation.codeRequired'), tooLong: t('selfService.validation.codeTooLong'), length: LIMITS.bindCodeMax, testId: 'bind-phone-code' }}
        onSend={send}
        rowClassName="public-row"
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button type="link" onClick={() => void skipStep()} disabled={busy} data-testid="bind-phone-skip" style={{ padding: 0 }}>
          {t('selfService.actions.skip')}
        </Button>
        <Button type="primary" htmlType="submit" loading={save.saving} disabled={skip.isPending} data-testid="bind-phone-save">
          {t('selfService.actions.save')}
        </Button>
      </Space>
      <CaptchaPopup {...sms.popup} />
    </Form>
  );
}
