import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LoginResponse } from '../../../contract/schemas/auth';
import { feedback } from '../../providers/feedback';
import { http } from '../../providers/http';
import { continueLogin, type FlowDeps, type LoginTarget } from '../../providers/loginFlow';
import { sessionStore } from '../../providers/storage';

export function flowDeps(noRoleData: () => void): FlowDeps {
  return { http, store: sessionStore, onNoRoleData: noRoleData };
}

/**
 * The end of a sign-in that passed its last step (second factor, self-service, binding): the
 * second factor if still owed, else the login-completion rule (redirectUrl as a full page
 * load, admin hub, or My apps).
 */
export function useCompleteLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    async (response: LoginResponse, appId: string | null): Promise<void> => {
      sessionStore.setInstanceId(response.instanceId);
      const target: LoginTarget = await continueLogin(response, appId, flowDeps(() => feedback.error(t('login.messages.noDefaultApp'))));
      if (target.kind === 'route') navigate(target.to, { replace: true });
      else window.location.assign(target.href);
    },
    [navigate, t],
  );
}
