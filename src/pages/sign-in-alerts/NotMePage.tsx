import { Alert, Button, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CODE } from '../../../contract/codeNames';
import { signInAlertEndpoints as ep } from '../../../contract/endpoints/signInAlerts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { errorCode } from '../../shared/providers/apiError';
import { PublicLayout } from '../account-flow/PublicLayout';
import { ToSignInResult } from '../account-flow/ToSignInResult';
import { AlertFacts } from './AlertFacts';

/** Every session ended: the person signs in again, and is asked for a new password. */
export function DisownedResult() {
  const { t } = useTranslation();
  return (
    <ToSignInResult testId="not-me-done" status="success" title={t('alerts.done.title')} subTitle={t('alerts.done.description')}
      action={t('alerts.done.signIn')} actionTestId="not-me-sign-in" />
  );
}

/** Used, expired or mistyped: one message, as the server gives one answer. */
function LinkVoid() {
  const { t } = useTranslation();
  return (
    <ToSignInResult testId="not-me-void" status="warning" title={t('alerts.notMePage.void.title')} subTitle={t('alerts.notMePage.void.description')}
      action={t('alerts.notMePage.void.signIn')} actionTestId="not-me-to-login" />
  );
}

/**
 * /not-me?token=…: the link a sign-in alert texts. It shows the sign-in it disowns; one button
 * ends every session of the person, forgets their trusted devices and asks for a new password at
 * the next sign-in. The link works once, for 7 days.
 */
export default function NotMePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // ?done=1: the personal centre disowned a sign-in and sent the browser here to say so.
  const [done, setDone] = useState(params.get('done') === '1');
  const [spent, setSpent] = useState(false);
  const { data: alert, query } = useEndpointQuery(ep.notMePeek, { token }, { enabled: token !== '' && !done, quiet: [CODE.alertLinkInvalid] });
  const disown = useEndpointMutation(ep.notMe, { quiet: [CODE.alertLinkInvalid] });

  async function confirm() {
    try {
      await disown.submit({ token });
      setDone(true);
    } catch (error) {
      if (errorCode(error) === CODE.alertLinkInvalid) setSpent(true);
    }
  }

  let body;
  if (done) body = <DisownedResult />;
  else if (!token || spent || (query.isError && errorCode(query.error) === CODE.alertLinkInvalid)) body = <LinkVoid />;
  else if (query.isError) {
    body = <Result status="error" title={t('alerts.notMePage.failed')} extra={<Button onClick={() => void query.refetch()}>{t('common.actions.retry')}</Button>} />;
  } else if (!alert) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else {
    body = (
      <>
        <p>{t('alerts.notMePage.lead')}</p>
        <AlertFacts alert={alert} />
        <Alert type="warning" showIcon message={t('alerts.notMePage.hint')} style={{ margin: '16px 0' }} />
        <Button type="primary" danger block size="large" loading={disown.isPending} onClick={() => void confirm()} data-testid="not-me-confirm">
          {t('alerts.notMePage.confirm')}
        </Button>
      </>
    );
  }

  return (
    <PublicLayout title={t('alerts.notMePage.title')} testId="not-me-page">
      {body}
    </PublicLayout>
  );
}
