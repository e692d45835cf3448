import { UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_GROUPS, codeIn } from '../../../contract/codes';
import { LIMITS } from '../../../contract/rules';
import { CaptchaInput } from '../../components/CaptchaInput';
import { useCaptcha } from '../../components/useCaptcha';
import { errorCode } from '../../providers/apiError';
import { FormAlert } from '../account-flow/FormAlert';
import { forgetApi } from './api';

interface Values {
  account: string;
  capText: string;
}

export interface VerifiedAccount {
  requestId: string;
  account: string;
  maskedMobile: string;
}

const trim = (value: string | undefined) => (value ?? '').trim();

/** Step 1: the account (or its bound phone) and the picture captcha. Any failure brings a new captcha. */
export function AccountStep({ onVerified, onError }: { onVerified: (verified: VerifiedAccount) => void; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // Each captcha comes with its own ticket; only the one on screen counts.
  const tickets = useRef(new Map<string, string>());
  const load = useCallback(async () => {
    const ticket = await forgetApi.start();
    tickets.current.set(ticket.capKey, ticket.requestId);
    return ticket;
  }, []);
  const captcha = useCaptcha(load);
  const { show, refresh } = captcha;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void show();
  }, [show]);

  const renew = () => {
    form.setFieldValue('capText', '');
    void refresh();
  };

  async function submit(values: Values) {
    const requestId = tickets.current.get(captcha.capKey);
    if (busy || !requestId) return;
    setBusy(true);
    setError(null);
    try {
      const verified = await forgetApi.verifyAccount(requestId, captcha.capKey, values.capText, values.account);
      onVerified({ requestId: verified.requestId, account: values.account, maskedMobile: verified.mobileNo });
    } catch (failure) {
      renew();
      if (codeIn(CODE_GROUPS.passwordByCode, errorCode(failure))) setError((failure as Error).message);
      else onError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="forget-account-step">
      <Form.Item name="account" label={t('forgetPassword.fields.account')} normalize={trim} rules={[{ required: true, message: t('forgetPassword.validation.accountRequired') }, { max: LIMITS.accountMax }]}>
        <Input size="large" prefix={<UserOutlined />} autoComplete="username" placeholder={t('forgetPassword.validation.accountRequired')} data-testid="forget-account" />
      </Form.Item>
      <Form.Item label={t('common.captcha.label')} required>
        <Form.Item name="capText" noStyle normalize={trim} rules={[{ required: true, message: t('forgetPassword.validation.captchaRequired') }]}>
          <CaptchaInput image={captcha.image} loading={captcha.loading} len={captcha.len} onRefresh={renew} />
        </Form.Item>
        <Button type="link" onClick={renew} style={{ padding: 0, marginTop: 4 }} data-testid="forget-captcha-change">
          {t('forgetPassword.actions.changeImage')}
        </Button>
      </Form.Item>
      <FormAlert message={error} onClose={() => setError(null)} />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="forget-next">
        {t('forgetPassword.actions.next')}
      </Button>
    </Form>
  );
}
