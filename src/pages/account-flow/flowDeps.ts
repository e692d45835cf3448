import { http } from '../../shared/providers/http';
import { sessionStore } from '../../shared/providers/storage';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '../../../contract/schemas/auth';
import type { LoginResult } from '../../providers/authProvider';
import { feedback } from '../../shared/providers/feedback';
import { safeReturnPath } from '../../shared/providers/returnPath';
import { continueLogin, toCheckInfo, type FlowDeps } from '../../providers/loginFlow';

/**
 * The login flow's dependencies for a page: the shared http client and this tab's store, and
 * how the page speaks when the roles are missing or could not be fetched (the sign-in page
 * through feedback, the pages inside <Refine> through its notifications).
 */
export function flowDeps(say: Pick<FlowDeps, 'onNoRoleData' | 'onRefused'>): FlowDeps {
  return { http, store: sessionStore, ...say };
}

/*
 * What a sign-in answer leads to, for the sign-ins the auth provider does not make itself (directory
 * accounts, other identity providers). Here beside flowDeps rather than in a file of its own: the
 * two sign-ins that share it load apart from the sign-in page, and one module fewer is one file
 * fewer for /login to name (its budget).
 */
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
