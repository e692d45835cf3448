import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { codeRules } from './rules';

interface Props {
  onSend: () => Promise<boolean>;
  disabled?: boolean;
  name?: string;
  extra?: ReactNode;
}

/** SMS code input with its send button and resend timer (LIMITS.resendSeconds). */
export function CodeField({ onSend, disabled, name = 'code', extra }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('safe.fields.code')} required extra={extra}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name={name} noStyle rules={codeRules(t)}>
          <Input
            prefix={<SafetyOutlined />}
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder={t('safe.placeholders.code')}
            aria-label={t('safe.fields.code')}
            data-testid="sms-code-input"
          />
        </Form.Item>
        <SmsCodeButton onSend={onSend} disabled={disabled} />
      </div>
    </Form.Item>
  );
}
