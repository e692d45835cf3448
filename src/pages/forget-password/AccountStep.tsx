import { UserOutlined } from '@ant-design/icons';

import { Button, Form, Input } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { passwordEndpoints as ep } from '../../../contract/endpoints/passwords';
import { LIMITS } from '../../../contract/rules';
import { CaptchaInput } from '../../shared/components/CaptchaInput';
import { useCaptcha } from '../../shared/components/useCaptcha';
import { useFormSave } from '../account-flow/useFormSave';
import { ACCOUNT_FIELDS, startForget, verifyAccountInput } from './api';
import { useTranslation } from 'react-i18next';

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
    const ticket = await startForget();
    tickets.current.set(ticket.capKey, ticket.requestId);
    return ticket;
  }, []);
  const captcha = useCaptcha(load);
  const { show, refresh } = captcha;
  const save = useFormSave(ep.forgetVerifyAccount, form, ACCOUNT_FIELDS, { onError });

  useEffect(() => {
    void show();
  }, [show]);

  // Only the value: an error the last answer got stays under the field (setFieldValue would clear it).
  const renew = () => {
    form.setFields([{ name: 'capText', value: '' }]);
    void refresh();
  };

  async function submit(values: Values) {
    const requestId = tickets.current.get(captcha.capKey);
    if (save.saving || !requestId) return;
    const input = verifyAccountInput(requestId, captcha.capKey, values.capText, values.account);
    const verified = await save.run(input, (answer) => onVerified({ requestId: answer.requestId, account: values.account, maskedMobile: answer.mobileNo }));
    // The answer is spent either way; an error the captcha got stays under its field.
    if (!verified) renew();
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
      <Button type="primary" htmlType="submit" block size="large" loading={save.saving} data-testid="forget-next">
        {t('forgetPassword.actions.next')}
      </Button>
    </Form>
  );
}
