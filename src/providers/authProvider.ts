import type { AuthActionResponse, AuthProvider, CheckResponse } from '@refinedev/core';
import { CODE } from '../../contract/codeNames';
import { authEndpoints } from '../../contract/endpoints/auth';
import { passkeySignInEndpoints } from '../../contract/endpoints/passkeySignIn';
import { signInEndpoints } from '../../contract/endpoints/signIn';
import type { LoginResponse } from '../../contract/schemas/auth';
import type { AuthenticationCredential } from '../../contract/schemas/factors';
import { callThrough } from '../shared/providers/api';
import { deviceInfo as defaultDeviceInfo, type DeviceInfo } from '../shared/providers/device';
import { feedback as defaultFeedback } from '../shared/providers/feedback';
import { http as defaultHttp, type Http } from '../shared/providers/http';
import { t } from '../shared/providers/i18nProvider';
import { continueLogin, toCheckInfo, type FlowDeps, type LoginTarget } from './loginFlow';
import { isLoginPage, loginAddress, safeReturnPath } from '../shared/providers/returnPath';
import { sm2Client } from '../shared/providers/sm2';
import { authFailure, createSessionAuth } from '../shared/providers/sessionAuth';
import { sessionStore, type SessionStore } from '../shared/providers/storage';

export interface AccountLoginParams {
  loginType?: 'ACCOUNT';
  account: string;
  password: string;
  validCode?: string;
  capKey?: string;
  appId?: string;
  query?: Record<string, string>;
  /** The page to land on once signed in (?redirect= of the sign-in page); checked before use. */
  returnTo?: string | null;
}

export interface SmsLoginParams {
  loginType: 'MSG_CODE';
  mobileNo: string;
  validateCode: string;
  smsCodeKey: string;
  appId?: string;
  query?: Record<string, string>;
  returnTo?: string | null;
}

/** Passwordless: the passkey's assertion (startAuthentication's answer) for passkeyLoginOptions' challenge. */
export interface PasskeyLoginParams {
  loginType: 'PASSKEY';
  credential: AuthenticationCredential;
  appId?: string;
  query?: Record<string, string>;
  returnTo?: string | null;
}

export type LoginParams = AccountLoginParams | SmsLoginParams | PasskeyLoginParams;

/** A sign-in that succeeded but waits for the user to answer the password-expiry reminder. */
export interface PasswordExpiryPrompt {
  days: number;
  srmi: string | null;
  response: LoginResponse;
  appId: string | null;
  returnTo: string | null;
}

export interface LoginResult extends AuthActionResponse {
  passwordExpiry?: PasswordExpiryPrompt;
}

export interface AuthDeps {
  http: Http;
  encrypt: (value: string) => Promise<string>;
  device: () => Promise<DeviceInfo>;
  store: SessionStore;
  feedback: Pick<typeof defaultFeedback, 'error' | 'refusal' | 'confirm'>;
  translate: (key: string, options?: Record<string, unknown>) => string;
  /** Full-page navigation and the current location, behind a seam for tests. */
  page: { assign(href: string): void; path(): string };
}

const browserPage: AuthDeps['page'] = {
  assign: (href) => window.location.assign(href),
  path: () => `${window.location.pathname}${window.location.search}`,
};

/**
 * Refine auth provider of the portal: password, SMS and passkey sign-in with the post-login rules of
 * the sign-in spec (self-service steps, expiry reminder, second factor, redirect or roles),
 * the session check against current-user-detail, logout and the session-expiry dialog.
 */
export function createAuth(deps: AuthDeps) {
  let expiryDialogOpen = false;
  const send = callThrough(deps.http);

  const flowDeps: FlowDeps = {
    http: deps.http,
    store: deps.store,
    onNoRoleData: () => deps.feedback.error(deps.translate('login.messages.noDefaultApp')),
    onRefused: (error) => deps.feedback.refusal(error),
  };

  /** The sign-in page that comes back here; on the sign-in page already, that page as it is (its own ?redirect= kept). */
  function signInAddress(): string {
    const here = deps.page.path();
    return isLoginPage(here) ? here : loginAddress(here);
  }

  const session = createSessionAuth({ send, store: deps.store, signInAddress, logoutInput: deps.device, navigate: (href) => deps.page.assign(href) });
  const { forget, loadIdentity } = session;

  /** Router redirects go back to Refine; other URLs need a full page load. */
  function toResult(target: LoginTarget): LoginResult {
    if (target.kind === 'route') return { success: true, redirectTo: target.to };
    deps.page.assign(target.href);
    return { success: true };
  }

  async function callLogin(params: LoginParams): Promise<LoginResponse> {
    const device = await deps.device();
    const shared = { ...device, appId: params.appId || undefined, query: params.query };
    if (params.loginType === 'MSG_CODE') {
      const { mobileNo, validateCode, smsCodeKey } = params;
      return send(signInEndpoints.msgLoginCheck, { ...shared, mobileNo, validateCode, smsCodeKey, loginType: 'MSG_CODE' });
    }
    if (params.loginType === 'PASSKEY') return send(passkeySignInEndpoints.passkeyLogin, { ...shared, credential: params.credential });
    const [userId, password] = await Promise.all([deps.encrypt(params.account.trim()), deps.encrypt(params.password)]);
    return send(authEndpoints.loginCheck, {
      ...shared,
      userId,
      password,
      loginType: 'ACCOUNT',
      validCode: params.validCode || undefined,
      capKey: params.capKey || undefined,
    });
  }

  const provider: AuthProvider = {
    async login(params: LoginParams): Promise<LoginResult> {
      let response: LoginResponse;
      try {
        response = await callLogin(params);
      } catch (error) {
        return authFailure(error);
      }
      session.clearIdentity();
      deps.store.setInstanceId(response.instanceId);
      const appId = params.appId || null;
      const returnTo = safeReturnPath(params.returnTo);
      if (response.steps?.length) {
        deps.store.setCheckInfo(toCheckInfo(response, appId, returnTo));
        return { success: true, redirectTo: '/selfService' };
      }
      if (response.passwordExpireDays > 0) {
        return { success: true, passwordExpiry: { days: response.passwordExpireDays, srmi: response.srmi, response, appId, returnTo } };
      }
      return toResult(await continueLogin(response, appId, flowDeps, returnTo));
    },

    async check(): Promise<CheckResponse> {
      if (session.cachedIdentity()) return { authenticated: true };
      try {
        await loadIdentity();
        return { authenticated: true };
      } catch (error) {
        forget();
        // A signed-out deep link signs in and comes back to the page it asked for.
        return { authenticated: false, redirectTo: signInAddress(), logout: true, error: error as Error };
      }
    },

    getIdentity: session.getIdentity,

    // Signing in again brings the person back to where they chose to leave, inside the portal's router.
    logout: (): Promise<AuthActionResponse> => session.logout((back) => ({ success: true, redirectTo: back })),

    // E00013 (a flow's ticket expired) is the page's to explain: a public flow says the page
    // stayed open too long and starts again or leaves for /login, whichever suits it.
    onError: session.onError({
      [CODE.notSignedIn]: () => {
        // The login page calls public endpoints only; an expiry there means nothing.
        if (isLoginPage(deps.page.path()) || expiryDialogOpen) return;
        expiryDialogOpen = true;
        deps.feedback.confirm({
          title: deps.translate('session.expiredTitle'),
          content: deps.translate('session.expiredContent'),
          okText: deps.translate('session.signInAgain'),
          cancelText: deps.translate('common.actions.cancel'),
          onOk: () => {
            // The page is read when the person answers: that is where signing in again returns.
            const back = signInAddress();
            forget();
            deps.page.assign(back);
          },
          afterClose: () => {
            expiryDialogOpen = false;
          },
        });
      },
    }),
  };

  return {
    provider,
    /** After the expiry reminder was skipped: second factor or completion. */
    async resumeLogin(prompt: PasswordExpiryPrompt): Promise<LoginResult> {
      return toResult(await continueLogin(prompt.response, prompt.appId, flowDeps, prompt.returnTo));
    },
    /** The cached user, for code that must not trigger a request. */
    cachedIdentity: session.cachedIdentity,
  };
}

export const auth = createAuth({
  http: defaultHttp,
  encrypt: (value) => sm2Client.encrypt(value),
  device: defaultDeviceInfo,
  store: sessionStore,
  feedback: defaultFeedback,
  translate: t,
  page: browserPage,
});

export const authProvider = auth.provider;
