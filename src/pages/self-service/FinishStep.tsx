import { Button, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signInEndpoints as ep } from '../../../contract/endpoints/signIn';
import type { SelfServiceStep } from '../../../contract/schemas/auth';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { loginAddress } from '../../shared/providers/returnPath';
import { useCompleteLogin } from '../account-flow/useCompleteLogin';
import { useTranslation } from 'react-i18next';

const SKIPPED_KEYS: Partial<Record<SelfServiceStep['code'], string>> = {
  'BIND-PHONE': 'selfService.finish.skippedBindPhone',
  'UPDATE-PASSWORD': 'selfService.finish.skippedUpdatePassword',
};

interface Props {
  srmi: string;
  /** The steps the person skipped: the page says so instead of "all set". */
  skipped: SelfServiceStep['code'][];
  appId: string | null;
  /** Where the sign-in lands (and what /login keeps if the person goes back there). */
  returnTo: string | null;
  onLeave: () => void;
  onError: (error: unknown) => void;
}

/** FINISH: the account is set up; back to the login page, or on with this sign-in (second factor or session). */
export function FinishStep({ srmi, skipped, appId, returnTo, onLeave, onError }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const continueLogin = useEndpointMutation(ep.continueLogin);
  // Busy from the call until the next page: completing may fetch roles or load another site.
  const [continuing, setContinuing] = useState(false);

  async function proceed() {
    setContinuing(true);
    try {
      const response = await continueLogin.submit({ srmi });
      onLeave();
      await completeLogin(response, appId, returnTo);
    } catch (error) {
      setContinuing(false);
      onError(error);
    }
  }

  const notes = skipped.flatMap((code) => (SKIPPED_KEYS[code] ? [t(SKIPPED_KEYS[code])] : []));
  return (
    <div data-testid="self-service-finish">
      <Result
        status={notes.length ? 'info' : 'success'}
        title={t(notes.length ? 'selfService.finish.skippedTitle' : 'selfService.finish.title')}
        subTitle={notes.length ? [...notes, t('selfService.finish.description')].join(' ') : t('selfService.finish.description')}
        extra={[
          <Button
            key="login"
            onClick={() => {
              onLeave();
              navigate(loginAddress(returnTo), { replace: true });
            }}
            data-testid="self-service-back"
          >
            {t('common.actions.backToLogin')}
          </Button>,
          <Button key="continue" type="primary" loading={continuing} onClick={() => void proceed()} data-testid="self-service-continue">
            {t('selfService.actions.continue')}
          </Button>,
        ]}
      />
    </div>
  );
}
