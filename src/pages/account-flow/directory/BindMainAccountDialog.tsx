import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_GROUPS, codeIn } from '../../../../contract/codes';
import { LIMITS, MOBILE_PATTERN } from '../../../../contract/rules';
import type { LoginResponse } from '../../../../contract/schemas/auth';
import { SmsCodeButton } from '../../../components/SmsCodeButton';
import { errorCode } from '../../../providers/apiError';
import { deviceInfo } from '../../../providers/device';
import { feedback } from '../../../providers/feedback';
import { http } from '../../../providers/http';
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
      // tooEarly: the code sent a moment ago is still good; only the timer starts again.
      return outcome.kind === 'failed' ? { kind: 'failed' } : { kind: 'sent' };
    },
    [form, srmi, t],
  );
  const { popup, onSend } = useCaptchaSend(send);

  async function sendCode(): Promise<boolean> {
    try {
      await form.validateFields(['mobileNo']);
    } catch {
      return false;
    }
    return onSend();
  }

  async function bind(values: Values) {
    if (!smsCodeKey) return setError(t('login.bind.fetchFirst'));
    setBinding(true);
    setError(null);
    try {
      const response = await bindMainAccount({ srmi, mobileNo: values.mobileNo, validateCode: values.validateCode, smsCodeKey }, { http, device: deviceInfo });
      await onBound(response);
    } catch (failure) {
      if (codeIn(CODE_GROUPS.codeRefusals, errorCode(failure))) setError((failure as Error).message);
    } finally {
      setBinding(false);
    }
  }

  return (
    <Modal open title={t('login.bind.title')} onCancel={onCancel} footer={null} maskClosable={false} destroyOnHidden>
      <Alert type="info" showIcon message={t('login.bind.notice')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void bind(values)}>
        <Form.Item
          name="mobileNo"
          label={t('login.bind.mobile')}
          rules={[
            { required: true, message: t('login.bind.mobileRequired') },
            { pattern: MOBILE_PATTERN, message: t('login.bind.mobileInvalid') },
          ]}
        >
          <Input prefix={<MobileOutlined />} maxLength={LIMITS.mobileLength} inputMode="numeric" autoComplete="tel" placeholder={t('login.bind.mobileRequired')} data-testid="bind-mobile" />
        </Form.Item>
        <Form.Item label={t('login.fields.smsCode')} required>
          <div className="sms-code-row">
            <Form.Item
              name="validateCode"
              noStyle
              rules={[
                { required: true, message: t('login.validation.codeRequired') },
                { max: LIMITS.codeMax, message: t('login.validation.codeTooLong') },
              ]}
            >
              <Input prefix={<SafetyOutlined />} autoComplete="one-time-code" placeholder={t('login.placeholders.smsCode')} aria-label={t('login.fields.smsCode')} data-testid="bind-code" />
            </Form.Item>
            <SmsCodeButton onSend={sendCode} />
          </div>
        </Form.Item>
        {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} data-testid="bind-error" /> : null}
        <Button type="primary" htmlType="submit" block loading={binding} data-testid="bind-submit">
          {t('login.bind.submit')}
        </Button>
      </Form>
      <CaptchaPopup {...popup} />
    </Modal>
  );
}
