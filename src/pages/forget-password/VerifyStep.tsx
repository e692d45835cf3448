import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { CODE } from '../../../contract/codeNames';
import { passwordEndpoints as ep } from '../../../contract/endpoints/passwords';
import { PhoneCodeFields } from '../../shared/components/PhoneCodeFields';
import { explainedCodes, showOnField } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { errorCode } from '../../shared/providers/apiError';
import { SmsHelp } from '../account-flow/SmsHelp';
import { useFormSave } from '../account-flow/useFormSave';
import { CODE_FIELDS } from './api';
import { useTranslation } from 'react-i18next';

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
  const sendCode = useEndpointMutation(ep.forgetSendOtp, { quiet: [CODE.smsRefused, ...explainedCodes(CODE_FIELDS)], success: t('forgetPassword.messages.sent') });
  const verify = useFormSave(ep.forgetVerifyOtp, form, CODE_FIELDS, { onError });
  // A phone that cannot take texts stops the flow here: the send's own refusal says so, or an
  // answer with no number at all (said up front, before any Send).
  const refused = errorCode(sendCode.error) === CODE.smsRefused ? (sendCode.error?.message ?? '') : null;
  const noPhone = refused ?? (maskedMobile ? null : t('forgetPassword.messages.noPhone'));

  async function send(): Promise<boolean> {
    try {
      setMsgCodeKey((await sendCode.submit({ requestId })).msgCodeKey);
      return true;
    } catch (failure) {
      if (errorCode(failure) !== CODE.smsRefused && !showOnField(form, CODE_FIELDS, failure)) onError(failure);
      return false;
    }
  }

  function submit({ code }: { code: string }) {
    if (!msgCodeKey) return form.setFields([{ name: 'code', errors: [t('forgetPassword.messages.fetchFirst')] }]);
    void verify.run({ requestId, msgCodeKey, msgValueClient: code }, onVerified);
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="forget-verify-step">
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
        disabled={noPhone !== null}
        size="large"
        rowClassName="public-row"
      >
        {/* The same words for every account: the server answers a phone-less account exactly as an unknown one, so the page cannot (and must not) tell. */}
        {noPhone === null ? <Alert type="info" showIcon message={t('forgetPassword.messages.phoneHint')} style={{ marginBottom: 16 }} data-testid="forget-phone-hint" /> : null}
        {noPhone !== null ? <Alert type="warning" showIcon role="alert" message={noPhone} style={{ marginBottom: 16 }} data-testid="forget-no-phone" /> : null}
      </PhoneCodeFields>
      <Button type="primary" htmlType="submit" block size="large" loading={verify.saving} disabled={noPhone !== null} data-testid="forget-next">
        {t('forgetPassword.actions.next')}
      </Button>
    </Form>
  );
}
