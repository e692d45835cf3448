import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../contract/codes';
import { CaptchaInput } from '../../components/CaptchaInput';
import { useCaptcha } from '../../components/useCaptcha';
import { errorCode } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { useRequest } from '../../hooks/useRequest';
import { passwordApi, type PasswordFields } from './api';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { codeField } from './rules';
import { NewPasswordFields } from '../../components/NewPasswordFields';

interface Values extends PasswordFields {
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
  const ticket = useRequest(passwordApi.phone, 'pwd-phone');
  const captcha = useCaptcha();
  const [msgCodeKey, setMsgCodeKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { show } = captcha;

  useEffect(() => {
    void show();
  }, [show]);

  async function send(): Promise<boolean> {
    if (!ticket.data) return false;
    const capText = (form.getFieldValue('capText') as string | undefined) ?? '';
    if (capText.length !== captcha.len) {
      form.setFields([{ name: 'capText', errors: [t('common.captcha.required')] }]);
      return false;
    }
    try {
      const sent = await passwordApi.sendCode(ticket.data.requestId, captcha.capKey, capText);
      setMsgCodeKey(sent.msgCodeKey);
      feedback.success(t('safe.messages.codeSent'));
      return true;
    } catch (failure) {
      const captchaWrong = errorCode(failure) === CODE.codeWrong;
      form.setFields([{ name: captchaWrong ? 'capText' : 'code', errors: [captchaWrong ? t('safe.messages.captchaWrong') : (failure as Error).message] }]);
      return false;
    } finally {
      form.setFieldValue('capText', '');
      void captcha.refresh();
    }
  }

  async function save({ code, newPassword, repeatNewPassword }: Values) {
    if (!ticket.data) return;
    if (!msgCodeKey) {
      feedback.warning(t('safe.messages.getCodeFirst'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await passwordApi.saveByCode(ticket.data.requestId, msgCodeKey, code, { newPassword, repeatNewPassword });
      onChanged();
    } catch (failure) {
      if (errorCode(failure) === CODE.codeWrong) form.setFields([{ name: 'code', errors: [t('safe.messages.codeWrong')] }]);
      else setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  }

  if (ticket.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (ticket.error || !ticket.data?.mobileNo) {
    return <Alert type="info" showIcon message={ticket.error ? (ticket.error as Error).message : t('safe.password.noPhone')} data-testid="sms-unavailable" />;
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void save(values)} data-testid="sms-password-form">
      <Form.Item label={t('safe.fields.phone')}>
        <Input value={ticket.data.mobileNo} disabled data-testid="password-phone" />
      </Form.Item>
      {/* Checked by send only: the answer is spent once the code is out, so save must not ask for it. */}
      <Form.Item name="capText" label={t('common.captcha.label')}>
        <CaptchaInput image={captcha.image} loading={captcha.loading} len={captcha.len} onRefresh={() => void captcha.refresh()} />
      </Form.Item>
      <PhoneCodeFields code={codeField(t)} onSend={send} />
      <NewPasswordFields />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="password-error" /> : null}
      <Button type="primary" htmlType="submit" block loading={saving} data-testid="password-submit">
        {t('safe.password.submit')}
      </Button>
    </Form>
  );
}
