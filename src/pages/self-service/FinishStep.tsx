import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../config';
import { useCompleteLogin } from '../account-flow/useCompleteLogin';
import { selfServiceApi } from './api';

interface Props {
  srmi: string;
  appId: string | null;
  onLeave: () => void;
  onError: (error: unknown) => void;
}

/** FINISH: the account is set up; back to the login page, or on with this sign-in (second factor or session). */
export function FinishStep({ srmi, appId, onLeave, onError }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const [continuing, setContinuing] = useState(false);

  async function proceed() {
    setContinuing(true);
    try {
      const response = await selfServiceApi.continueLogin(srmi);
      onLeave();
      await completeLogin(response, appId);
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
              navigate(LOGIN_PATH, { replace: true });
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
