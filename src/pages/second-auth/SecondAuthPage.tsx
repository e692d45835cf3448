import { useTranslation } from '@refinedev/core';
import { Alert, Button, Form, Result, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { CodeBoxes } from '../../components/CodeBoxes';
import { PageLoading } from '../../components/PageLoading';
import { loginAddress, RETURN_PARAM, safeReturnPath } from '../../providers/returnPath';
import { CaptchaPopup } from '../account-flow/CaptchaPopup';
import { PublicLayout } from '../account-flow/PublicLayout';
import { SmsHelp } from '../account-flow/SmsHelp';
import { AppBanner } from './AppBanner';
import { useSecondAuth } from './useSecondAuth';

/** /secondAuth?srmi=…&redirect=…: the SMS code that finishes a sign-in requiring a second factor. */
export default function SecondAuthPage() {
  const { translate: t } = useTranslation();
  const [params] = useSearchParams();
  const srmi = params.get('srmi') ?? '';
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const page = useSecondAuth(srmi, params.get('appId'), returnTo);
  const { info, countdown } = page;

  let body;
  if (page.infoFailed) {
    body = <Result status="warning" title={t('secondAuth.loadFailed')} extra={<Button onClick={() => window.location.reload()}>{t('common.actions.retry')}</Button>} />;
  } else if (!info) {
    body = <PageLoading minHeight={240} />;
  } else {
    body = (
      <>
        <AppBanner info={info} />
        <Alert type="info" showIcon message={t('secondAuth.notice')} style={{ marginBottom: 20 }} data-testid="second-auth-notice" />
        {page.noPhone ? (
          <Alert type="error" showIcon role="alert" message={page.noPhone} data-testid="second-auth-no-phone" action={<ButtonLink size="small" to={loginAddress(returnTo)}>{t('common.actions.backToLogin')}</ButtonLink>} />
        ) : (
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
          </div>
        )}
        <CaptchaPopup {...page.captchaSend.popup} />
      </>
    );
  }

  return (
    <PublicLayout title={t('secondAuth.title')} testId="second-auth-page">
      {body}
    </PublicLayout>
  );
}
