import { Steps } from 'antd';
import { useEffect } from 'react';
import type { SelfServiceStep } from '../../../contract/schemas/auth';
import { PublicLayout } from '../account-flow/PublicLayout';
import { useTicketExpired } from '../account-flow/useTicketExpired';
import { BindPhoneStep } from './BindPhoneStep';
import { EnrolFactorStep } from './EnrolFactorStep';
import { FinishStep } from './FinishStep';
import { UpdatePasswordStep } from './UpdatePasswordStep';
import { useCheckInfo } from './useCheckInfo';
import { useTranslation } from 'react-i18next';

const TITLE_KEYS: Record<SelfServiceStep['code'], string> = {
  'BIND-PHONE': 'selfService.steps.bindPhone',
  'UPDATE-PASSWORD': 'selfService.steps.updatePassword',
  'ENROL-FACTOR': 'factors.enrol.stepTitle',
  FINISH: 'selfService.steps.finish',
};

/** /selfService: the steps the sign-in asked for (bind a phone, update the password, enrol a second factor), then finish. */
export default function SelfServicePage() {
  const { t } = useTranslation();
  const { info, moveTo, forget } = useCheckInfo();
  const { handle, leave } = useTicketExpired(info?.returnTo ?? null);

  useEffect(() => {
    // Opened without a sign-in in progress (a new tab, or the check info is gone).
    if (!info) leave();
  }, [info, leave]);
  if (!info?.srmi) return null;

  const srmi = info.srmi;
  const active = Math.min(Math.max(0, info.active), info.steps.length - 1);
  const step = info.steps[active];
  const skipped = new Set((info.skipped ?? []).filter((index) => index < active));
  const skippedCodes = info.steps.filter((_, index) => skipped.has(index)).map((s) => s.code);
  // Failures a step does not explain itself: its hook toasted them, except an expired ticket.
  const onError = (error: unknown) => void handle(error);
  const common = { srmi, active, onDone: moveTo, onError };

  return (
    <PublicLayout title={t('selfService.title')} width={640} testId="self-service-page">
      <Steps
        className="public-steps"
        current={active}
        size="small"
        items={info.steps.map((s, index) =>
          // A skipped step is not ticked: it stays open, marked as skipped.
          skipped.has(index) ? { title: t(TITLE_KEYS[s.code] ?? 'selfService.steps.finish'), status: 'wait' as const, description: t('selfService.steps.skipped') } : { title: t(TITLE_KEYS[s.code] ?? 'selfService.steps.finish') },
        )}
      />
      {step.code === 'BIND-PHONE' ? <BindPhoneStep key={active} {...common} /> : null}
      {step.code === 'UPDATE-PASSWORD' ? <UpdatePasswordStep key={active} {...common} canSkip={info.passwordExpireRemind} /> : null}
      {step.code === 'ENROL-FACTOR' ? <EnrolFactorStep key={active} {...common} only={step.message} /> : null}
      {step.code === 'FINISH' ? <FinishStep srmi={srmi} skipped={skippedCodes} appId={info.appId} returnTo={info.returnTo ?? null} onLeave={forget} onError={onError} /> : null}
    </PublicLayout>
  );
}
