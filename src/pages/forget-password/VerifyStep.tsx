import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codes';
import { LIMITS } from '../../../contract/rules';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { errorCode } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { FormAlert } from '../account-flow/FormAlert';
import { SmsHelp } from '../account-flow/SmsHelp';
import { forgetApi } from './api';

interface Props {
  requestId: string;
  maskedMobile: string;
  onVerified: () => void;
  onError: (error: unknown) => void;
}

/** Step 2: a code to the bound phone (shown masked), checked before a new password may be set. */
export function VerifyStep({ requestId, maskedMobile, onVerified, onError }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [msgCodeKey, setMsgCodeKey] = useState('');
  const [noPhone, setNoPhone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const explain = (failure: unknown) => {
    if (codeIn(CODE_GROUPS.passwordByCode, errorCode(failure))) setError((failure as Error).message);
    else onError(failure);
  };

  async function send(): Promise<boolean> {
    setError(null);
    try {
      setMsgCodeKey((await forgetApi.sendOtp(requestId)).msgCodeKey);
      feedback.success(t('forgetPassword.messages.sent'));
      return true;
    } catch (failure) {
      if (errorCode(failure) === CODE.smsRefused) setNoPhone((failure as Error).message);
      else explain(failure);
      return false;
    }
  }

  async function submit({ code }: { code: string }) {
    if (!msgCodeKey) return setError(t('forgetPassword.messages.fetchFirst'));
    setBusy(true);
    setError(null);
    try {
      await forgetApi.verifyOtp(requestId, msgCodeKey, code);
      onVerified();
    } catch (failure) {
      explain(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="forget-verify-step">
      <Form.Item label={t('forgetPassword.fields.mobile')}>
        <Input size="large" prefix={<MobileOutlined />} value={maskedMobile} disabled data-testid="forget-masked-mobile" />
      </Form.Item>
      {noPhone ? <Alert type="warning" showIcon role="alert" message={noPhone} style={{ marginBottom: 16 }} data-testid="forget-no-phone" /> : null}
      <Form.Item label={t('forgetPassword.fields.code')} required extra={<SmsHelp />}>
        <div className="public-row">
          <Form.Item name="code" noStyle normalize={(v: string | undefined) => (v ?? '').trim()} rules={[{ required: true, message: t('forgetPassword.validation.codeRequired') }, { max: LIMITS.codeMax, message: t('login.validation.codeTooLong') }]}>
            <Input size="large" prefix={<SafetyOutlined />} autoComplete="one-time-code" inputMode="numeric" aria-label={t('forgetPassword.fields.code')} placeholder={t('forgetPassword.validation.codeRequired')} data-testid="forget-code" />
          </Form.Item>
          <SmsCodeButton onSend={send} disabled={!!noPhone} />
        </div>
      </Form.Item>
      <FormAlert message={error} onClose={() => setError(null)} />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!!noPhone} data-testid="forget-next">
        {t('forgetPassword.actions.next')}
      </Button>
    </Form>
  );
}
