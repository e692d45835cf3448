/** Constants the browser side shares between providers and pages. */

/** Sent as X-Client-Id on every call; the server refuses state-changing calls without it (CSRF guard). */
export const CLIENT_ID = 'idaas-portal-web';

export const REQUEST_TIMEOUT_MS = 60_000;
export const NETWORK_TOAST_SECONDS = 5;

/** Storage keys. roleCode and checkInfo keep the names the spec gives them. */
export const STORAGE_KEYS = {
  instanceId: 'instanceId',
  roleCode: 'roleCode',
  access: 'idaas.access',
  checkInfo: 'checkInfo',
  lang: 'idaas.lang',
  /** The account name the user asked the sign-in page to remember (never a password). */
  rememberedAccount: 'idaas.account',
} as const;

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/myApp';
