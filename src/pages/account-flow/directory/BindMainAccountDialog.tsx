import { Alert, Button, Form, Modal } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_GROUPS, codeIn } from '../../../../contract/codeNames';
import type { LoginResponse } from '../../../../contract/schemas/auth';
import { PhoneCodeFields } from '../../../shared/components/PhoneCodeFields';
import { errorCode } from '../../../shared/providers/apiError';
import { deviceInfo } from '../../../shared/providers/device';
import { feedback } from '../../../shared/providers/feedback';
import { http } from '../../../shared/providers/http';
import { bindMainAccount, sendBindCode } from './directoryLogin';
import { CaptchaPopup } from '../CaptchaPopup';
import { useCaptchaSend, type CaptchaSendResult } from '../useCaptchaSend';

interface Values {
  mobileNo: string;
  validateCode: string;
}

interface Props {
  srmi: string;
  onCancel: () => void;
  /** The directory account is linked and signed in: the page applies the completion rule. */
  onBound: (response: LoginResponse) => Promise<void>;
}

/**
 * First directory sign-in of an unlinked account: the person proves a portal account (the
 * "main account") by a code texted to its phone, and the two are linked.
 */
export default function BindMainAccountDialog({ srmi, onCancel, onBound }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [smsCodeKey, setSmsCodeKey] = useState('');
  const [binding, setBinding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = useCallback(
    async (capKey: string, capText: string): Promise<CaptchaSendResult> => {
      const outcome = await sendBindCode({ srmi, mobileNo: form.getFieldValue('mobileNo'), capKey, capText }, http);
      if (outcome.kind === 'captchaWrong') return { kind: 'retry', message: outcome.message };
      if (outcome.kind === 'sent') {
        setSmsCodeKey(outcome.smsCodeKey);
        feedback.success(t('login.bind.sent'));
      }
      if (outcome.kind === 'failed') feedback.refusal(outcome.error);
      // tooEarly: the code sent a moment ago is still good; only the timer starts again.
      return outcome.kind === 'failed' ? { kind: 'failed' } : { kind: 'sent' };
    },
    [form, srmi, t],
  );
  const { popup, onSend } = useCaptchaSend(send);

  async function bind(values: Values) {
    if (!smsCodeKey) return setError(t('login.bind.fetchFirst'));
    setBinding(true);
    setError(null);
    try {
      const response = await bindMainAccount({ srmi, mobileNo: values.mobileNo, validateCode: values.validateCode, smsCodeKey }, { http, device: deviceInfo });
      await onBound(response);
    } catch (failure) {
      if (codeIn(CODE_GROUPS.codeRefusals, errorCode(failure))) setError((failure as Error).message);
      else feedback.refusal(failure);
    } finally {
      setBinding(false);
    }
  }

  return (
    <Modal open title={t('login.bind.title')} onCancel={onCancel} footer={null} maskClosable={false} destroyOnHidden>
      <Alert type="info" showIcon message={t('login.bind.notice')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void bind(values)}>
        <PhoneCodeFields
          phone={{ name: 'mobileNo', label: t('login.bind.mobile'), required: t('login.bind.mobileRequired'), invalid: t('login.bind.mobileInvalid'), testId: 'bind-mobile' }}
          code={{ name: 'validateCode', label: t('login.fields.smsCode'), required: t('login.validation.codeRequired'), tooLong: t('login.validation.codeTooLong'), placeholder: t('login.placeholders.smsCode'), numeric: false, testId: 'bind-code' }}
          onSend={() => onSend()}
          rowClassName="sms-code-row"
        />
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} data-testid="bind-error" /> : null}
        <Button type="primary" htmlType="submit" block loading={binding} data-testid="bind-submit">
          {t('login.bind.submit')}
        </Button>
      </Form>
      <CaptchaPopup {...popup} />
    </Modal>
  );
}
