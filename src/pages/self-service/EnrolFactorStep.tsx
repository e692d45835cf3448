import { Alert, Button, Tabs } from 'antd';
import { useState } from 'react';
import { factorEndpoints as ep } from '../../../contract/endpoints/factors';
import type { TotpEnrolment } from '../../../contract/schemas/factors';
import { ceremonyText } from '../../shared/components/factors/ceremonyText';
import { PASSKEY_REFUSALS, TOTP_REFUSALS } from '../../shared/components/factors/codes';
import { PasskeyNameForm } from '../../shared/components/factors/PasskeyNameForm';
import { TotpSetup } from '../../shared/components/factors/TotpSetup';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { createPasskey, isCeremonyError } from '../../shared/hooks/webauthn';
import { errorCode } from '../../shared/providers/apiError';
import type { StepProps } from './StepProps';
import { useTranslation } from 'react-i18next';

/**
 * ENROL-FACTOR: a second factor is required and the person has none that passes. Not skippable:
 * a passkey (message PASSKEY: only that), or an authenticator app (message ANY).
 */
export function EnrolFactorStep({ srmi, onDone, onError, only }: StepProps & { only: string }) {
  const { t } = useTranslation();
  const appAllowed = only !== 'PASSKEY';
  const passkeyOptions = useEndpointMutation(ep.enrolPasskeyOptions, { quiet: PASSKEY_REFUSALS });
  const passkeyEnrol = useEndpointMutation(ep.enrolPasskey, { quiet: PASSKEY_REFUSALS, success: t('factors.enrol.enrolled') });
  const totpStart = useEndpointMutation(ep.enrolTotpStart);
  const totpConfirm = useEndpointMutation(ep.enrolTotpConfirm, { quiet: TOTP_REFUSALS, success: t('factors.enrol.enrolled') });
  const [problem, setProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);

  async function createNamed(name: string) {
    setCreating(true);
    setProblem(null);
    try {
      const { options } = await passkeyOptions.submit({ srmi });
      const credential = await createPasskey(options);
      onDone((await passkeyEnrol.submit({ srmi, name, credential })).active);
    } catch (error) {
      if (isCeremonyError(error)) setProblem(ceremonyText(error, t));
      else if (PASSKEY_REFUSALS.includes(errorCode(error) as never)) setProblem(error instanceof Error ? error.message : String(error));
      else onError(error);
    } finally {
      setCreating(false);
    }
  }

  async function startApp() {
    try {
      setEnrolment(await totpStart.submit({ srmi }));
    } catch (error) {
      onError(error);
    }
  }

  async function confirmApp(code: string): Promise<string | null> {
    try {
      onDone((await totpConfirm.submit({ srmi, code })).active);
      return null;
    } catch (error) {
      if (TOTP_REFUSALS.includes(errorCode(error) as never)) return error instanceof Error ? error.message : String(error);
      onError(error);
      return null;
    }
  }

  const passkeyTab = (
    <>
      {problem ? <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 12 }} data-testid="enrol-passkey-problem" /> : null}
      <PasskeyNameForm busy={creating} onCreate={(name) => void createNamed(name)} />
    </>
  );
  const appTab = enrolment ? (
    <TotpSetup enrolment={enrolment} busy={totpConfirm.isPending} onConfirm={confirmApp} />
  ) : (
    <Button type="primary" block loading={totpStart.isPending} onClick={() => void startApp()} data-testid="enrol-totp-start">
      {t('factors.totp.add')}
    </Button>
  );

  return (
    <div data-testid="enrol-factor-step" data-only={only}>
      <Alert type="info" showIcon message={t(appAllowed ? 'factors.enrol.any' : 'factors.enrol.passkeyOnly')} style={{ marginBottom: 16 }} />
      {appAllowed ? (
        <Tabs
          items={[
            { key: 'passkey', label: t('factors.enrol.byPasskey'), children: passkeyTab },
            { key: 'app', label: t('factors.enrol.byApp'), children: appTab },
          ]}
        />
      ) : (
        passkeyTab
      )}
    </div>
  );
}
