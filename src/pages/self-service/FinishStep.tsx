import { useTranslation } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signInEndpoints as ep } from '../../../contract/endpoints/signIn';
import { useEndpointMutation } from '../../hooks/useEndpoint';
import { loginAddress } from '../../providers/returnPath';
import { useCompleteLogin } from '../account-flow/useCompleteLogin';

interface Props {
  srmi: string;
  appId: string | null;
  /** Where the sign-in lands (and what /login keeps if the person goes back there). */
  returnTo: string | null;
  onLeave: () => void;
  onError: (error: unknown) => void;
}

/** FINISH: the account is set up; back to the login page, or on with this sign-in (second factor or session). */
export function FinishStep({ srmi, appId, returnTo, onLeave, onError }: Props) {
  const { translate: t } = useTranslation();
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

  return (
    <div data-testid="self-service-finish">
      <Result
        status="success"
        title={t('selfService.finish.title')}
        subTitle={t('selfService.finish.description')}
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
