import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectRefusals, lastSmsSentAt, nextSmsCode, openAs, openedDialog, SESSION_CHECK, signInHere, test } from './support';

/*
 * The page a person was on survives signing in: /login?redirect=<path> is kept through every
 * step of the sign-in and followed at the end — same-origin paths only. Accounts other than the
 * demo's named ones are generated employees no other journey uses (their phones too, since a
 * number takes one text a minute), put in the state a journey needs through the database.
 */

/** Console errors and failed /idaas answers from now on. */
function watchTrouble(page: Page) {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/idaas/') && response.status() >= 400) trouble.push(`${response.status()} ${response.url()}`);
  });
  return trouble;
}

test.describe('the way back through sign-in', () => {
  test('a signed-out deep link signs in by password and lands on the page it asked for', async ({ page }) => {
    expectRefusals(page, [401], SESSION_CHECK);
    await page.goto('/approvalAuthority');
    await expect(page).toHaveURL(/\/login\?redirect=%2FapprovalAuthority$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    // The sign-in page keeps the parameter rather than settling on a bare /login.
    await expect(page).toHaveURL(/\/login\?redirect=%2FapprovalAuthority$/);
    await signInHere(page, 'zhangsan');
    await expect(page).toHaveURL(/\/approvalAuthority$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('zhangsan');
  });

  test('logout keeps the page it left, calls nothing more, and signing in goes back to it', async ({ page }) => {
    await openAs(page, 'zhangsan', '/log?tab=operation');
    await expect(page.getByTestId('logout')).toBeVisible();
    await expect(page.getByRole('tab', { name: '操作日志', selected: true })).toBeVisible();
    const trouble = watchTrouble(page);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Flog%3Ftab%3Doperation$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    // Anything the signed-out page still asked for would answer 401 by now.
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/login\?redirect=%2Flog%3Ftab%3Doperation$/);
    expect(trouble).toEqual([]);

    await signInHere(page, 'zhangsan');
    await expect(page).toHaveURL(/\/log\?tab=operation$/);
    await expect(page.getByRole('tab', { name: '操作日志', selected: true })).toBeVisible();
    expect(trouble).toEqual([]);
  });

  test('an expired session asks, then signs in again on the page it was on', async ({ page, context }) => {
    await openAs(page, 'emp0144', '/log');
    await expect(page.getByTestId('logout')).toBeVisible();
    // Every call of the page's loading has been answered: the session ends before the next click,
    // not during the loading (a quiet half-second alone can fall between a chunk and its calls).
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await context.clearCookies({ name: 'idaas_token' });
    // Every call made before the page learns of it finds the session gone.
    expectRefusals(page, [401]);
    await page.getByTestId('side-menu').getByText('账号信息', { exact: true }).click();
    await page.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Finfo$/);
    await signInHere(page, 'emp0144');
    await expect(page).toHaveURL(/\/info$/);
  });

  test('SMS sign-in keeps the return path', async ({ page, request }) => {
    const mobile = '13910000141';
    await page.goto('/login?redirect=%2Fdevice');
    await page.getByRole('tab', { name: '短信登录' }).click();
    await page.getByTestId('login-mobile').fill(mobile);
    const before = await lastSmsSentAt(request, mobile);
    await page.getByTestId('sms-send').click();
    await page.getByTestId('login-sms-code').fill(await nextSmsCode(request, mobile, before));
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/device$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('emp0141');
  });

  test('the second factor keeps the return path and lands on it once passed', async ({ page, request, db }) => {
    // zhaoliu's own journey (sign-in-flows.spec.ts) texts 13800000004 within the minute a number allows one text in.
    const account = 'emp0142';
    const mobile = '13910000142';
    db.setUserColumns(account, { second_auth_required: 1 });
    const before = await lastSmsSentAt(request, mobile);
    expectRefusals(page, [401], SESSION_CHECK);
    await page.goto('/safe');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsafe$/);
    await signInHere(page, account);
    await expect(page).toHaveURL(/\/secondAuth\?srmi=.*&redirect=%2Fsafe$/);
    await page.getByTestId('code-boxes-input').pressSequentially(await nextSmsCode(request, mobile, before));
    await expect(page).toHaveURL(/\/safe$/);
    await expect(page.getByTestId('current-user-id')).toHaveText(account);
  });

  test('self-service steps keep the return path: skip, finish, continue, land on it', async ({ page, db }) => {
    // A temporary account without a phone is asked to bind one (a skippable step).
    const account = 'emp0150';
    db.setUserColumns(account, { user_type: 'TEMP', mobile_no: null });
    await page.goto('/login?redirect=%2Finfo');
    await signInHere(page, account);
    await expect(page).toHaveURL(/\/selfService$/);
    await page.getByTestId('bind-phone-skip').click();
    await page.getByTestId('self-service-continue').click();
    await expect(page).toHaveURL(/\/info$/);
    await expect(page.getByTestId('current-user-id')).toHaveText(account);
  });

  test('an expired password is changed on the way and the next sign-in still lands on the return path', async ({ page, db }) => {
    const account = 'emp0143';
    const newPassword = 'Renew#Path43';
    db.setUserColumns(account, { password_expire_at: 0 });
    await page.goto('/login?redirect=%2Flog');
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await (await openedDialog(page)).getByRole('button', { name: '去修改' }).click();
    await expect(page).toHaveURL(/\/resetPassword\?requestId=.*&redirect=%2Flog$/);
    await page.getByRole('tab', { name: '原密码修改' }).click();
    const form = page.getByTestId('reset-old-form');
    await form.getByTestId('old-password').fill(DEMO_PASSWORD);
    await form.getByTestId('new-password').fill(newPassword);
    await form.getByTestId('repeat-password').fill(newPassword);
    await form.getByTestId('reset-save').click();
    await page.getByTestId('reset-relogin').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Flog$/);
    await signInHere(page, account, newPassword);
    await expect(page).toHaveURL(/\/log$/);
  });

  test('an administrator follows a return path into the workbench by a full page load', async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent('/systemhub/#/users')}`);
    await signInHere(page, 'admin');
    await expect(page).toHaveURL(/\/systemhub\/#\/users$/);
  });

  test('an OpenID Connect interaction is resumed by a full page load, not the router', async ({ page }) => {
    // Stands in for the server's interaction route: only a real page load reaches it.
    await page.route('**/oidc-interaction/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>interaction resumed</h1>' }));
    await page.goto(`/login?appId=mail&redirect=${encodeURIComponent('/oidc-interaction/uid-42')}`);
    await signInHere(page, 'lisi');
    await expect(page).toHaveURL(/\/oidc-interaction\/uid-42$/);
    await expect(page.getByRole('heading')).toHaveText('interaction resumed');
  });

  for (const hostile of ['https://evil.example', '//evil.example', '/\\evil.example', '%2F%2Fevil.example', 'javascript:alert(1)']) {
    test(`a hostile return path (${hostile}) is ignored: My apps, never another origin`, async ({ page, baseURL }) => {
      const away: string[] = [];
      await page.context().route((url) => url.hostname.endsWith('evil.example'), (route) => {
        away.push(route.request().url());
        return route.abort();
      });
      await page.goto(`/login?redirect=${encodeURIComponent(hostile)}`);
      await signInHere(page, 'lisi');
      await expect(page).toHaveURL(/\/myApp$/);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      expect(away).toEqual([]);
    });
  }
});
