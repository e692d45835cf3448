import { Alert, Button, Form, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { CODE, CODE_GROUPS } from '../../../contract/codeNames';
import { passwordEndpoints } from '../../../contract/endpoints/passwords';
import { CaptchaInput } from '../../shared/components/CaptchaInput';
import { NewPasswordFields, type NewPasswordValues } from '../../shared/components/NewPasswordFields';
import { PhoneCodeFields } from '../../shared/components/PhoneCodeFields';
import { useCaptcha } from '../../shared/components/useCaptcha';
import { explainedCodes, NEW_PASSWORD_FIELDS, showOnField, type FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation, useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { encryptPair } from '../account-flow/encryptPasswords';
import { useFormSave } from '../account-flow/useFormSave';
import { codeWrongField } from './api';
import { codeField } from './rules';
import { useTranslation } from 'react-i18next';

interface Values extends NewPasswordValues {
  capText: string;
  code: string;
}

/**
 * Password change by a code texted to the bound phone. Sending the code needs the picture
 * captcha, which is single-use, so a new picture follows every send.
 */
export function SmsPasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const ticket = useEndpointQuery(passwordEndpoints.pwdPersonGetPhone, {}, { quiet: true });
  const captcha = useCaptcha();
  const [msgCodeKey, setMsgCodeKey] = useState('');
  // A wrong picture answer is said at the picture; the phone's refusals at the code.
  const sendFields: FieldRefusals = [
    [[CODE.codeWrong], 'capText', t('safe.messages.captchaWrong')],
    [[CODE.smsRefused, CODE.sentTooOften, ...CODE_GROUPS.noPhone], 'code'],
  ];
  const sendCode = useEndpointMutation(passwordEndpoints.pwdPersonSendOtp, { quiet: explainedCodes(sendFields), success: t('safe.messages.codeSent') });
  const save = useFormSave(passwordEndpoints.pwdPersonSaveByOtp, form, [...codeWrongField(t('safe.messages.codeWrong')), ...NEW_PASSWORD_FIELDS]);
  const { show } = captcha;
  const requestId = ticket.data?.requestId;

  useEffect(() => {
    void show();
  }, [show]);

  async function send(): Promise<boolean> {
    if (!requestId) return false;
    const capText = (form.getFieldValue('capText') as string | undefined) ?? '';
    if (capText.length !== captcha.len) {
      form.setFields([{ name: 'capText', errors: [t('common.captcha.required')] }]);
      return false;
    }
    try {
      setMsgCodeKey((await sendCode.submit({ requestId, capKey: captcha.capKey, capText })).msgCodeKey);
      return true;
    } catch (failure) {
      showOnField(form, sendFields, failure);
      return false;
    } finally {
      // Only the value: a wrong answer's error stays under the field (setFieldValue would clear it).
      form.setFields([{ name: 'capText', value: '' }]);
      void captcha.refresh();
    }
  }

  async function input({ code, newPassword, repeatNewPassword }: Values) {
    return { requestId: requestId ?? '', msgCodeKey, msgValueClient: code, ...(await encryptPair({ newPassword, repeatNewPassword })) };
  }

  function submit(values: Values) {
    if (!msgCodeKey) return form.setFields([{ name: 'code', errors: [t('safe.messages.getCodeFirst')] }]);
    void save.run(input(values), onChanged);
  }

  if (ticket.query.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (ticket.query.isError || !ticket.data?.mobileNo) {
    return <Alert type="info" showIcon message={ticket.query.error?.message ?? t('safe.password.noPhone')} data-testid="sms-unavailable" />;
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="sms-password-form">
      <PhoneCodeFields phone={{ label: t('safe.fields.phone'), testId: 'password-phone', masked: ticket.data.mobileNo }} code={codeField(t)} onSend={send}>
        {/* Checked by send only: the answer is spent once the code is out, so save must not ask for it. */}
        <Form.Item name="capText" label={t('common.captcha.label')}>
          <CaptchaInput image={captcha.image} loading={captcha.loading} len={captcha.len} onRefresh={() => void captcha.refresh()} />
        </Form.Item>
      </PhoneCodeFields>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={save.saving} data-testid="password-submit">
        {t('safe.password.submit')}
      </Button>
    </Form>
  );
}
