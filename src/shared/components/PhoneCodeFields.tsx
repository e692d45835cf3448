import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { LIMITS, MOBILE_PATTERN } from '../../../contract/rules';
import { Input } from './inputs';
import { SmsCodeButton } from './SmsCodeButton';

/** The phone row: a number to type (`name` and its messages), or a masked number shown read-only (`masked`). */
export interface PhoneFieldProps {
  label: string;
  testId: string;
  /** Form field of a number to type. */
  name?: string;
  required?: string;
  invalid?: string;
  /** Defaults to the `required` message. */
  placeholder?: string;
  /** A bound number shown masked and read-only instead of a field. */
  masked?: string;
  /** Said under the read-only number. */
  error?: string | null;
}

export interface CodeFieldProps {
  label: string;
  testId: string;
  name: string;
  required: string;
  tooLong: string;
  /** Defaults to the `required` message. */
  placeholder?: string;
  /** Longest code: also caps typing when given (default: LIMITS.codeMax, not capped). */
  length?: number;
  /** `inputMode="numeric"` (default true). */
  numeric?: boolean;
  /** A further check, e.g. that a code was asked for. */
  validator?: () => Promise<void>;
  normalize?: (value: string | undefined) => string;
  extra?: ReactNode;
}

interface Props {
  /** Omitted: the code goes to the account's bound phone and no number is shown. */
  phone?: PhoneFieldProps;
  code: CodeFieldProps;
  /**
   * Sends the code; resolves true when it went out, which starts the resend countdown. A typed
   * number is checked first (nothing is sent when it fails) and passed in; otherwise ''.
   */
  onSend: (mobileNo: string) => Promise<boolean>;
  disabled?: boolean;
  size?: 'large';
  /** Class of the code + button row (`public-row`, `sms-code-row`); without one, a plain flex row. */
  rowClassName?: string;
  /** Shown between the phone and the code (a captcha, a notice). */
  children?: ReactNode;
}

/** Mobile number (typed or masked), SMS code and the send button with its resend countdown. */
export function PhoneCodeFields({ phone, code, onSend, disabled, size, rowClassName, children }: Props) {
  const form = Form.useFormInstance();

  async function send(): Promise<boolean> {
    const name = phone?.masked === undefined ? phone?.name : undefined;
    if (!name) return onSend('');
    let mobileNo: string;
    try {
      mobileNo = ((await form.validateFields([name])) as Record<string, string>)[name];
    } catch {
      return false;
    }
    return onSend(mobileNo);
  }

  return (
    <>
      {phone ? <PhoneField {...phone} size={size} /> : null}
      {children}
      <Form.Item label={code.label} required extra={code.extra}>
        <div className={rowClassName} style={rowClassName ? undefined : { display: 'flex', gap: 8 }}>
          <Form.Item
            name={code.name}
            noStyle
            normalize={code.normalize}
            rules={[
              { required: true, message: code.required },
              { max: code.length ?? LIMITS.codeMax, message: code.tooLong },
              ...(code.validator ? [{ validator: code.validator }] : []),
            ]}
          >
            <Input
              size={size}
              prefix={<SafetyOutlined />}
              maxLength={code.length}
              autoComplete="one-time-code"
              inputMode={code.numeric === false ? undefined : 'numeric'}
              aria-label={code.label}
              placeholder={code.placeholder ?? code.required}
              data-testid={code.testId}
            />
          </Form.Item>
          <SmsCodeButton onSend={send} disabled={disabled} />
        </div>
      </Form.Item>
    </>
  );
}

function PhoneField({ label, testId, name, required, invalid, placeholder, masked, error, size }: PhoneFieldProps & { size?: 'large' }) {
  if (masked !== undefined) {
    return (
      <Form.Item label={label} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
        {/* No field name, so the label has no input to point at: name the input itself. */}
        <Input size={size} prefix={<MobileOutlined />} value={masked} disabled aria-label={label} data-testid={testId} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: required },
        { pattern: MOBILE_PATTERN, message: invalid },
      ]}
    >
      <Input size={size} prefix={<MobileOutlined />} maxLength={LIMITS.mobileLength} inputMode="numeric" autoComplete="tel" placeholder={placeholder ?? required} data-testid={testId} />
    </Form.Item>
  );
}
