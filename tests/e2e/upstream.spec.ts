import { startUpstreamOidc, type UpstreamOidc } from '../support/upstreamOidc';
import { expect, openedDialog, startSession, test } from './support';

const HEADERS = { 'X-Client-Id': 'idaas-portal-web' };

/**
 * Sign-in through another identity provider from /login: a standalone oidc-provider is the
 * upstream; the first time the person binds it to their portal account with its password, the
 * second time goes straight in, and the personal centre unlinks it.
 */
test.describe('sign-in through another identity provider', () => {
  let upstream: UpstreamOidc;
  test.afterAll(async () => {
    await upstream?.stop();
  });

  test('first time bind with the portal password, second time straight in, then unlink in the personal centre', async ({ page, browser, portal }) => {
    test.slow();
    upstream = await startUpstreamOidc(`${portal.origin}/idaas/auth/v1/upstream/callback`);
    upstream.accounts.set('journey-user', { sub: 'journey-user', email: 'journey@elsewhere.example', email_verified: true, name: 'Journey Upstream' });
    upstream.next.account = 'journey-user';

    const adminContext = await browser.newContext({ baseURL: portal.origin });
    await startSession(adminContext, 'admin');
    const created = await (await adminContext.request.post('/idaas/admin/v1/upstream-providers/create', {
      headers: HEADERS,
      data: {
        code: 'journey', name: 'Journey IdP', kind: 'OIDC', enabled: true, settings: { discoveryUrl: upstream.discoveryUrl, clientId: upstream.clientId, scopes: 'openid profile email' },
        clientSecret: upstream.clientSecret, linkRule: 'EMAIL', askBind: true, jit: false, providerMfa: false, appIds: null, sortOrder: 0,
      },
    })).json();
    expect(['D00000', 'E60105']).toContain(created.code);
    await adminContext.close();

    await page.goto('/login');
    await page.getByTestId('upstream-journey').click();
    // Back from the provider with nobody to link by email: the bind dialog asks for a portal account.
    await expect(page.getByTestId('upstream-bind-account')).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('Journey Upstream');
    await page.getByTestId('upstream-bind-account').fill('lisi');
    await page.getByTestId('upstream-bind-password').fill('Idaas@2026');
    await page.getByTestId('upstream-bind-submit').click();
    await page.waitForURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('lisi');

    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await page.getByTestId('upstream-journey').click();
    await page.waitForURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('lisi');

    await page.goto('/safe');
    const item = page.getByTestId('social-item').filter({ hasText: 'Journey IdP' });
    await expect(item).toContainText('Journey Upstream');
    await page.getByTestId('social-unbind-journey').click();
    await (await openedDialog(page)).getByRole('button', { name: '解绑' }).click();
    await expect(page.getByTestId('social-item').filter({ hasText: 'Journey IdP' })).toHaveCount(0);
  });
});
