import { Alert, Button, Form, Typography } from 'antd';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { CodeBoxes } from '../../shared/components/CodeBoxes';
import { PageLoading } from '../../shared/components/PageLoading';
import { loginAddress } from '../../shared/providers/returnPath';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { SmsHelp } from '../account-flow/SmsHelp';
import { useSecondAuth } from './useSecondAuth';
import { useTranslation } from 'react-i18next';

interface Props {
  srmi: string;
  appId: string | null;
  returnTo: string | null;
}

/** The texted code: sent when this panel opens (the SMS factor chosen), resent behind the captcha. */
export function SmsPanel({ srmi, appId, returnTo }: Props) {
  const { t } = useTranslation();
  const page = useSecondAuth(srmi, appId, returnTo);
  const { info, countdown } = page;
  if (!info) return <PageLoading minHeight={120} />;
  if (page.noPhone) {
    return (
      <Alert type="error" showIcon role="alert" message={page.noPhone} data-testid="second-auth-no-phone" action={<ButtonLink size="small" to={loginAddress(returnTo)}>{t('common.actions.backToLogin')}</ButtonLink>} />
    );
  }
  return (
    <div style={{ textAlign: 'center' }}>
      <Typography.Paragraph data-testid="second-auth-phone">
        {page.phone ? t(page.alreadySent ? 'secondAuth.alreadySentTo' : 'secondAuth.sentTo', { phone: page.phone }) : t('secondAuth.enterCode')}
      </Typography.Paragraph>
      <Form component={false}>
        <Form.Item
          validateStatus={page.problem ? 'error' : undefined}
          help={page.problem ? <span role="alert" data-testid="second-auth-alert">{page.problem}</span> : undefined}
          style={{ marginBottom: 0 }}
        >
          <CodeBoxes
            length={info.verificationLength}
            value={page.code}
            onChange={page.setCode}
            onComplete={(value) => void page.verify(value)}
            label={t('secondAuth.codeLabel', { length: info.verificationLength })}
            disabled={page.verifying}
            error={!!page.problem}
            autoFocus
          />
        </Form.Item>
      </Form>
      {page.verifying ? <PageLoading minHeight={32} /> : null}
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginTop: 20 }}>
        {countdown.running ? (
          <Typography.Text type="secondary" data-testid="second-auth-countdown">
            {t('secondAuth.resendIn', { seconds: countdown.left })}
          </Typography.Text>
        ) : (
          <Button type="link" style={{ padding: 0 }} onClick={() => void page.captchaSend.onSend()} data-testid="second-auth-resend">
            {t('secondAuth.resend')}
          </Button>
        )}
        <SmsHelp />
      </div>
      <CaptchaPopup {...page.captchaSend.popup} />
    </div>
  );
}
