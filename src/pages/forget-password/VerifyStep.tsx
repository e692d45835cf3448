import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codes';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
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
      <PhoneCodeFields
        phone={{ label: t('forgetPassword.fields.mobile'), masked: maskedMobile, testId: 'forget-masked-mobile' }}
        code={{
          name: 'code',
          label: t('forgetPassword.fields.code'),
          required: t('forgetPassword.validation.codeRequired'),
          tooLong: t('login.validation.codeTooLong'),
          normalize: (v) => (v ?? '').trim(),
          extra: <SmsHelp />,
          testId: 'forget-code',
        }}
        onSend={send}
        disabled={!!noPhone}
        size="large"
        rowClassName="public-row"
      >
        {noPhone ? <Alert type="warning" showIcon role="alert" message={noPhone} style={{ marginBottom: 16 }} data-testid="forget-no-phone" /> : null}
      </PhoneCodeFields>
      <FormAlert message={error} onClose={() => setError(null)} />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!!noPhone} data-testid="forget-next">
        {t('forgetPassword.actions.next')}
      </Button>
    </Form>
  );
}
