import { Alert, Button, Form } from 'antd';
import { useCallback, useState } from 'react';
import { CODE, codeIn } from '../../../contract/codeNames';
import { NewPasswordFields, type NewPasswordValues } from '../../shared/components/NewPasswordFields';
import { PhoneCodeFields } from '../../shared/components/PhoneCodeFields';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { errorCode } from '../../shared/providers/apiError';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { useCaptchaSend, type CaptchaSendResult } from '../account-flow/useCaptchaSend';
import { useFormSave } from '../account-flow/useFormSave';
import { CODE_FIELD, NEW_PASSWORD_FIELDS } from '../../shared/hooks/fieldRefusals';
import { encryptPair } from '../account-flow/encryptPasswords';
import { PHONE_REFUSALS, type PasswordFamily } from './api';
import { useTranslation } from 'react-i18next';

interface Values extends NewPasswordValues {
  code: string;
}

interface Props {
  family: PasswordFamily;
  requestId: string;
  maskedMobile: string;
  onSaved: (account: string | null) => void;
  onError: (error: unknown) => void;
}

/** Change by code: a code to the bound phone (asked for through the picture captcha), then the new password. */
export function CodeTab({ family, requestId, maskedMobile, onSaved, onError }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [msgCodeKey, setMsgCodeKey] = useState('');
  const sendCode = useEndpointMutation(family.sendOtp, { quiet: [CODE.codeWrong, ...PHONE_REFUSALS], success: t('resetPassword.messages.sent') });
  const save = useFormSave(family.saveByOtp, form, [...CODE_FIELD, ...NEW_PASSWORD_FIELDS], { onError });
  // No usable phone, or it cannot take texts: the send's refusal is said under the number.
  const phoneError = codeIn(PHONE_REFUSALS, errorCode(sendCode.error)) ? (sendCode.error?.message ?? null) : null;
  const { submit: submitSend } = sendCode;

  const send = useCallback(
    async (capKey: string, capText: string): Promise<CaptchaSendResult> => {
      try {
        setMsgCodeKey((await submitSend({ requestId, capKey, capText })).msgCodeKey);
        return { kind: 'sent' };
      } catch (failure) {
        const code = errorCode(failure);
        if (code === CODE.codeWrong) return { kind: 'retry', message: (failure as Error).message };
        if (!codeIn(PHONE_REFUSALS, code)) onError(failure);
        return { kind: 'failed' };
      }
    },
    [onError, requestId, submitSend],
  );
  const { popup, onSend } = useCaptchaSend(send);

  if (!maskedMobile) return <Alert type="warning" showIcon message={t('resetPassword.messages.notBound')} data-testid="reset-not-bound" />;

  const codeFetched = () => (msgCodeKey ? Promise.resolve() : Promise.reject(new Error(t('resetPassword.validation.fetchCode'))));
  async function input({ code, newPassword, repeatNewPassword }: Values) {
    return { requestId, msgCodeKey, msgValueClient: code, ...(await encryptPair({ newPassword, repeatNewPassword })) };
  }
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      data-testid="reset-code-form"
      onFinish={(values) => void save.run(input(values), (answer) => onSaved(answer?.userId ?? null))}
    >
      <PhoneCodeFields
        phone={{ label: t('resetPassword.fields.mobile'), masked: maskedMobile, error: phoneError, testId: 'reset-masked-mobile' }}
        code={{ name: 'code', label: t('resetPassword.fields.code'), required: t('resetPassword.validation.codeRequired'), tooLong: t('login.validation.codeTooLong'), validator: codeFetched, testId: 'reset-code' }}
        onSend={onSend}
        rowClassName="public-row"
      />
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={save.saving} data-testid="reset-save">
        {t('resetPassword.actions.save')}
      </Button>
      <CaptchaPopup {...popup} />
    </Form>
  );
}
