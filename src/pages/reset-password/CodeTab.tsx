import { Alert, Button, Form } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codes';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { errorCode } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { FormAlert } from '../account-flow/FormAlert';
import { NewPasswordFields, type NewPasswordValues } from '../../components/NewPasswordFields';
import { useCaptchaSend, type CaptchaSendResult } from '../account-flow/useCaptchaSend';
import { RESET_REFUSALS, type PasswordFamily } from './api';
import { useFormSave } from '../account-flow/useFormSave';

interface Values extends NewPasswordValues {
  code: string;
}

interface Props {
  api: PasswordFamily;
  requestId: string;
  maskedMobile: string;
  onSaved: (account: string | null) => void;
  onError: (error: unknown) => void;
}

/** Change by code: a code to the bound phone (asked for through the picture captcha), then the new password. */
export function CodeTab({ api, requestId, maskedMobile, onSaved, onError }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [msgCodeKey, setMsgCodeKey] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const save = useFormSave(RESET_REFUSALS, onError);
  const unbound = !maskedMobile;

  const send = useCallback(
    async (capKey: string, capText: string): Promise<CaptchaSendResult> => {
      setPhoneError(null);
      try {
        setMsgCodeKey((await api.sendOtp(requestId, capKey, capText)).msgCodeKey);
        feedback.success(t('resetPassword.messages.sent'));
        return { kind: 'sent' };
      } catch (failure) {
        const code = errorCode(failure);
        if (code === CODE.codeWrong) return { kind: 'retry', message: (failure as Error).message };
        // No usable phone, or it cannot take texts: said under it, and the captcha closes.
        if (code === CODE.smsRefused || codeIn(CODE_GROUPS.noPhone, code)) setPhoneError((failure as Error).message);
        else onError(failure);
        return { kind: 'failed' };
      }
    },
    [api, onError, requestId, t],
  );
  const { popup, onSend } = useCaptchaSend(send);

  if (unbound) return <Alert type="warning" showIcon message={t('resetPassword.messages.notBound')} data-testid="reset-not-bound" />;

  const codeFetched = () => (msgCodeKey ? Promise.resolve() : Promise.reject(new Error(t('resetPassword.validation.fetchCode'))));
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      data-testid="reset-code-form"
      onFinish={(values) => void save.run(async () => onSaved((await api.saveByOtp(requestId, msgCodeKey, values.code, values))?.userId ?? null))}
    >
      <PhoneCodeFields
        phone={{ label: t('resetPassword.fields.mobile'), masked: maskedMobile, error: phoneError, testId: 'reset-masked-mobile' }}
        code={{ name: 'code', label: t('resetPassword.fields.code'), required: t('resetPassword.validation.codeRequired'), tooLong: t('login.validation.codeTooLong'), validator: codeFetched, testId: 'reset-code' }}
        onSend={onSend}
        rowClassName="public-row"
      />
      <NewPasswordFields />
      <FormAlert message={save.error} onClose={() => save.setError(null)} />
      <Button type="primary" htmlType="submit" block loading={save.saving} data-testid="reset-save">
        {t('resetPassword.actions.save')}
      </Button>
      <CaptchaPopup {...popup} />
    </Form>
  );
}
