import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Button, Form } from 'antd';
import Checkbox from 'antd/es/checkbox/Checkbox';
import { useTranslation } from 'react-i18next';
import { Input } from '../../shared/components/inputs';
import { CaptchaStrategy } from '../../../contract/enums';
import { LIMITS, MOBILE_AS_ACCOUNT_PATTERN } from '../../../contract/rules';
import { feedback } from '../../shared/providers/feedback';
import { rememberedAccount, rememberAccount } from './rememberAccount';
import { checkLoginScene } from './ipCheck';
import { LoginCaptchaField, useLoginCaptcha, type SliderAnswer } from './LoginCaptcha';
import { LoginWarning } from './LoginWarning';
import { useSignIn } from './useSignIn';
import { PasswordInput } from '../../shared/components/PasswordInput';

interface Values {
  account: string;
  password: string;
  remember?: boolean;
  validCode?: string;
  tokenCode?: string;
}

interface Props {
  appId?: string;
  query: Record<string, string>;
  returnTo: string | null;
  captchaStrategy?: CaptchaStrategy;
}

/** Account + password tab: SM2-encrypted sign-in with the captcha its login type configures. */
export function AccountLoginForm({ appId, query, returnTo, captchaStrategy = CaptchaStrategy.PICTURE }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [remembered] = useState(rememberedAccount);
  const captcha = useLoginCaptcha(captchaStrategy, form);
  const { submit, submitting, setSubmitting, warning, setWarning } = useSignIn(returnTo);
  // Strategy 2: a token code the server checks like a captcha answer; a picture captcha it asks for takes its place.
  const tokenCode = captchaStrategy === CaptchaStrategy.TOKEN_CODE && !captcha.shown;

  async function onFinish(values: Values, sliderAnswer?: SliderAnswer) {
    if (submitting) return;
    rememberAccount(values.remember === true ? values.account : null);
    if (!captcha.shown) {
      // The scene check runs before a sign-in that carries no captcha answer yet.
      setSubmitting(true);
      setWarning(null);
      const scene = await checkLoginScene();
      setSubmitting(false);
      if (scene.kind === 'captcha') return captcha.ask();
      if (scene.kind === 'warning') return setWarning(scene.message);
      if (scene.kind === 'stop') return;
    } else if (captcha.slider && !sliderAnswer) {
      return feedback.warning(t('login.slider.required'));
    }
    const sentCaptcha = captcha.shown;
    const answer = tokenCode ? { validCode: values.tokenCode } : captcha.answer(values.validCode, sliderAnswer);
    await submit(
      { loginType: 'ACCOUNT', account: values.account, password: values.password, ...answer, appId, query },
      {
        onCaptchaRequired: () => {
          // With a captcha already on screen, next() below brings the fresh one.
          if (!sentCaptcha) captcha.ask();
        },
        onAttemptFinished: () => {
          if (sentCaptcha) captcha.next();
        },
        onLocked: captcha.dismiss,
      },
    );
  }

  async function onSliderSolve(answer: SliderAnswer) {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      // The fields say what is missing; the used puzzle makes way for a new one.
      return captcha.next();
    }
    await onFinish(values, answer);
  }

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      noValidate
      initialValues={{ account: remembered ?? undefined, remember: remembered !== null }}
      onFinish={(values) => void onFinish(values)}
      requiredMark={false}
      data-testid="account-login-form"
    >
      <Form.Item
        name="account"
        label={t('login.fields.account')}
        rules={[
          { required: true, whitespace: true, message: t('login.validation.accountRequired') },
          { max: LIMITS.accountMax, message: t('login.validation.accountTooLong') },
          { validator: mobileRefused(t('login.validation.mobileNotSupported')) },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder={t('login.placeholders.account')} autoComplete="username webauthn" autoFocus={remembered === null} data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('login.fields.password')} rules={[{ required: true, message: t('login.validation.passwordRequired') }]}>
        <PasswordInput prefix={<LockOutlined />} placeholder={t('login.placeholders.password')} autoComplete="current-password" autoFocus={remembered !== null} data-testid="login-password" />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked" style={{ marginTop: -8, marginBottom: 12 }}>
        <Checkbox data-testid="login-remember">{t('login.fields.remember')}</Checkbox>
      </Form.Item>
      {tokenCode ? (
        <Form.Item
          name="tokenCode"
          label={t('login.fields.tokenCode')}
          rules={[
            { required: true, whitespace: true, message: t('login.validation.tokenCodeRequired') },
            { max: LIMITS.codeMax, message: t('login.validation.codeTooLong') },
          ]}
        >
          <Input prefix={<SafetyOutlined />} placeholder={t('login.placeholders.tokenCode')} autoComplete="one-time-code" data-testid="login-token-code" />
        </Form.Item>
      ) : null}
      <LoginCaptchaField state={captcha} busy={submitting} onPictureComplete={() => form.submit()} onSliderSolve={(answer) => void onSliderSolve(answer)} />
      <LoginWarning message={warning} onClose={() => setWarning(null)} />
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {t('login.actions.submit')}
      </Button>
    </Form>
  );
}

/** The account field refuses what looks like a mobile number (optional 0086 prefix). */
function mobileRefused(message: string) {
  return (_rule: unknown, value: string | undefined) =>
    value && MOBILE_AS_ACCOUNT_PATTERN.test(value.trim()) ? Promise.reject(new Error(message)) : Promise.resolve();
}
