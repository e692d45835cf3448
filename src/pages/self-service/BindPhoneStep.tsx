import { Button, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeIn } from '../../../contract/codes';
import { PhoneScene } from '../../../contract/enums';
import { LIMITS } from '../../../contract/rules';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { errorCode } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { FormAlert } from '../account-flow/FormAlert';
import { useGuardedSend } from '../account-flow/useGuardedSend';
import { selfServiceApi, STEP_REFUSALS } from './api';
import type { StepProps } from './StepProps';

interface Values {
  mobileNo: string;
  code: string;
}

/** BIND-PHONE: a phone for the account, proven by a texted code; or skip for now. */
export function BindPhoneStep({ srmi, active, onDone, onError }: StepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [smsCodeKey, setSmsCodeKey] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const explain = (failure: unknown) => {
    if (codeIn(STEP_REFUSALS, errorCode(failure))) setError((failure as Error).message);
    else onError(failure);
  };
  const sms = useGuardedSend(explain);

  function send(mobileNo: string): Promise<boolean> {
    setError(null);
    return sms.send(async (captcha) => {
      setSmsCodeKey((await selfServiceApi.sendSms(srmi, PhoneScene.BIND_PHONE, mobileNo, captcha)).smsCodeKey);
      feedback.success(t('selfService.messages.sent'));
    });
  }

  async function save(values: Values) {
    if (!smsCodeKey) return setError(t('selfService.messages.fetchFirst'));
    setSaving(true);
    setError(null);
    try {
      const next = await selfServiceApi.bindPhone(srmi, values.mobileNo, values.code, smsCodeKey, active);
      feedback.success(t('selfService.messages.bound'));
      onDone(next.active);
    } catch (failure) {
      explain(failure);
    } finally {
      setSaving(false);
    }
  }

  async function skip() {
    setSaving(true);
    try {
      onDone((await selfServiceApi.skip(srmi, active)).active);
    } catch (failure) {
      onError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void save(values)} data-testid="bind-phone-step">
      <PhoneCodeFields
        phone={{ name: 'mobileNo', label: t('selfService.fields.mobile'), required: t('selfService.validation.mobileRequired'), invalid: t('selfService.validation.mobileFormat'), testId: 'bind-phone-mobile' }}
        code={{ name: 'code', label: t('selfService.fields.code'), required: t('selfService.validation.codeRequired'), tooLong: t('selfService.validation.codeTooLong'), length: LIMITS.bindCodeMax, testId: 'bind-phone-code' }}
        onSend={send}
        rowClassName="public-row"
      />
      <FormAlert message={error} onClose={() => setError(null)} />
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button type="link" onClick={() => void skip()} disabled={saving} data-testid="bind-phone-skip" style={{ padding: 0 }}>
          {t('selfService.actions.skip')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="bind-phone-save">
          {t('selfService.actions.save')}
        </Button>
      </Space>
      <CaptchaPopup {...sms.popup} />
    </Form>
  );
}
