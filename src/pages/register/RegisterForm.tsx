import { Button, Form, Input } from 'antd';
import { useCallback, useState } from 'react';
import { CODE } from '../../../contract/codeNames';
import { passwordEndpoints } from '../../../contract/endpoints/passwords';
import { ACCOUNT_NAME_PATTERN, EMAIL_PATTERN, LIMITS, MOBILE_PATTERN } from '../../../contract/rules';
import { PasswordHelp } from '../../shared/components/PasswordStrength';
import { useFormSave } from '../account-flow/useFormSave';
import { REGISTER_FIELDS, registerInput, type RegisterValues } from './api';
import { PasswordInput } from '../../shared/components/PasswordInput';
import { useTranslation } from 'react-i18next';
import { PhoneCodeFields } from '../../shared/components/PhoneCodeFields';
import { call } from '../../shared/providers/api';
import { errorCode } from '../../shared/providers/apiError';
import { feedback } from '../../shared/providers/feedback';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { useCaptchaSend, type CaptchaSendResult } from '../account-flow/useCaptchaSend';

/**
 * The registration form; calls onRegistered with the account the server created and whether it
 * waits for an administrator. The phone is proven by a code texted to it (behind a captcha).
 */
export function RegisterForm({ onRegistered }: { onRegistered: (account: string, pending: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const password = Form.useWatch('password', form);
  const save = useFormSave(passwordEndpoints.register, form, REGISTER_FIELDS);
  const [msgCodeKey, setMsgCodeKey] = useState('');

  const send = useCallback(
    async (capKey: string, capText: string): Promise<CaptchaSendResult> => {
      try {
        const sent = await call(passwordEndpoints.registerSendCode, { mobileNo: form.getFieldValue('mobileNo') as string, capKey, capText });
        setMsgCodeKey(sent.msgCodeKey);
        feedback.success(t('register.sms.sent'));
        return { kind: 'sent' };
      } catch (error) {
        if (errorCode(error) === CODE.codeWrong) return { kind: 'retry', message: (error as Error).message };
        feedback.refusal(error);
        return { kind: 'failed' };
      }
    },
    [form, t],
  );
  const { popup, onSend } = useCaptchaSend(send);

  async function sendToTypedNumber(): Promise<boolean> {
    try {
      await form.validateFields(['mobileNo']);
    } catch {
      return false;
    }
    return onSend();
  }

  return (
    <Form form={form} layout="vertical" requiredMark noValidate onFinish={(values) => void save.run(registerInput(values, msgCodeKey), (answer) => onRegistered(answer.userId, answer.pending))} data-testid="register-form">
      <Form.Item name="userId" label={t('register.fields.account')} rules={[{ pattern: ACCOUNT_NAME_PATTERN, message: t('register.validation.accountInvalid') }]} extra={t('register.hints.account')}>
        <Input maxLength={LIMITS.registerAccountMax} autoComplete="username" placeholder={t('register.placeholders.account')} data-testid="register-account" />
      </Form.Item>
      <Form.Item name="userName" label={t('register.fields.name')} rules={[{ required: true, whitespace: true, message: t('register.validation.nameRequired') }, { max: LIMITS.userNameMax }]}>
        <Input autoComplete="name" placeholder={t('register.validation.nameRequired')} data-testid="register-name" />
      </Form.Item>
      <Form.Item
        name="mobileNo"
        label={t('register.fields.mobile')}
        rules={[
          { required: true, message: t('register.validation.mobileRequired') },
          { pattern: MOBILE_PATTERN, message: t('register.validation.mobileInvalid') },
        ]}
      >
        <Input addonBefore="+086" maxLength={LIMITS.mobileLength} inputMode="numeric" autoComplete="tel-national" placeholder={t('register.validation.mobileRequired')} data-testid="register-mobile" />
      </Form.Item>
      <PhoneCodeFields
        code={{ name: 'msgCode', label: t('register.fields.code'), required: t('register.validation.codeRequired'), tooLong: t('register.validation.codeTooLong'), length: LIMITS.otpLength, testId: 'register-code' }}
        onSend={sendToTypedNumber}
      />
      <Form.Item
        name="password"
        label={t('register.fields.password')}
        rules={[{ required: true, message: t('register.validation.passwordRequired') }]}
        extra={<PasswordHelp value={password} forNewAccount />}
      >
        <PasswordInput autoComplete="new-password" placeholder={t('register.validation.passwordRequired')} data-testid="register-password" />
      </Form.Item>
      <Form.Item name="enterprise" label={t('register.fields.enterprise')} rules={[{ max: LIMITS.textMax }]}>
        <Input autoComplete="organization" placeholder={t('register.placeholders.enterprise')} data-testid="register-enterprise" />
      </Form.Item>
      <Form.Item name="email" label={t('register.fields.email')} rules={[{ pattern: EMAIL_PATTERN, message: t('register.validation.emailInvalid') }, { max: LIMITS.textMax }]}>
        <Input inputMode="email" autoComplete="email" placeholder={t('register.placeholders.email')} data-testid="register-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={save.saving} data-testid="register-submit">
        {t('register.actions.submit')}
      </Button>
      <CaptchaPopup {...popup} />
    </Form>
  );
}
