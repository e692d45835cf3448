import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeIn } from '../../../contract/codes';
import { PhoneScene } from '../../../contract/enums';
import { LIMITS, MOBILE_PATTERN } from '../../../contract/rules';
import { SmsCodeButton } from '../../components/SmsCodeButton';
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

  async function send(): Promise<boolean> {
    let mobileNo: string;
    try {
      ({ mobileNo } = await form.validateFields(['mobileNo']));
    } catch {
      return false;
    }
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

  const phoneRule = { pattern: MOBILE_PATTERN, message: t('selfService.validation.mobileFormat') };
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void save(values)} data-testid="bind-phone-step">
      <Form.Item name="mobileNo" label={t('selfService.fields.mobile')} rules={[{ required: true, message: t('selfService.validation.mobileRequired') }, phoneRule]}>
        <Input prefix={<MobileOutlined />} maxLength={LIMITS.mobileLength} inputMode="numeric" autoComplete="tel" placeholder={t('selfService.validation.mobileRequired')} data-testid="bind-phone-mobile" />
      </Form.Item>
      <Form.Item label={t('selfService.fields.code')} required>
        <div className="public-row">
          <Form.Item name="code" noStyle rules={[{ required: true, message: t('selfService.validation.codeRequired') }, { max: LIMITS.bindCodeMax, message: t('selfService.validation.codeTooLong') }]}>
            <Input prefix={<SafetyOutlined />} maxLength={LIMITS.bindCodeMax} autoComplete="one-time-code" inputMode="numeric" aria-label={t('selfService.fields.code')} placeholder={t('selfService.validation.codeRequired')} data-testid="bind-phone-code" />
          </Form.Item>
          <SmsCodeButton onSend={send} />
        </div>
      </Form.Item>
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
