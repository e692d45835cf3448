import type { AuthProvider, CheckResponse, OnErrorResponse } from '@refinedev/core';
import { CODE } from '../../../contract/codeNames';
import { accountEndpoints, type AccessDetail } from '../../../contract/endpoints/account';
import { authEndpoints } from '../../../contract/endpoints/auth';
import type { CurrentUser } from '../../../contract/schemas/personal';
import { call } from '../../shared/providers/api';
import { errorCode } from '../../shared/providers/apiError';
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
  let identity: CurrentUser | null = null;

  async function leave(error: unknown): Promise<CheckResponse> {
    access = null;
    identity = null;
    if (errorCode(error) === CODE.notSignedIn) {
      sessionStore.clear();
      page.assign(loginAddress(page.here()));
    }
    return { authenticated: false, error: error as Error };
  }

  const provider: AuthProvider = {
    async login() {
      // Signing in happens on the portal's sign-in page.
      page.assign(loginAddress(page.here()));
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

    async getIdentity() {
      identity ??= await call(accountEndpoints.personalCurrentUserDetail, {}).catch(() => null);
      return identity;
    },

    async getPermissions() {
      return access;
    },

    async logout() {
      try {
        await call(authEndpoints.logout, {});
      } catch (error) {
        if (errorCode(error) !== CODE.notSignedIn) return { success: false, error: error as Error };
      }
      access = null;
      identity = null;
      sessionStore.clear();
      // Signing in again comes back to the page that was open, as in the portal.
      page.assign(loginAddress(page.here()));
      return { success: true };
    },

    async onError(error: unknown): Promise<OnErrorResponse> {
      const code = errorCode(error);
      if (code === CODE.notSignedIn) {
        await leave(error);
        return {};
      }
      // The role was taken away while the page was open.
      if (code === CODE.forbidden) {
        access = null;
        const fresh = await provider.check();
        if (!fresh.authenticated) return {};
      }
      return {};
    },
  };

  return { provider, access: () => access };
}

export const workbenchAuth = createWorkbenchAuth();
export const authProvider = workbenchAuth.provider;
