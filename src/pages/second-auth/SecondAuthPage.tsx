import { Alert, Button, Divider, Result, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CODE } from '../../../contract/codeNames';
import { factorEndpoints } from '../../../contract/endpoints/factors';
import { signInEndpoints as ep } from '../../../contract/endpoints/signIn';
import type { FactorKind, OfferedFactor } from '../../../contract/schemas/factors';
import { PageLoading } from '../../shared/components/PageLoading';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { errorCode } from '../../shared/providers/apiError';
import { RETURN_PARAM, safeReturnPath } from '../../shared/providers/returnPath';
import { PublicLayout } from '../account-flow/PublicLayout';
import { useTicketExpired } from '../account-flow/useTicketExpired';
import { AppBanner } from './AppBanner';
import { PasskeyPanel } from './PasskeyPanel';
import { RecoveryPanel } from './RecoveryPanel';
import { SmsPanel } from './SmsPanel';
import { TotpPanel } from './TotpPanel';
import { useTranslation } from 'react-i18next';

const LABELS: Record<FactorKind, string> = {
  PASSKEY: 'factors.step.passkey',
  TOTP: 'factors.step.totp',
  SMS: 'factors.step.sms',
  RECOVERY_CODE: 'factors.step.recovery',
};
/** When the factor list cannot be had, the step is what it always was: the texted code. */
const SMS_ONLY: OfferedFactor[] = [{ kind: 'SMS', mobile: null, remaining: null }];

/**
 * /secondAuth?srmi=…&redirect=…: the factor that finishes a sign-in needing a second one. The
 * strongest the person has opens first; the others are "Other ways to verify".
 */
export default function SecondAuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const srmi = params.get('srmi') ?? '';
  const appId = params.get('appId');
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const { handle: handleExpired, leave } = useTicketExpired(returnTo);
  const info = useEndpointQuery(ep.secondAuthAppInfo, { srmi }, { enabled: !!srmi, quiet: [CODE.ticketExpired] });
  const factors = useEndpointQuery(factorEndpoints.signInFactors, { srmi }, { enabled: !!srmi, quiet: true });
  const [chosen, setChosen] = useState<FactorKind | null>(null);
  const infoError = info.query.error;
  const factorsError = factors.query.error;

  useEffect(() => {
    if (!srmi) leave();
  }, [srmi, leave]);
  useEffect(() => {
    if (infoError) handleExpired(infoError);
  }, [infoError, handleExpired]);
  useEffect(() => {
    if (factorsError) handleExpired(factorsError);
  }, [factorsError, handleExpired]);

  const offered = factors.data?.factors.length ? factors.data.factors : factorsError ? SMS_ONLY : null;
  const current = offered ? (offered.find((f) => f.kind === chosen) ?? offered[0]) : null;

  let body;
  if (infoError && errorCode(infoError) !== CODE.ticketExpired) {
    body = <Result status="warning" title={t('secondAuth.loadFailed')} extra={<Button onClick={() => window.location.reload()}>{t('common.actions.retry')}</Button>} />;
  } else if (!info.data || !current || !offered) {
    body = <PageLoading minHeight={240} />;
  } else {
    const others = offered.filter((f) => f.kind !== current.kind);
    const panel = { srmi, appId, returnTo };
    body = (
      <>
        <AppBanner info={info.data} />
        <Alert type="info" showIcon message={t('secondAuth.notice')} style={{ marginBottom: 20 }} data-testid="second-auth-notice" />
        {factors.data?.passkeyRequired ? <Typography.Paragraph type="secondary">{t('factors.step.passkeyOnly')}</Typography.Paragraph> : null}
        <section aria-label={t(LABELS[current.kind])} data-testid="second-auth-factor" data-kind={current.kind}>
          <Typography.Title level={2} style={{ fontSize: 16, textAlign: 'center' }}>{t(LABELS[current.kind])}</Typography.Title>
          {current.kind === 'PASSKEY' ? <PasskeyPanel key="passkey" {...panel} /> : null}
          {current.kind === 'TOTP' ? <TotpPanel key="totp" {...panel} /> : null}
          {current.kind === 'SMS' ? <SmsPanel key="sms" {...panel} /> : null}
          {current.kind === 'RECOVERY_CODE' ? <RecoveryPanel key="recovery" {...panel} remaining={current.remaining} /> : null}
        </section>
        {others.length ? (
          <nav aria-labelledby="other-factors" data-testid="second-auth-others">
            <Divider plain>
              <span id="other-factors">{t('factors.step.chooseOther')}</span>
            </Divider>
            <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
              {others.map((factor) => (
                <Button key={factor.kind} onClick={() => setChosen(factor.kind)} data-testid={`second-auth-choose-${factor.kind}`}>
                  {t(LABELS[factor.kind])}
                </Button>
              ))}
            </Space>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <PublicLayout title={t('secondAuth.title')} testId="second-auth-page">
      {body}
    </PublicLayout>
  );
}
