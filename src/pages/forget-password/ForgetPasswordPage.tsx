import { App, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { CODE } from '../../../contract/codeNames';
import { LOGIN_PATH } from '../../config';
import { errorCode } from '../../shared/providers/apiError';
import { PublicLayout } from '../account-flow/PublicLayout';
import { ToSignInResult } from '../account-flow/ToSignInResult';
import { AccountStep, type VerifiedAccount } from './AccountStep';
import { NewPasswordStep } from './NewPasswordStep';
import { useNarrow } from './useNarrow';
import { VerifyStep } from './VerifyStep';
import { useTranslation } from 'react-i18next';

const STEP_KEYS = ['forgetPassword.steps.account', 'forgetPassword.steps.verify', 'forgetPassword.steps.password', 'forgetPassword.steps.done'] as const;

type Flow = { step: 0 } | { step: 1 | 2; ticket: VerifiedAccount } | { step: 3; account: string };

/** /forgetPassword: account and captcha → code to the bound phone → new password → done. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const narrow = useNarrow();
  const [flow, setFlow] = useState<Flow>({ step: 0 });

  // An expired ticket starts the flow again from the first step rather than leaving the page.
  const onError = (error: unknown) => {
    if (errorCode(error) !== CODE.ticketExpired) return;
    void message.warning(t('session.stayedTooLong'));
    setFlow({ step: 0 });
  };

  const total = STEP_KEYS.length;
  const progress = narrow ? (
    <p className="public-progress" data-testid="forget-progress">
      {t('forgetPassword.progress', { current: flow.step + 1, total, title: t(STEP_KEYS[flow.step]) })}
    </p>
  ) : (
    <Steps className="public-steps" current={flow.step} items={STEP_KEYS.map((key) => ({ title: t(key) }))} data-testid="forget-steps" />
  );

  let body;
  switch (flow.step) {
    case 0:
      body = <AccountStep onVerified={(ticket) => setFlow({ step: 1, ticket })} onError={onError} />;
      break;
    case 1:
      body = <VerifyStep requestId={flow.ticket.requestId} maskedMobile={flow.ticket.maskedMobile} onVerified={() => setFlow({ step: 2, ticket: flow.ticket })} onError={onError} />;
      break;
    case 2:
      body = <NewPasswordStep requestId={flow.ticket.requestId} onSaved={(account) => setFlow({ step: 3, account })} onError={onError} />;
      break;
    default:
      body = (
        <ToSignInResult testId="forget-done" status="success" title={t('forgetPassword.done.title')} subTitle={t('forgetPassword.done.description', { account: flow.account })}
          action={t('common.actions.backToLogin')} actionTestId="forget-back" />
      );
  }

  return (
    <PublicLayout title={t('forgetPassword.title')} width={narrow ? 480 : 760} testId="forget-password-page">
      {progress}
      <div style={{ maxWidth: 440, margin: '0 auto' }}>{body}</div>
      {flow.step === 0 ? (
        <p className="public-footnote">
          <Link to={LOGIN_PATH}>{t('common.actions.backToLogin')}</Link>
        </p>
      ) : null}
    </PublicLayout>
  );
}
