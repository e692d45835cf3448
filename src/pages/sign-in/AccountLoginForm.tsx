import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Input, Password } from '../../components/inputs';
import { LIMITS, MOBILE_AS_ACCOUNT_PATTERN } from '../../../contract/rules';
import { CaptchaInput } from '../../components/CaptchaInput';
import { useCaptcha } from '../../components/useCaptcha';
import { checkLoginScene } from './ipCheck';
import { LoginWarning } from './LoginWarning';
import { useSignIn } from './useSignIn';

interface Values {
  account: string;
  password: string;
  validCode?: string;
}

interface Props {
  appId?: string;
  query: Record<string, string>;
  /** Placeholder of the account field: directory tabs ask for the UM/AD account. */
  accountHint?: string;
}

/** Account + password tab: SM2-encrypted sign-in with the picture captcha on demand. */
export function AccountLoginForm({ appId, query, accountHint }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const { submit, submitting, setSubmitting, warning, setWarning } = useSignIn();

  async function onFinish(values: Values) {
    if (submitting) return;
    if (!captcha.visible) {
      // The scene check runs before a sign-in that carries no captcha answer yet.
      setSubmitting(true);
      setWarning(null);
      const scene = await checkLoginScene();
      setSubmitting(false);
      if (scene.kind === 'captcha') return void captcha.show();
      if (scene.kind === 'warning') return setWarning(scene.message);
      if (scene.kind === 'stop') return;
    }
    const sentCaptcha = captcha.visible;
    await submit(
      { loginType: 'ACCOUNT', account: values.account, password: values.password, validCode: values.validCode, capKey: captcha.capKey, appId, query },
      {
        onCaptchaRequired: () => {
          // With a captcha already on screen the refresh below brings the next one.
          if (!sentCaptcha) void captcha.show();
        },
        onAttemptFinished: () => {
          if (!sentCaptcha) return;
          form.setFieldValue('validCode', '');
          void captcha.refresh();
        },
      },
    );
  }

  return (
    <Form form={form} layout="vertical" size="large" onFinish={(values) => void onFinish(values)} requiredMark={false} data-testid="account-login-form">
      <Form.Item
        name="account"
        label={t('login.fields.account')}
        rules={[
          { required: true, whitespace: true, message: t('login.validation.accountRequired') },
          { max: LIMITS.accountMax, message: t('login.validation.accountTooLong') },
          { validator: mobileRefused(t('login.validation.mobileNotSupported')) },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder={accountHint ?? t('login.placeholders.account')} autoComplete="username" data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('login.fields.password')} rules={[{ required: true, message: t('login.validation.passwordRequired') }]}>
        <Password prefix={<LockOutlined />} placeholder={t('login.placeholders.password')} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      {captcha.visible && (
        <Form.Item
          name="validCode"
          label={t('common.captcha.label')}
          rules={[{ required: true, len: captcha.len, message: t('common.captcha.required') }]}
        >
          <CaptchaInput image={captcha.image} loading={captcha.loading} len={captcha.len} onRefresh={() => void captcha.refresh()} onComplete={() => form.submit()} />
        </Form.Item>
      )}
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
