import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '../../../../contract/schemas/auth';
import type { LoginResult } from '../../../providers/authProvider';
import { feedback } from '../../../shared/providers/feedback';
import { continueLogin, toCheckInfo, type FlowDeps } from '../../../providers/loginFlow';
import { safeReturnPath } from '../../../shared/providers/returnPath';
import { flowDeps } from '../flowDeps';

/**
 * What a sign-in answer leads to, for sign-ins the auth provider does not make itself
 * (directory accounts): the same rules as its login() — self-service steps, the expiry
 * reminder, the second factor, then completion, carrying the return path through each.
 */
export async function afterLogin(
  response: LoginResponse,
  appId: string | null,
  deps: FlowDeps,
  assign: (href: string) => void,
  returnTo: string | null = null,
): Promise<LoginResult> {
  deps.store.setInstanceId(response.instanceId);
  const app = response.appId ?? appId;
  const back = safeReturnPath(returnTo);
  if (response.steps?.length) {
    deps.store.setCheckInfo(toCheckInfo(response, app, back));
    return { success: true, redirectTo: '/selfService' };
  }
  if (response.passwordExpireDays > 0) {
    return { success: true, passwordExpiry: { days: response.passwordExpireDays, srmi: response.srmi, response, appId: app, returnTo: back } };
  }
  const target = await continueLogin(response, app, deps, back);
  if (target.kind === 'route') return { success: true, redirectTo: target.to };
  assign(target.href);
  return { success: true };
}

/** The same rules as a password sign-in, for a directory sign-in's answer: follows where it leads. */
export function useFinishSignIn(follow: (result: LoginResult) => boolean, setSubmitting: (busy: boolean) => void, returnTo: string | null = null) {
  const { t } = useTranslation();
  return useCallback(
    async (response: LoginResponse, appId: string | null): Promise<void> => {
      const deps = flowDeps({ onNoRoleData: () => feedback.error(t('login.messages.noDefaultApp')), onRefused: (error) => feedback.refusal(error) });
      const result = await afterLogin(response, appId, deps, (href) => window.location.assign(href), returnTo);
      // A full-page load keeps the button busy until the page goes.
      if (follow(result)) setSubmitting(false);
    },
    [follow, returnTo, setSubmitting, t],
  );
}
