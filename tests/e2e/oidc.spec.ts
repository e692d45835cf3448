import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expectConsoleErrors } from './consoleGuard';
import type { DemoDb } from './db';
import { startSample as startExample, stopSamples } from './samples';
import { expect, lastSmsSentAt, nextSmsCode, signInHere, startSession, test } from './support';

/*
 * Single sign-on through the portal's OpenID Connect provider, in the browser: the sample
 * application (examples/oidc-rp) twice, as the demo clients demo-rp and demo-rp-2. The demo
 * organisation registers them on ports 8765 and 8766 (server/demo/seedOidc.ts); each worker
 * runs its samples on ports of its own and moves the clients' addresses there in its database.
 * The person with the second factor is a generated employee no other journey uses: zhaoliu's own
 * journey (sign-in-flows.spec.ts) texts 13800000004, and a number takes one text a minute.
 */

interface Sample { clientId: string; secret: string; seeded: string; origin: string }

const APPS: { first: Sample; second: Sample } = {
  first: { clientId: 'demo-rp', secret: 'demo-rp-secret', seeded: 'http://127.0.0.1:8765', origin: '' },
  second: { clientId: 'demo-rp-2', secret: 'demo-rp-2-secret', seeded: 'http://127.0.0.1:8766', origin: '' },
};

const ACCOUNT = 'emp0160';
const MOBILE = '13910000160';

/** Moves a client's registered addresses (launch, redirect, logout, back-channel, initiate-login) from the seeded origin to the sample's. */
function moveClient(db: DemoDb, app: Sample) {
  const columns = ['idp_sso_url', 'oidc_redirect_uris', 'oidc_post_logout_redirect_uris', 'oidc_backchannel_logout_uri', 'oidc_initiate_login_uri'];
  db.run((sqlite) => sqlite.prepare(`UPDATE apps SET ${columns.map((c) => `${c} = replace(${c}, @seeded, @origin)`).join(', ')} WHERE client_id = @clientId`)
    .run({ seeded: app.seeded, origin: app.origin, clientId: app.clientId }));
}

/** Starts the sample application for one client; resolves once it listens. */
function startSample(portal: string, app: Sample): Promise<ChildProcess> {
  return startExample('oidcRp', { ISSUER: `${portal}/oidc`, CLIENT_ID: app.clientId, CLIENT_SECRET: app.secret, PORT: new URL(app.origin).port }, 'Demo RP on');
}

/** Console errors and uncaught exceptions of the portal's pages (the samples' pages have no script). */
function watchPortalConsole(page: Page, portal: string): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location().url.startsWith(portal)) errors.push(`${message.location().url}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (page.url().startsWith(portal)) errors.push(`${page.url()}: ${error.message}`);
  });
  return errors;
}

test.describe('single sign-on through the portal (OpenID Connect)', () => {
  let samples: ChildProcess[] = [];
  let portal = '';

  test.beforeAll(async ({ portal: own, db }) => {
    portal = own.origin;
    APPS.first.origin = `http://127.0.0.1:${own.ownPort(0)}`;
    APPS.second.origin = `http://127.0.0.1:${own.ownPort(1)}`;
    moveClient(db, APPS.first);
    moveClient(db, APPS.second);
    samples = await Promise.all([startSample(portal, APPS.first), startSample(portal, APPS.second)]);
  });
  test.afterAll(() => stopSamples(samples));

  test('sign-in with the second factor, single sign-on into a second application, sign-out of the portal signs both out', async ({ page, request, db }) => {
    db.setUserColumns(ACCOUNT, { second_auth_required: 1 });
    db.grantApp(ACCOUNT, APPS.first.clientId);
    db.grantApp(ACCOUNT, APPS.second.clientId);
    const name = db.userNameOf(ACCOUNT);
    const consoleErrors = watchPortalConsole(page, portal);

    // Signed out: the application sends the browser to the portal's sign-in page, which will come back.
    await page.goto(`${APPS.first.origin}/`);
    await page.locator('#sign-in').click();
    await expect(page).toHaveURL(new RegExp(`^${portal}/login\\?appId=demo-rp&redirect=%2Foidc-interaction%2F`));
    const before = await lastSmsSentAt(request, MOBILE);
    await signInHere(page, ACCOUNT);
    await expect(page).toHaveURL(/\/secondAuth\?srmi=.*&redirect=%2Foidc-interaction%2F/);
    await page.getByTestId('code-boxes-input').pressSequentially(await nextSmsCode(request, MOBILE, before));
    await expect(page).toHaveURL(`${APPS.first.origin}/`);
    await expect(page.locator('#who')).toHaveText(name);

    // The second application: no page of the portal is shown, not even for a moment.
    await page.goto(`${APPS.second.origin}/`);
    const shown: string[] = [];
    const requested: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) shown.push(frame.url());
    });
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) requested.push(req.url());
    });
    await page.locator('#sign-in').click();
    await expect(page.locator('#who')).toHaveText(name);
    await expect(page).toHaveURL(`${APPS.second.origin}/`);
    expect(shown.filter((url) => !url.startsWith(APPS.second.origin))).toEqual([]);
    // Through the provider's authorisation endpoint and straight back: no sign-in page, no interaction.
    const portalHops = requested.filter((url) => url.startsWith(portal)).map((url) => new URL(url).pathname);
    expect(portalHops).toEqual(['/oidc/auth']);

    // Signing out of the portal signs both applications out (back-channel logout).
    await page.goto(`${portal}/myApp`);
    // Once the page has what it asked for (the applications granted above among its tiles).
    await expect(page.getByTestId('app-tile').filter({ hasText: 'Demo RP 2' })).toBeVisible();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    for (const app of [APPS.first, APPS.second]) {
      await expect.poll(async () => {
        await page.goto(`${app.origin}/`);
        return page.locator('#sign-in').count();
      }, { message: `${app.clientId} shows the signed-out page` }).toBe(1);
      await expect(page.locator('#who')).toHaveCount(0);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('someone without permission for the application gets its access-denied page', async ({ page }) => {
    const consoleErrors = watchPortalConsole(page, portal);
    // The sample application answers its own access-denied page with 400, as a relying party should.
    expectConsoleErrors(page, /the server responded with a status of 400/);
    await startSession(page.context(), 'emp0001');
    await page.goto(`${APPS.first.origin}/`);
    await page.locator('#sign-in').click();
    await expect(page).toHaveURL(new RegExp(`^${APPS.first.origin}/callback\\?error=access_denied`));
    await expect(page.locator('#denied')).toHaveText('Access denied');
    await page.goto(`${APPS.first.origin}/`);
    await expect(page.locator('#who')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
