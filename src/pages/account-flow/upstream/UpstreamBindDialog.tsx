import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/rules';
import type { LoginResponse } from '../../../../contract/schemas/auth';
import { Input } from '../../../shared/components/inputs';
import { PasswordInput } from '../../../shared/components/PasswordInput';
import type { UpstreamCalls } from './upstreamLinks';

interface Props {
  srmi: string;
  bind: UpstreamCalls['bind'];
  providerName: string;
  upstreamName: string | null;
  onCancel: () => void;
  /** Linked and signed in: the page applies the completion rule. */
  onBound: (response: LoginResponse) => Promise<void>;
}

interface Values { account: string; password: string }

/**
 * First sign-in through a provider that found no account to link: the person signs in once with
 * their portal account and password, and the provider's account is linked to it.
 */
export default function UpstreamBindDialog({ srmi, bind: bindCall, providerName, upstreamName, onCancel, onBound }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function bind(values: Values) {
    setBusy(true);
    setError(null);
    try {
      await onBound(await bindCall(srmi, values.account, values.password));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('upstream.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={t('upstream.bindTitle', { provider: providerName })} onCancel={onCancel} footer={null} maskClosable={false} destroyOnHidden>
      <Alert type="info" showIcon message={t('upstream.bindNotice', { provider: providerName, name: upstreamName ?? '' })} style={{ marginBottom: 16 }} />
      <Form layout="vertical" requiredMark={false} onFinish={(values: Values) => void bind(values)}>
        <Form.Item name="account" label={t('upstream.account')} rules={[{ required: true, whitespace: true, message: t('upstream.accountRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" maxLength={LIMITS.accountMax} data-testid="upstream-bind-account" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('upstream.password')} rules={[{ required: true, message: t('upstream.passwordRequired') }]}>
          <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" data-testid="upstream-bind-password" />
        </Form.Item>
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} data-testid="upstream-bind-error" /> : null}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="upstream-bind-submit">
          {t('upstream.bindSubmit')}
        </Button>
      </Form>
    </Modal>
  );
}
