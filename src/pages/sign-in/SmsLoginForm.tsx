import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../contract/codeNames';
import { signInEndpoints } from '../../../contract/endpoints/signIn';
import { LIMITS, MOBILE_PATTERN } from '../../../contract/rules';
import { CaptchaInput } from '../../shared/components/CaptchaInput';
import { Input } from '../../shared/components/inputs';
import { SmsCodeButton } from '../../shared/components/SmsCodeButton';
import { useCaptcha } from '../../shared/components/useCaptcha';
import { errorCode } from '../../shared/providers/apiError';
import { feedback } from '../../shared/providers/feedback';
import { call } from '../../shared/providers/api';
import { LoginWarning } from './LoginWarning';
import { useSignIn } from './useSignIn';

interface Values {
  mobileNo: string;
  validateCode: string;
  capText?: string;
}

/** Mobile + SMS code tab. A flagged IP must answer a picture captcha before a code is sent. */
export function SmsLoginForm({ appId, query, returnTo }: { appId?: string; query: Record<string, string>; returnTo: string | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [smsCodeKey, setSmsCodeKey] = useState('');
  const captcha = useCaptcha();
  const { submit, submitting, warning, setWarning } = useSignIn(returnTo);

  async function sendCode(): Promise<boolean> {
    let values: Pick<Values, 'mobileNo' | 'capText'>;
    try {
      values = await form.validateFields(captcha.visible ? ['mobileNo', 'capText'] : ['mobileNo']);
    } catch {
      return false;
    }
    const withCaptcha = captcha.visible ? { capKey: captcha.capKey, capText: values.capText } : {};
    try {
      const result = await call(signInEndpoints.sendMsgLogin, { appId, mobileNo: values.mobileNo, ...withCaptcha });
      setSmsCodeKey(result.msgCodeKey);
      captcha.hide();
      feedback.success(t('login.messages.smsSent'));
      return true;
    } catch (error) {
      const code = errorCode(error);
      if (code === CODE.codeWrong) feedback.error(t('login.messages.captchaWrong'));
      else feedback.refusal(error);
      if (code === CODE.captchaRequired || captcha.visible) {
        form.setFieldValue('capText', '');
        void captcha.refresh();
      }
      return false;
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      data-testid="sms-login-form"
      onFinish={(values) => void submit({ loginType: 'MSG_CODE', mobileNo: values.mobileNo, validateCode: values.validateCode, smsCodeKey, appId, query })}
    >
      <Form.Item
        name="mobileNo"
        label={t('login.fields.mobile')}
        rules={[
          { required: true, message: t('login.validation.mobileRequired') },
          { pattern: MOBILE_PATTERN, message: t('login.validation.mobileInvalid') },
        ]}
      >
        <Input prefix={<MobileOutlined />} maxLength={LIMITS.mobileLength} inputMode="numeric" autoComplete="tel" placeholder={t('login.placeholders.mobile')} data-testid="login-mobile" />
      </Form.Item>
      {captcha.visible && (
        <Form.Item name="capText" label={t('common.captcha.label')} rules={[{ required: true, len: captcha.len, message: t('common.captcha.required') }]}>
          <CaptchaInput image={captcha.image} loading={captcha.loading} len={captcha.len} onRefresh={() => void captcha.refresh()} />
        </Form.Item>
      )}
      <Form.Item label={t('login.fields.smsCode')} required>
        <div className="sms-code-row">
          <Form.Item
            name="validateCode"
            noStyle
            rules={[
              { required: true, message: t('login.validation.codeRequired') },
              { max: LIMITS.codeMax, message: t('login.validation.codeTooLong') },
            ]}
          >
            <Input prefix={<SafetyOutlined />} autoComplete="one-time-code" placeholder={t('login.placeholders.smsCode')} aria-label={t('login.fields.smsCode')} data-testid="login-sms-code" />
          </Form.Item>
          <SmsCodeButton onSend={sendCode} />
        </div>
      </Form.Item>
      <LoginWarning message={warning} onClose={() => setWarning(null)} />
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {t('login.actions.submit')}
      </Button>
    </Form>
  );
}
