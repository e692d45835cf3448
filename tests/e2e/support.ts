import { test as base, expect, type APIRequestContext, type Browser, type Page, type Response } from '@playwright/test';
import { watchTest } from './consoleGuard';

export { expect };
export { expectConsoleErrors, expectRefusals } from './consoleGuard';

/**
 * The session check a page makes when it opens (the portal's current-user-detail, the
 * workbench's access). Where the browser holds no live session (a signed-out deep link, a
 * session that expired or was ended elsewhere) its 401 is the expected answer:
 * `expectRefusals(page, [401], SESSION_CHECK)`.
 */
export const SESSION_CHECK = /\/idaas\/personal\/v1\/(current-user-detail|access)$/;

export const DEMO_PASSWORD = 'Idaas@2026';

let issued = 0;

/**
 * A client address no other test of the run uses: the worker's index and a count within the
 * worker, so a retry (a new worker) gets a fresh one too.
 */
function nextClientAddress(workerIndex: number): string {
  const n = workerIndex * 4096 + ++issued;
  return `10.${200 + ((n >> 16) & 31)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * The server counts SMS, captcha and sign-in budgets per client address and believes one proxy
 * hop (TRUST_PROXY=1 in playwright.config.ts), so every test, its page.request and any context
 * it opens come from an address of their own: no journey spends another's budget, whatever the
 * order they run in.
 */
export const test = base.extend<{ consoleGuard: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': nextClientAddress(testInfo.workerIndex) });
  },
  // Fails a journey on a console error, an uncaught exception or an undeclared 4xx/5xx of the
  // portal (tests/e2e/consoleGuard.ts); declare the expected ones with expectRefusals.
  consoleGuard: [
    async ({ browser, context, baseURL }, use) => {
      const watch = watchTest(browser, context, new URL(baseURL ?? 'http://localhost').origin);
      try {
        await use();
      } finally {
        watch.stop();
      }
      expect(watch.problems(), 'console errors, uncaught exceptions and undeclared 4xx/5xx answers of the portal').toEqual([]);
    },
    { auto: true },
  ],
});

/** The newest code texted to a number, read from the demo outbox (test mode only). */
export async function lastSmsCode(request: APIRequestContext, mobileNo: string): Promise<string> {
  const res = await request.get(`/idaas/dev/sms?mobileNo=${mobileNo}`);
  expect(res.ok(), `an SMS was sent to ${mobileNo}`).toBe(true);
  return (await res.json()).data.code as string;
}

/** Waits until a code newer than `previous` reaches the number. */
export async function nextSmsCode(request: APIRequestContext, mobileNo: string, previousSentAt: string | null): Promise<string> {
  let code = '';
  await expect.poll(async () => {
    const res = await request.get(`/idaas/dev/sms?mobileNo=${mobileNo}`);
    if (!res.ok()) return false;
    const data = (await res.json()).data as { code: string; sentAt: string };
    code = data.code;
    return data.sentAt !== previousSentAt;
  }).toBe(true);
  return code;
}

export async function lastSmsSentAt(request: APIRequestContext, mobileNo: string): Promise<string | null> {
  const res = await request.get(`/idaas/dev/sms?mobileNo=${mobileNo}`);
  return res.ok() ? ((await res.json()).data.sentAt as string) : null;
}

/** The answer of a picture captcha shown on the page, by its capKey. */
export async function captchaAnswer(request: APIRequestContext, capKey: string): Promise<string> {
  const res = await request.get(`/idaas/dev/captcha?capKey=${encodeURIComponent(capKey)}`);
  return (await res.json()).data.answer as string;
}

/**
 * Signs in on the ACCOUNT tab as a person would, solving the picture captcha if the page asks
 * for one (earlier journeys' failures from this address can make it), and waits to leave /login.
 */
export async function signIn(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await signInHere(page, account, password);
}

/**
 * Signs in from the sign-in page a deep link to `path` leads to (/login?redirect=…) and waits for
 * that page: the SPA goes there itself, one full page load fewer than signing in and then opening it.
 */
export async function signInTo(page: Page, path: string, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signInHere(page, account, password);
  const target = new URL(path, 'http://portal.invalid');
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search && url.hash === target.hash);
}

/**
 * Another person: a page in a browser context of its own (its own cookies), signed in on `path`,
 * or on the landing page of the account when no path is given.
 */
export async function personIn(browser: Browser, account: string, { path, password = DEMO_PASSWORD }: { path?: string; password?: string } = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (path) await signInTo(page, path, account, password);
  else await signIn(page, account, password);
  return page;
}

/** The same on the sign-in page already open (one an application's sign-in sent the browser to, with its ?redirect=). */
export async function signInHere(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  let capKey = '';
  const watch = async (response: Response) => {
    if (response.url().includes('/auth/v1/pacas/get-valid-code')) capKey = (await response.json()).data.capKey;
  };
  page.on('response', watch);
  try {
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-password').press('Enter');
    const left = page.waitForURL((url) => !url.pathname.startsWith('/login')).then(() => 'left' as const);
    const asked = page.getByTestId('captcha-image').waitFor().then(() => 'captcha' as const);
    if ((await Promise.race([left, asked])) === 'captcha') {
      await expect.poll(() => capKey).not.toBe('');
      await page.getByTestId('captcha-input').pressSequentially(await captchaAnswer(page.request, capKey));
      await left;
    }
  } finally {
    page.off('response', watch);
  }
}
