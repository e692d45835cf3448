import type { AuthActionResponse, OnErrorResponse } from '@refinedev/core';
import { CODE, type ResultCode } from '../../../contract/codeNames';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { authEndpoints } from '../../../contract/endpoints/auth';
import type { CurrentUser } from '../../../contract/schemas/personal';
import type { Call, Input } from './api';
import { ApiError, errorCode } from './apiError';
import type { SessionStore } from './storage';

export interface SessionAuthDeps {
  send: Call;
  store: SessionStore;
  /** The sign-in page that comes back to where the person is now. */
  signInAddress: () => string;
  /** What logging out tells the server (the portal names this device). */
  logoutInput: () => Promise<Input<typeof authEndpoints.logout>>;
  /** A full page load (single logout leaves the app). */
  navigate: (href: string) => void;
}

export function authFailure(error: unknown): AuthActionResponse {
  return { success: false, error: error instanceof Error ? error : new ApiError('UNKNOWN', String(error)) };
}

/**
 * What the portal's and the workbench's auth providers share about the one session both run
 * on (the cookie the sign-in page set): who is signed in (asked once, shared by concurrent
 * asks), logging out (an already-ended session is as good as ended), forgetting the session,
 * and onError's dispatch by result code. Where they differ — how a check decides, where a
 * person goes after logging out, what an ended session or a lost role does — is the app's.
 */
export function createSessionAuth(deps: SessionAuthDeps) {
  let identity: CurrentUser | null = null;
  let identityRequest: Promise<CurrentUser> | null = null;

  function forget(): void {
    identity = null;
    identityRequest = null;
    deps.store.clear();
  }

  function loadIdentity(): Promise<CurrentUser> {
    identityRequest ??= deps
      .send(accountEndpoints.personalCurrentUserDetail, {})
      .then((user) => {
        identity = user;
        if (user.instanceId) deps.store.setInstanceId(user.instanceId);
        return user;
      })
      .finally(() => {
        identityRequest = null;
      });
    return identityRequest;
  }

  return {
    forget,
    loadIdentity,
    /** The cached user, for code that must not trigger a request. */
    cachedIdentity: () => identity,
    /** A new sign-in: the next getIdentity asks again. */
    clearIdentity: () => {
      identity = null;
    },
    getIdentity: async (): Promise<CurrentUser | null> => identity ?? loadIdentity().catch(() => null),

    /**
     * Ends the session; `leave` gets the sign-in page that comes back to where the person was when
     * they chose to leave. When the session signed in to SAML service providers, the browser first
     * goes (a full page load) through the page that signs them out, which ends on the sign-in page.
     */
    async logout(leave: (signInAddress: string) => AuthActionResponse): Promise<AuthActionResponse> {
      const back = deps.signInAddress();
      let singleLogout: string | null = null;
      try {
        singleLogout = (await deps.send(authEndpoints.logout, await deps.logoutInput()))?.singleLogout ?? null;
      } catch (error) {
        if (errorCode(error) !== CODE.notSignedIn) return authFailure(error);
      }
      forget();
      if (singleLogout && singleLogout.startsWith('/saml/')) {
        deps.navigate(singleLogout);
        return { success: true };
      }
      return leave(back);
    },

    /** Refine's onError: the app's answer to the codes it handles (an ended session, a role taken away), nothing for the rest. */
    onError(handlers: Partial<Record<ResultCode, (error: unknown) => unknown>>) {
      return async (error: unknown): Promise<OnErrorResponse> => {
        await handlers[errorCode(error) as ResultCode]?.(error);
        return {};
      };
    },
  };
}
