import { randomBytes } from 'node:crypto';
import {
  test as playwrightTest, expect,
  type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page,
  type PlaywrightTestArgs, type PlaywrightTestOptions, type PlaywrightWorkerArgs, type PlaywrightWorkerOptions, type Response, type TestType,
} from '@playwright/test';
import { sm2Encrypt } from '../support/sm2Encrypt';
import { watchTest } from './consoleGuard';
import { ContextPool } from './contextPool';
import { demoDb, type DemoDb } from './db';
import { startPortal, type Portal } from './portal';

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

/** The portal's pages open in `lang`, as the language switch would have stored it (pages without storage, such as about:blank, are left alone). */
export async function inLanguage(page: Page, lang: string): Promise<void> {
  await page.addInitScript((l) => {
    if (location.protocol.startsWith('http')) localStorage.setItem('idaas.lang', l);
  }, lang);
}

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
 * Playwright's own fixture with the options a test's context is made with (the project's, the
 * file's `test.use`): lent contexts are told apart by them. Not in Playwright's public types.
 */
const base = playwrightTest as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { _combinedContextOptions: BrowserContextOptions },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/**
 * Each worker has a portal of its own (tests/e2e/portal.ts: its own port, server and database),
 * which every page, `request` and context of its tests talk to (`baseURL`), and `db` writes
 * into that portal's database.
 *
 * The server counts SMS, captcha and sign-in budgets per client address and believes one proxy
 * hop (TRUST_PROXY=1), so every test, its page.request and any context it opens come from an
 * address of their own: no journey spends another's budget, whatever the order they run in.
 */
export const test = base.extend<{ consoleGuard: void }, { portal: Portal; db: DemoDb; contextPool: ContextPool }>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const portal = await startPortal(workerInfo.parallelIndex);
      try {
        await use(portal);
      } finally {
        await portal.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  db: [async ({ portal }, use) => use(demoDb(portal.dbFile)), { scope: 'worker' }],
  baseURL: async ({ portal }, use) => use(portal.origin),
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': nextClientAddress(testInfo.workerIndex) });
  },
  // The portal's key as the lent contexts' keeper page: a small JSON document, no script.
  contextPool: [async ({ browser }, use) => {
    const pool = new ContextPool(browser, '/idaas/auth/v1/sm2_key');
    await use(pool);
    await pool.close();
  }, { scope: 'worker' }],
  // Each journey's own context is lent by the worker's pool (tests/e2e/contextPool.ts): signed
  // out and with empty storage as a fresh one, but with the portal's code already loaded.
  // Contexts a journey opens itself (another person) are fresh ones. E2E_FRESH_CONTEXTS=1 gives
  // each journey a fresh context too, to tell a failure about lending from any other.
  context: async ({ browser, contextPool, _combinedContextOptions, extraHTTPHeaders }, use, testInfo) => {
    if (process.env.E2E_FRESH_CONTEXTS) {
      const fresh = await browser.newContext();
      await use(fresh);
      await fresh.close();
      return;
    }
    const { extraHTTPHeaders: _ownAddress, ...options } = _combinedContextOptions;
    const context = await contextPool.borrow(options, extraHTTPHeaders ?? {});
    deviceIds.delete(context);
    await use(context);
    await contextPool.giveBack(context, testInfo.status === testInfo.expectedStatus);
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

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
/** The worker's portal's key: a worker process talks to one portal all its life. */
let publicKey: Promise<string> | undefined;
/** One device id per browser context, as each browser profile has its own fingerprint. */
const deviceIds = new WeakMap<BrowserContext, string>();

/** The portal's SM2 public key (04 || X || Y), which the sign-in page encrypts with. */
function publicKeyOf(request: APIRequestContext): Promise<string> {
  publicKey ??= request.get('/idaas/auth/v1/sm2_key').then(async (res) => {
    const { pubX, pubY } = (await res.json()).data as { pubX: string; pubY: string };
    return `04${pubX}${pubY}`;
  });
  return publicKey;
}

/**
 * A fresh session for `account` in this browser context, without the sign-in page: the password
 * sign-in the page makes (account and password SM2-encrypted with the portal's key), sent from
 * the context itself, so its session cookie, user agent and client address are the context's.
 * For journeys whose subject is not signing in; the sign-in page keeps journeys of its own.
 * The account must need no second factor or self-service step.
 */
export async function startSession(context: BrowserContext, account: string, password = DEMO_PASSWORD): Promise<void> {
  const request = context.request;
  const key = await publicKeyOf(request);
  let deviceId = deviceIds.get(context);
  if (!deviceId) deviceIds.set(context, (deviceId = `e2e-${randomBytes(8).toString('hex')}`));
  const signIn = (captcha: Record<string, string> = {}) => request.post('/idaas/auth/v1/login-check', {
    headers: API_HEADERS,
    data: { userId: sm2Encrypt(account, key), password: sm2Encrypt(password, key), deviceId, deviceName: 'Chrome', loginType: 'ACCOUNT', ...captcha },
  });
  let body = await (await signIn()).json();
  if (body.code === 'E30127') {
    // Earlier failures for this account (another journey's wrong passwords) ask for the picture captcha.
    const { capKey } = (await (await request.post('/idaas/auth/v1/pacas/get-valid-code', { headers: API_HEADERS, data: {} })).json()).data;
    body = await (await signIn({ capKey, validCode: await captchaAnswer(request, capKey) })).json();
  }
  expect(body.code, `${account} signs in`).toBe('D00000');
  expect(body.data, `${account} signs in without a second factor or a self-service step`).toMatchObject({ secondAuth: false, steps: [] });
}

/** Signed in as `account` without the sign-in page, then on `path` by a full page load. */
export async function openAs(page: Page, account: string, path: string, password = DEMO_PASSWORD): Promise<void> {
  await startSession(page.context(), account, password);
  await page.goto(path);
}

/** Another person: a page in a browser context of its own (its own cookies), signed in without the sign-in page and on `path`. */
export async function personAt(browser: Browser, account: string, path: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openAs(page, account, path, password);
  return page;
}

/**
 * The dialog that has just opened, once its opening zoom is over: antd grows a dialog from the
 * point clicked to open it, and a click aimed at its buttons while it grows aims at a moving
 * target (on a busy machine the click lands beside the button, or on the mask, which closes the
 * dialog). Wait for it before the first click in a dialog. `holding` picks the dialog by what it
 * holds, for when another one may still be fading out (the dialog just closed).
 */
export async function openedDialog(page: Page, holding?: Locator): Promise<Locator> {
  const visible = page.locator('.ant-modal-wrap:visible .ant-modal');
  const dialog = holding ? visible.filter({ has: holding }) : visible;
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  return dialog;
}

/**
 * Confirms the open confirmation dialog (useConfirm), once its opening motion is over: a click on
 * its OK while the dialog still zooms in is sometimes lost, as with popovers below.
 */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = await openedDialog(page, page.getByTestId('confirm-ok'));
  await dialog.getByTestId('confirm-ok').click();
}

/**
 * Confirms the open Popconfirm, once its opening motion is over: a click on its OK while the
 * popover still grows from its trigger is sometimes lost (a warm renderer gets there sooner).
 */
export async function confirmPopover(page: Page): Promise<void> {
  const popover = page.locator('.ant-popover:visible').filter({ has: page.locator('.ant-popconfirm-buttons') });
  await expect(popover).toBeVisible();
  await expect(popover).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  await popover.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
}

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

/** On the register page: asks for the code to the typed number (answering the captcha popup) and types it in. */
export async function fillRegistrationCode(page: Page, mobileNo: string): Promise<void> {
  const before = await lastSmsSentAt(page.request, mobileNo);
  const captcha = page.waitForResponse((r) => r.url().includes('/auth/v1/pacas/get-valid-code'));
  await page.getByTestId('register-form').getByTestId('sms-send').click();
  const { data } = await (await captcha).json();
  await page.getByTestId('captcha-popup-input').pressSequentially(await captchaAnswer(page.request, data.capKey));
  await page.getByTestId('register-code').fill(await nextSmsCode(page.request, mobileNo, before));
}

/** The answer of a picture captcha shown on the page, by its capKey. */
export async function captchaAnswer(request: APIRequestContext, capKey: string): Promise<string> {
  const res = await request.get(`/idaas/dev/captcha?capKey=${encodeURIComponent(capKey)}`);
  return (await res.json()).data.answer as string;
}

/**
 * Signs in on the ACCOUNT tab as a person would, solving the picture captcha if the page asks
 * for one (earlier journeys' failures from this address can make it), and waits to leave /login:
 * for journeys about signing in (the page, the steps after it, the way back). Any other journey
 * starts with a session opened without the page (startSession, openAs).
 */
export async function signIn(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await signInHere(page, account, password);
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

/**
 * The errors a form item (or a whole form) says now: antd keeps a replaced message in the page
 * while it animates out, so right after a second submit the old one and the new one are both there.
 */
export function fieldErrors(scope: Locator): Locator {
  return scope.locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
}
