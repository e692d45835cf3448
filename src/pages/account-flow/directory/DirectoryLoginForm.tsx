import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../shared/components/inputs';
import { CaptchaStrategy } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import { deviceInfo } from '../../../shared/providers/device';
import { http } from '../../../shared/providers/http';
import { sm2Client } from '../../../shared/providers/sm2';
import { useFinishSignIn } from '../flowDeps';
import { directorySignIn, type DirectoryType } from './directoryLogin';
import { LoginCaptchaField, useLoginCaptcha, type SliderAnswer } from '../../sign-in/LoginCaptcha';
import { LoginWarning } from '../../sign-in/LoginWarning';
import { useSignIn } from '../../sign-in/useSignIn';
import { PasswordInput } from '../../../shared/components/PasswordInput';

const BindMainAccountDialog = lazy(() => import('./BindMainAccountDialog'));

interface Values {
  account: string;
  password: string;
  validCode?: string;
}

interface Props {
  loginType: DirectoryType;
  appId?: string;
  /** Where the sign-in lands, through the binding step too. */
  returnTo: string | null;
  captchaStrategy?: CaptchaStrategy;
}

const deps = { http, encrypt: (value: string) => sm2Client.encrypt(value), device: deviceInfo };

/**
 * Directory tab (LDAP) and company-token tab (PA_ACCOUNT): the UM or Windows account and its
 * password, checked by the directory. An account not linked to the portal yet is bound to a
 * main account in a dialog; a linked one continues like any sign-in.
 */
export default function DirectoryLoginForm({ loginType, appId, returnTo, captchaStrategy = CaptchaStrategy.PICTURE }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const captcha = useLoginCaptcha(captchaStrategy, form);
  const { follow, showFailure, submitting, setSubmitting, warning, setWarning } = useSignIn(returnTo);
  const finish = useFinishSignIn(follow, setSubmitting, returnTo);
  const [bindSrmi, setBindSrmi] = useState<string | null>(null);

  async function onFinish(values: Values, sliderAnswer?: SliderAnswer) {
    if (submitting) return;
    const sentCaptcha = captcha.shown;
    setSubmitting(true);
    setWarning(null);
    const outcome = await directorySignIn({ loginType, account: values.account, password: values.password, appId, ...captcha.answer(values.validCode, sliderAnswer) }, deps);
    if (sentCaptcha) captcha.next();
    if (outcome.kind === 'signedIn') return finish(outcome.response, appId ?? null);
    setSubmitting(false);
    if (outcome.kind === 'bind') return setBindSrmi(outcome.srmi);
    if (outcome.kind === 'casRefused') {
      setWarning(outcome.message);
      if (outcome.needCaptcha && !sentCaptcha) captcha.ask();
      return;
    }
    showFailure(outcome.error, { onCaptchaRequired: () => !sentCaptcha && captcha.ask() });
  }

  async function onSliderSolve(answer: SliderAnswer) {
    try {
      await onFinish(await form.validateFields(), answer);
    } catch {
      captcha.next();
    }
  }

  return (
    <>
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(values) => void onFinish(values)} data-testid="directory-login-form">
        <Form.Item
          name="account"
          label={t('login.fields.directoryAccount')}
          rules={[
            { required: true, whitespace: true, message: t('login.validation.accountRequired') },
            { max: LIMITS.accountMax, message: t('login.validation.accountTooLong') },
          ]}
        >
          <Input prefix={<UserOutlined />} placeholder={t('login.placeholders.directoryAccount')} autoComplete="username" data-testid="directory-account" />
        </Form.Item>
        <Form.Item name="password" label={t('login.fields.password')} rules={[{ required: true, message: t('login.validation.passwordRequired') }]}>
          <PasswordInput prefix={<LockOutlined />} placeholder={t('login.placeholders.password')} autoComplete="current-password" data-testid="directory-password" />
        </Form.Item>
        <LoginCaptchaField state={captcha} busy={submitting} onPictureComplete={() => form.submit()} onSliderSolve={(answer) => void onSliderSolve(answer)} />
        <LoginWarning message={warning} onClose={() => setWarning(null)} />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="directory-submit">
          {t('login.actions.submit')}
        </Button>
      </Form>
      {bindSrmi ? (
        <Suspense fallback={null}>
          <BindMainAccountDialog srmi={bindSrmi} onCancel={() => setBindSrmi(null)} onBound={(response) => finish(response, appId ?? null)} />
        </Suspense>
      ) : null}
    </>
  );
}
