import type { ChildProcess } from 'node:child_process';
import { expect, expectConsoleErrors, expectRefusals, SESSION_CHECK, signInHere, startSession, test } from './support';
import { moveApp, startSample, stopSamples, watchNavigation } from './samples';

/*
 * Single sign-on through the portal's CAS 3.0 server, in the browser: the sample CAS client
 * (examples/cas-client) as the demo service demo-cas, which the demo organisation registers at
 * http://127.0.0.1:8768/ (prefix); each worker runs it on a port of its own.
 */

const CLIENT = { appId: 'demo-cas', seeded: 'http://127.0.0.1:8768', origin: '' };

test.describe('single sign-on through the portal (CAS)', () => {
  let samples: ChildProcess[] = [];
  let portal = '';

  test.beforeAll(async ({ portal: own, db }) => {
    portal = own.origin;
    // Slots 0–1 are the OpenID Connect journey's, 2–3 the SAML one's (a worker runs them all).
    CLIENT.origin = `http://127.0.0.1:${own.ownPort(4)}`;
    moveApp(db, CLIENT.appId, CLIENT.seeded, CLIENT.origin);
    samples = [await startSample('casClient', { IDP: portal, PORT: new URL(CLIENT.origin).port }, 'Demo CAS client on')];
  });
  test.afterAll(() => stopSamples(samples));

  test('lisi signs in through the client at the portal and sees her attributes; signing out of the portal ends the client\'s session', async ({ page, db }) => {
    const name = db.userNameOf('lisi');
    await page.goto(`${CLIENT.origin}/`);
    await page.locator('#sign-in').click();
    await expect(page).toHaveURL(new RegExp(`^${portal}/login\\?.*redirect=%2Fcas%2Flogin`));
    await signInHere(page, 'lisi');
    await expect(page).toHaveURL(`${CLIENT.origin}/`);
    await expect(page.locator('#who')).toHaveText(name);
    await expect(page.locator('#user')).toHaveText('lisi');
    await expect(page.locator('#attributes')).toContainText(name);

    // The portal's sign-out posts a logoutRequest naming the ticket to the service (back channel).
    await page.goto(`${portal}/myApp`);
    await expect(page.getByTestId('app-tile').first()).toBeVisible();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect.poll(async () => {
      await page.goto(`${CLIENT.origin}/`);
      return page.locator('#sign-in').count();
    }, { message: 'the client shows the signed-out page' }).toBe(1);
    await expect(page.locator('#who')).toHaveCount(0);
  });

  test('a signed-in person gets a ticket with no page; signing out of the client signs out of the portal', async ({ page, db }) => {
    await startSession(page.context(), 'zhangsan');
    await page.goto(`${CLIENT.origin}/`);
    const seen = watchNavigation(page);
    await page.locator('#sign-in').click();
    await expect(page.locator('#who')).toHaveText(db.userNameOf('zhangsan'));
    const portalHops = seen.requested.filter((url) => url.startsWith(portal)).map((url) => new URL(url).pathname);
    expect(portalHops).toEqual(['/cas/login']);

    await page.locator('#sign-out').click();
    await expect(page).toHaveURL(`${CLIENT.origin}/`);
    await expect(page.locator('#sign-in')).toBeVisible();
    // The portal's session is gone: its page finds no one signed in and goes to the sign-in page.
    expectRefusals(page, [401], SESSION_CHECK);
    await page.goto(`${portal}/myApp`);
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });

  test('"my apps" opens the client at its home, which signs in with no page', async ({ page, db }) => {
    await startSession(page.context(), 'lisi');
    await page.goto(`${portal}/myApp`);
    const opened = page.waitForEvent('popup');
    await page.getByTestId('app-tile').filter({ hasText: /^CAS 示例应用$/ }).click();
    const client = await opened;
    await expect(client).toHaveURL(`${CLIENT.origin}/`);
    await client.locator('#sign-in').click();
    await expect(client.locator('#who')).toHaveText(db.userNameOf('lisi'));
  });

  test('someone without permission gets the portal\'s refusal and no ticket', async ({ page }) => {
    expectConsoleErrors(page, /the server responded with a status of 403/);
    await startSession(page.context(), 'emp0001');
    await page.goto(`${CLIENT.origin}/`);
    await page.locator('#sign-in').click();
    await expect(page).toHaveURL(new RegExp(`^${portal}/permissionsNone`));
    await page.goto(`${CLIENT.origin}/`);
    await expect(page.locator('#who')).toHaveCount(0);
  });
});
