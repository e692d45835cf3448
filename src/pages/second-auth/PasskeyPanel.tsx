import { useTranslation } from '@refinedev/core';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { factorEndpoints as ep } from '../../../contract/endpoints/factors';
import { ceremonyText } from '../../components/factors/ceremonyText';
import { PASSKEY_REFUSALS } from '../../components/factors/codes';
import { useEndpointMutation } from '../../hooks/useEndpoint';
import { getPasskey, isCeremonyError } from '../../hooks/webauthn';
import { deviceInfo } from '../../providers/device';
import { useFactorSignIn } from './useFactorSignIn';

interface Props {
  srmi: string;
  appId: string | null;
  returnTo: string | null;
}

/** The passkey: the browser's own dialog on a click (Safari wants the gesture), then the session. */
export function PasskeyPanel({ srmi, appId, returnTo }: Props) {
  const { translate: t } = useTranslation();
  const { finish, expired } = useFactorSignIn(appId, returnTo);
  const options = useEndpointMutation(ep.signInPasskeyOptions, { quiet: PASSKEY_REFUSALS });
  const verify = useEndpointMutation(ep.signInPasskey, { quiet: PASSKEY_REFUSALS });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    setProblem(null);
    try {
      const { options: json } = await options.submit({ srmi });
      const credential = await getPasskey(json);
      await finish(await verify.submit({ srmi, credential, ...(await deviceInfo()) }));
    } catch (error) {
      setBusy(false);
      if (expired(error)) return;
      setProblem(isCeremonyError(error) ? ceremonyText(error, t) : error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <div style={{ textAlign: 'center' }} data-testid="second-auth-passkey">
      <Typography.Paragraph>{t('factors.step.passkeyHint')}</Typography.Paragraph>
      {problem ? <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 12, textAlign: 'start' }} data-testid="second-auth-passkey-problem" /> : null}
      <Button type="primary" size="large" block loading={busy} onClick={() => void run()} data-testid="second-auth-passkey-button">
        {t('factors.step.passkeyButton')}
      </Button>
    </div>
  );
}
