import { Alert, Button, Typography } from 'antd';
import { factorEndpoints as ep } from '../../../contract/endpoints/factors';
import { PASSKEY_REFUSALS } from '../../shared/components/factors/codes';
import { usePasskeyCeremony } from '../../shared/components/factors/usePasskeyCeremony';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { getPasskey } from '../../shared/hooks/webauthn';
import { deviceInfo } from '../../shared/providers/device';
import { useFactorSignIn } from './useFactorSignIn';
import { useTranslation } from 'react-i18next';

interface Props {
  srmi: string;
  appId: string | null;
  returnTo: string | null;
}

/** The passkey: the browser's own dialog on a click (Safari wants the gesture), then the session. */
export function PasskeyPanel({ srmi, appId, returnTo }: Props) {
  const { t } = useTranslation();
  const { finish, expired } = useFactorSignIn(appId, returnTo);
  const options = useEndpointMutation(ep.signInPasskeyOptions, { quiet: PASSKEY_REFUSALS });
  const verify = useEndpointMutation(ep.signInPasskey, { quiet: PASSKEY_REFUSALS });
  const { run, busy, problem } = usePasskeyCeremony();
  const ceremony = async () => {
    const { options: json } = await options.submit({ srmi });
    const credential = await getPasskey(json);
    await finish(await verify.submit({ srmi, credential, ...(await deviceInfo()) }));
  };

  return (
    <div style={{ textAlign: 'center' }} data-testid="second-auth-passkey">
      <Typography.Paragraph>{t('factors.step.passkeyHint')}</Typography.Paragraph>
      {problem ? <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 12, textAlign: 'start' }} data-testid="second-auth-passkey-problem" /> : null}
      <Button type="primary" size="large" block loading={busy} onClick={() => void run(ceremony, expired)} data-testid="second-auth-passkey-button">
        {t('factors.step.passkeyButton')}
      </Button>
    </div>
  );
}
