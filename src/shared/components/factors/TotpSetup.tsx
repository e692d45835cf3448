import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '../../../../contract/schemas/factors';
import { OneTimeCodeInput } from './OneTimeCodeInput';

interface Props {
  enrolment: TotpEnrolment;
  busy: boolean;
  /** Resolves to a refusal text for the code field, or null when confirmed. */
  onConfirm: (code: string) => Promise<string | null>;
}

/** The secret in groups of four, easier to type by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Authenticator-app enrolment: the QR (an SVG data URL the server drew, no outside service), the
 * secret as copyable text for typing by hand, and the first code that proves the app has it.
 */
export function TotpSetup({ enrolment, busy, onConfirm }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  async function submit({ code }: { code: string }) {
    const problem = await onConfirm(code);
    if (problem) form.setFields([{ name: 'code', value: '', errors: [problem] }]);
  }
  return (
    <div data-testid="totp-setup">
      <Typography.Paragraph>{t('factors.totp.scan')}</Typography.Paragraph>
      <div style={{ textAlign: 'center', marginBottom: 12 }}>
        <img src={enrolment.qrDataUrl} alt={t('factors.totp.qrAlt')} width={200} height={200} style={{ maxWidth: '100%', height: 'auto', background: '#fff' }} data-testid="totp-qr" />
      </div>
      <Typography.Paragraph>
        {t('factors.totp.orType')}{' '}
        <Typography.Text code copyable={{ text: enrolment.secret }} aria-label={t('factors.totp.secretLabel')} data-testid="totp-secret" data-secret={enrolment.secret}>
          {groupSecret(enrolment.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <OneTimeCodeInput label={t('factors.totp.enterCode')} testId="totp-code" />
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="totp-confirm">
          {t('factors.totp.confirm')}
        </Button>
      </Form>
    </div>
  );
}
