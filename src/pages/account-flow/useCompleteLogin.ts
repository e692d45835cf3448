import { useNotification } from '@refinedev/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LoginResponse } from '../../../contract/schemas/auth';
import { errorNotice } from '../../shared/providers/notificationProvider';
import { continueLogin, type LoginTarget } from '../../providers/loginFlow';
import { sessionStore } from '../../shared/providers/storage';
import { flowDeps } from './flowDeps';
import { useTranslation } from 'react-i18next';

/**
 * The end of a sign-in that passed its last step (second factor, self-service): the second
 * factor if still owed, else the login-completion rule (the return path, redirectUrl as a full
 * page load, admin hub, or My apps).
 */
export function useCompleteLogin() {
  const { t } = useTranslation();
  const { open } = useNotification();
  const navigate = useNavigate();
  return useCallback(
    async (response: LoginResponse, appId: string | null, returnTo: string | null): Promise<void> => {
      sessionStore.setInstanceId(response.instanceId);
      const deps = flowDeps({
        onNoRoleData: () => open?.({ type: 'error', message: t('login.messages.noDefaultApp') }),
        onRefused: (error) => {
          const notice = errorNotice()(error);
          if (notice) open?.(notice);
        },
      });
      const target: LoginTarget = await continueLogin(response, appId, deps, returnTo);
      if (target.kind === 'route') navigate(target.to, { replace: true });
      else window.location.assign(target.href);
    },
    [navigate, open, t],
  );
}
