import { API_PREFIX } from '../../../contract/paths';
import { LIMITS } from '../../../contract/rules';
import { LOGIN_PATH } from '../../config';

/** The query parameter that names the page a sign-in returns to (the OIDC interaction sends the same). */
export const RETURN_PARAM = 'redirect';

/** Resolves paths to check that they stay on it; never contacted. */
const PROBE_ORIGIN = 'http://return-path.invalid';

/*
 * C0 and C1 controls, DEL, and the Unicode line and paragraph separators: URL parsers drop some
 * of them (a tab or newline inside "/\t/evil" makes it "//evil"), so none may appear at all.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Same-origin pages outside this single-page app: the workbench (its own page, hash routes), the
 * server's OpenID Connect provider and its interaction routes, the SAML and CAS endpoints, and the API (an application
 * launch). The router cannot show them: they need a full page load.
 */
const SERVER_PAGES = new RegExp(`^(?:/systemhub|/oidc|/oidc-interaction|/saml|/cas|${API_PREFIX})(?:[/?#]|$)`, 'i');

const LOGIN_PAGE = new RegExp(`^${LOGIN_PATH}(?:[/?#]|$)`, 'i');

/** A path that can only mean this origin: one leading slash, no backslash, no control character. */
function plainPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !CONTROL.test(path);
}

/**
 * The page a sign-in may return to, from an untrusted `?redirect=` value (already decoded once by
 * the query string), or null: then the sign-in goes to the default landing page. Only a path on
 * this origin passes — never an open redirect. The value is decoded once more and checked again,
 * so "/%5Cevil" or "/%2F%2Fevil" cannot turn into a host at a later hop, and the answer is what
 * the URL parser makes of the path (a path that would leave the origin once normalised fails).
 * The sign-in page itself is no return path: it would only ask again.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > LIMITS.returnPathMax) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!plainPath(raw) || !plainPath(decoded)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return LOGIN_PAGE.test(path) ? null : path;
}

/** Whether a (safe) return path is a page of the server or the workbench rather than a route of this app. */
export function needsFullPageLoad(path: string): boolean {
  return SERVER_PAGES.test(path);
}

/** Whether a path is the sign-in page (with or without its query). */
export function isLoginPage(path: string): boolean {
  return LOGIN_PAGE.test(path);
}

/** Adds the return path to a page's address, when there is a safe one. */
export function withReturnPath(address: string, back: string | null | undefined): string {
  const path = safeReturnPath(back);
  if (!path) return address;
  return `${address}${address.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(path)}`;
}

/** The sign-in page that comes back to `back` (bare when there is no safe return path). */
export function loginAddress(back: string | null | undefined): string {
  return withReturnPath(LOGIN_PATH, back);
}
