import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Input } from '../inputs';

interface Props {
  name?: string;
  label?: string;
  autoFocus?: boolean;
  testId: string;
}

/** A 6-digit authenticator-app code: numeric keyboard on phones, the browser's one-time-code autofill. */
export function OneTimeCodeInput({ name = 'code', label, autoFocus, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label ?? t('factors.code.label')}
      normalize={(value: string) => value.replace(/\D/g, '').slice(0, 6)}
      rules={[
        { required: true, message: t('factors.code.required') },
        { pattern: /^\d{6}$/, message: t('factors.code.format') },
      ]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus={autoFocus} style={{ letterSpacing: 4, maxWidth: 200 }} data-testid={testId} />
    </Form.Item>
  );
}
