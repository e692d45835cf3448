import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, expectConsoleErrors, expectRefusals, SESSION_CHECK, signInHere, startSession, test } from './support';
import { moveApp, startSample, stopSamples, watchNavigation } from './samples';

/*
 * Single sign-on through the portal's SAML 2.0 identity provider, in the browser: the sample
 * service provider (examples/saml-sp) twice, as the demo SPs demo-saml and demo-saml-2, which
 * the demo organisation registers on ports 8767 and 8769 (entity ID <origin>/metadata, ACS
 * <origin>/acs, SLO <origin>/slo); each worker runs them on ports of its own.
 */

interface Sample { appId: string; seeded: string; origin: string }

const SPS: { first: Sample; second: Sample } = {
  first: { appId: 'demo-saml', seeded: 'http://127.0.0.1:8767', origin: '' },
  second: { appId: 'demo-saml-2', seeded: 'http://127.0.0.1:8769', origin: '' },
};

test.describe('single sign-on through the portal (SAML 2.0)', () => {
  let samples: ChildProcess[] = [];
  let portal = '';

  test.beforeAll(async ({ portal: own, db }) => {
    portal = own.origin;
    // Slots 0 and 1 are the OpenID Connect journey's; a worker runs both files.
    SPS.first.origin = `http://127.0.0.1:${own.ownPort(2)}`;
    SPS.second.origin = `http://127.0.0.1:${own.ownPort(3)}`;
    for (const sp of [SPS.first, SPS.second]) moveApp(db, sp.appId, sp.seeded, sp.origin);
    samples = await Promise.all([SPS.first, SPS.second].map((sp) => startSample('samlSp', { IDP: portal, PORT: new URL(sp.origin).port }, 'Demo SAML SP on')));
  });
  test.afterAll(() => stopSamples(samples));

  test('lisi signs in to the SP at the portal and sees her NameID and attributes', async ({ page, db }) => {
    const name = db.userNameOf('lisi');
    await page.goto(`${SPS.first.origin}/`);
    await page.locator('#sign-in').click();
    // The AuthnRequest is held by the portal; its sign-in page comes back to it.
    await expect(page).toHaveURL(new RegExp(`^${portal}/login\\?.*redirect=%2Fsaml%2F`));
    await signInHere(page, 'lisi');
    await expect(page).toHaveURL(`${SPS.first.origin}/`);
    await expect(page.locator('#who')).toHaveText(name);
    // A persistent NameID: opaque, not the account.
    await expect(page.locator('#name-id-format')).toHaveText('urn:oasis:names:tc:SAML:2.0:nameid-format:persistent');
    await expect(page.locator('#name-id')).not.toHaveText(/^$|^lisi$/);
    await expect(page.locator('#session-index')).not.toBeEmpty();
    const attributes = page.locator('#attributes');
    await expect(attributes).toContainText('lisi');
    await expect(attributes).toContainText(name);
  });

  /** zhangsan, signed in to the portal, signs in to both SPs: through the SSO endpoint and its self-submitting form straight back. */
  async function signedInToBoth(page: Page, name: string) {
    for (const sp of [SPS.first, SPS.second]) {
      await page.goto(`${sp.origin}/`);
      const seen = watchNavigation(page);
      await page.locator('#sign-in').click();
      await expect(page.locator('#who')).toHaveText(name);
      await expect(page).toHaveURL(`${sp.origin}/`);
      const portalPages = [...seen.shown, ...seen.requested].filter((url) => url.startsWith(portal)).map((url) => new URL(url).pathname);
      expect(new Set(portalPages), `${sp.appId}: the portal's hops, no sign-in page`).toEqual(new Set(['/saml/sso']));
    }
  }

  test('single sign-on into a second SP with no page', async ({ page, db }) => {
    await startSession(page.context(), 'zhangsan');
    await signedInToBoth(page, db.userNameOf('zhangsan'));
  });

  test('single logout from one SP signs out the portal and the other SP', async ({ page, db }) => {
    await startSession(page.context(), 'zhangsan');
    await signedInToBoth(page, db.userNameOf('zhangsan'));
    await page.locator('#sign-out').click();
    await expect(page).toHaveURL(`${SPS.second.origin}/`);
    await expect(page.locator('#sign-in')).toBeVisible();
    // The portal's session is gone, and with it the other SP's (the portal sent it a LogoutRequest).
    for (const sp of [SPS.first, SPS.second]) {
      await page.goto(`${sp.origin}/`);
      await expect(page.locator('#who'), `${sp.appId} shows no one`).toHaveCount(0);
    }
    // Its page finds no one signed in and goes to the sign-in page.
    expectRefusals(page, [401], SESSION_CHECK);
    await page.goto(`${portal}/myApp`);
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });

  test('"my apps" opens the SP signed in: an unsolicited Response (IdP-initiated)', async ({ page, db }) => {
    await startSession(page.context(), 'lisi');
    await page.goto(`${portal}/myApp`);
    const opened = page.waitForEvent('popup');
    await page.getByTestId('app-tile').filter({ hasText: /^SAML 示例应用$/ }).click();
    const sp = await opened;
    await expect(sp).toHaveURL(`${SPS.first.origin}/`);
    await expect(sp.locator('#who')).toHaveText(db.userNameOf('lisi'));
  });

  test('someone without permission for the SP gets a RequestDenied answer, which the SP shows', async ({ page }) => {
    // The sample answers a refusal with 403, as a service provider should.
    expectConsoleErrors(page, /the server responded with a status of 403/);
    await startSession(page.context(), 'emp0001');
    await page.goto(`${SPS.first.origin}/`);
    await page.locator('#sign-in').click();
    await expect(page).toHaveURL(`${SPS.first.origin}/acs`);
    await expect(page.locator('#denied')).toHaveText('Access denied');
    await expect(page.locator('#status')).toHaveText('Responder / RequestDenied');
    await page.goto(`${SPS.first.origin}/`);
    await expect(page.locator('#who')).toHaveCount(0);
  });
});
