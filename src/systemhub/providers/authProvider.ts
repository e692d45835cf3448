import type { AuthProvider, CheckResponse } from '@refinedev/core';
import { CODE } from '../../../contract/codeNames';
import { accountEndpoints, type AccessDetail } from '../../../contract/endpoints/account';
import { call } from '../../shared/providers/api';
import { errorCode } from '../../shared/providers/apiError';
import { createSessionAuth } from '../../shared/providers/sessionAuth';
import { loginAddress } from '../../shared/providers/returnPath';
import { sessionStore } from '../../shared/providers/storage';
import { PORTAL_HOME, WORKBENCH_BASE } from '../config';

/** Full-page navigation (the portal is another application) and the current address, behind a seam. */
export interface Page {
  assign(href: string): void;
  /** Where to come back to after signing in: /systemhub/#/users… */
  here(): string;
}

const browserPage: Page = {
  assign: (href) => window.location.assign(href),
  here: () => `${WORKBENCH_BASE}${window.location.hash}`,
};

/**
 * The workbench's gate: the portal session (the cookie the sign-in page set) must belong to an
 * administrator. Signed-out people go to the sign-in page with a way back; signed-in people who
 * administer nothing go back to their personal centre. The answer is fetched afresh on every
 * load — the server refuses every admin call anyway, this only decides what to show.
 */
export function createWorkbenchAuth(page: Page = browserPage) {
  let access: AccessDetail | null = null;
  const signInAddress = () => loginAddress(page.here());
  const session = createSessionAuth({ send: call, store: sessionStore, signInAddress, logoutInput: async () => ({}), navigate: (href) => page.assign(href) });

  async function leave(error: unknown): Promise<CheckResponse> {
    access = null;
    session.clearIdentity();
    if (errorCode(error) === CODE.notSignedIn) {
      session.forget();
      page.assign(signInAddress());
    }
    return { authenticated: false, error: error as Error };
  }

  const provider: AuthProvider = {
    async login() {
      // Signing in happens on the portal's sign-in page.
      page.assign(signInAddress());
      return { success: true };
    },

    async check(): Promise<CheckResponse> {
      if (access?.admin) return { authenticated: true };
      try {
        access = await call(accountEndpoints.accessDetail, {});
      } catch (error) {
        return leave(error);
      }
      sessionStore.setAccess(access);
      if (!access.admin) {
        page.assign(PORTAL_HOME);
        return { authenticated: false };
      }
      return { authenticated: true };
    },

    getIdentity: session.getIdentity,

    async getPermissions() {
      return access;
    },

    // Signing in again comes back to the page that was open, as in the portal; the portal is
    // another application, so the whole page goes there.
    logout: () =>
      session.logout((back) => {
        access = null;
        page.assign(back);
        return { success: true };
      }),

    onError: session.onError({
      [CODE.notSignedIn]: leave,
      // The role was taken away while the page was open: the check sends the person away.
      [CODE.forbidden]: () => {
        access = null;
        return provider.check();
      },
    }),
  };

  return { provider, access: () => access };
}

export const workbenchAuth = createWorkbenchAuth();
export const authProvider = workbenchAuth.provider;
