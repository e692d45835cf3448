import type { Page } from '@playwright/test';
import { confirmPopover, expect, expectRefusals, fillRegistrationCode, openAs, openedDialog, SESSION_CHECK, personAt, signIn, startSession, test, fieldErrors } from './support';

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
/** Names no other run of this file used: each journey makes its own records. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The workbench at one of its hash routes. */
async function openWorkbench(page: Page, route: string): Promise<void> {
  await page.goto(`/systemhub/#${route}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('系统工作台');
}

/** Types into an antd Select found by its test id and picks the option showing `option`. */
async function choose(page: Page, testId: string, search: string, option = search): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** A first sign-in with a password an administrator generated: it must be changed, then the new one signs in. */
async function firstSignIn(page: Page, account: string, oneTime: string, newPassword: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(oneTime);
  await page.getByTestId('login-password').press('Enter');
  const dialog = await openedDialog(page);
  await dialog.getByRole('button', { name: '去修改' }).click();
  await expect(page).toHaveURL(/\/resetPassword\?requestId=/);
  await page.getByRole('tab', { name: '原密码修改' }).click();
  const form = page.getByTestId('reset-old-form');
  await form.getByTestId('old-password').fill(oneTime);
  await form.getByTestId('new-password').fill(newPassword);
  await form.getByTestId('repeat-password').fill(newPassword);
  await form.getByTestId('reset-save').click();
  await expect(page.getByTestId('reset-success')).toContainText(account);
  await signIn(page, account, newPassword);
}

/**
 * The administrators' workbench (/systemhub/, a Refine application on hash routes) against the
 * real server: who gets in, and the journeys an administrator makes through it.
 */
test.describe('workbench', () => {
  test('the workbench opens on its home with the counts and the 30-day chart', async ({ page }) => {
    // Signing in lands an administrator here (sign-in.spec.ts); the workbench's own address opens its home too.
    await openAs(page, 'admin', '/systemhub/');
    await expect(page).toHaveURL(/\/systemhub\/#\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('系统工作台');
    await expect(page.getByTestId('wb-admin-name')).not.toBeEmpty();
    await expect(page.getByTestId('home-count-users')).toContainText(/[1-9]\d*/);
    // 30 days of sign-ins, each day a bar (the demo organisation has 60 days of history).
    await expect(page.getByTestId('home-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId('home-events')).toBeVisible();

    // The language switch covers the workbench's own texts too.
    await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System workbench');
    await expect(page.getByTestId('wb-back-to-portal')).toHaveText(/Back to personal centre/);
    await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('系统工作台');
  });

  test('signing out of the workbench calls nothing more and keeps the way back to the page it left', async ({ page }) => {
    await startSession(page.context(), 'admin');
    await openWorkbench(page, '/users');
    await expect(page.getByTestId('user-keyword')).toBeVisible();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/idaas/') && response.status() === 401) refused.push(response.url());
    });
    await page.getByTestId('wb-logout').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystemhub%2F%23%2Fusers$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    // Anything the signed-out workbench still asked for would have answered 401 by now.
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystemhub%2F%23%2Fusers$/);
    expect(refused).toEqual([]);
  });

  test('a non-administrator is sent back to the portal, a signed-out visitor to the sign-in page', async ({ page }) => {
    expectRefusals(page, [401], SESSION_CHECK);
    await page.goto('/systemhub/#/users');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsystemhub%2F%23%2Fusers$/);

    await startSession(page.context(), 'lisi');
    await page.goto('/systemhub/#/users');
    await expect(page).toHaveURL(/\/myApp$/);
    // The server refuses the admin endpoints to lisi whatever the browser shows.
    const answer = await page.request.post('/idaas/admin/v1/users/list', { data: {}, headers: API_HEADERS });
    expect(answer.status()).toBe(403);
  });

  test('the system administrator creates an application and a user in a department, the security administrator gives it a role, an approver and the grant; the user sees it on /myApp', async ({ page, browser }) => {
    // Two administrators' sessions and a first sign-in: longer than one page's journey.
    test.slow();
    const id = stamp();
    const appName = `工作台应用${id}`;
    const account = `wb.user.${id}`;
    await startSession(page.context(), 'admin');

    // The application.
    await openWorkbench(page, '/apps/create');
    await page.getByTestId('app-appId').fill(`wb-app-${id}`);
    await page.getByTestId('app-appName').fill(appName);
    await page.getByTestId('app-url').fill('https://wb-app.example.com/launch');
    // An OpenID Connect application (what the form proposes) needs its redirect URI; plain http is refused under the field.
    await page.getByTestId('app-redirectUris').click();
    await page.keyboard.type('http://wb-app.example.com/callback');
    await page.keyboard.press('Enter');
    await page.getByTestId('app-save').click();
    await expect(page.getByText('须使用 https')).toBeVisible();
    await page.getByTestId('app-redirectUris').locator('.ant-select-selection-item-remove').click();
    await page.getByTestId('app-redirectUris').click();
    await page.keyboard.type('https://wb-app.example.com/callback');
    await page.keyboard.press('Enter');
    await page.getByTestId('app-save').click();
    await expect(page).toHaveURL(/#\/apps\/show\/\d+$/);
    await expect(page.getByTestId('app-detail')).toContainText(`wb-app-${id}-client`);
    await expect(page.getByTestId('app-oidc-detail')).toContainText('https://wb-app.example.com/callback');
    await expect(page.getByTestId('app-oidc-provider')).toContainText('/oidc/.well-known/openid-configuration');

    const appUrl = page.url();

    // The person, placed in a department, with a generated first password.
    await openWorkbench(page, '/users/create');
    await page.getByTestId('user-userId').fill(account);
    await page.getByTestId('user-userName').fill(`工作台用户${id}`);
    await page.getByTestId('user-dept').click();
    await page.keyboard.type('研发中心');
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '研发中心' }).first().click();
    await page.getByTestId('user-save').click();
    await expect(page).toHaveURL(/#\/users\/show\/\d+$/);
    await expect(page.getByTestId('user-detail')).toContainText('研发中心');
    await page.getByTestId('user-reset-password').click();
    await page.getByTestId('reset-submit').click();
    const oneTime = (await page.getByTestId('generated-password-value').textContent())?.trim() ?? '';
    expect(oneTime.length).toBeGreaterThanOrEqual(8);
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

    // Its role, approver and grant are the security administrator's.
    await startSession(page.context(), 'secadmin');
    // Only the hash differs from the page open now: a reload reads the new administrator's duty.
    await page.goto(appUrl);
    await page.reload();
    await page.getByRole('tab', { name: '角色' }).click();
    await page.getByTestId('role-group-add').click();
    await page.getByTestId('role-name').fill('业务角色');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('业务角色')).toBeVisible();
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-code').fill('wb_viewer');
    await page.getByTestId('role-name').fill('查看者');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByTestId('role-group').filter({ hasText: '业务角色' })).toContainText('wb_viewer');

    await page.getByRole('tab', { name: '审批人' }).click();
    await choose(page, 'approver-select', 'zhangsan');
    await page.getByTestId('approver-add').click();
    await expect(page.getByTestId('approver-table')).toContainText('zhangsan');
    await page.getByRole('tab', { name: '授权' }).click();
    await choose(page, 'grant-user-select', account);
    await page.getByTestId('grant-user-add').click();
    await expect(page.getByTestId('grant-user-table')).toContainText(account);

    // The person signs in (changing the generated password first) and finds the application.
    const user = await (await browser.newContext()).newPage();
    await firstSignIn(user, account, oneTime, `Wb#First${id}`);
    await expect(user).toHaveURL(/\/myApp$/);
    await expect(user.getByTestId('app-tile').filter({ hasText: appName })).toBeVisible();
    await user.context().close();
  });

  test("admin disables a user: the user's open session ends", async ({ page, browser }) => {
    const account = 'emp0195';
    const user = await personAt(browser, account, '/myApp');
    await expect(user.getByTestId('current-user-id')).toHaveText(account);

    await startSession(page.context(), 'admin');
    await openWorkbench(page, '/users');
    await page.getByTestId('user-keyword').fill(account);
    await page.getByTestId('user-search-query').click();
    await page.getByTestId(`user-disable-${account}`).click();
    await confirmPopover(page);
    await expect(page.getByTestId(`user-enable-${account}`)).toBeVisible();

    // The session is gone: the next load of the personal centre asks for sign-in again.
    expectRefusals(user, [401], SESSION_CHECK);
    await user.reload();
    await expect(user).toHaveURL(/\/login/);
    await user.context().close();

    // Back as it was, for whoever uses this account next.
    await page.getByTestId(`user-enable-${account}`).click();
    await expect(page.getByTestId(`user-disable-${account}`)).toBeVisible();
  });

  test("the security administrator removes a person's lost authenticator app, then their passkeys: each removal ends their sessions", async ({ page, browser, db }) => {
    const account = 'emp0196';
    const id = db.giveFactors(account, 'Work laptop');
    const user = await personAt(browser, account, '/myApp');
    await expect(user.getByTestId('current-user-id')).toHaveText(account);

    await startSession(page.context(), 'secadmin');
    await openWorkbench(page, `/users/show/${id}`);
    const card = page.getByTestId('user-factors');
    await expect(card.getByTestId('user-factors-totp')).toContainText('设置');
    await expect(card.getByTestId('user-factors-passkeys')).toContainText('Work laptop');
    await expect(card).toContainText('剩余 10 / 10 个');

    await card.getByTestId('user-factors-remove-TOTP').click();
    await expect(page.locator('.ant-popover:visible')).toContainText('其登录会话将立即结束');
    await confirmPopover(page);
    await expect(card.getByTestId('user-factors-totp')).toHaveText('未设置');
    await expect(card.getByTestId('user-factors-remove-TOTP')).toBeDisabled();
    // The passkey stays until it is removed too.
    await expect(card.getByTestId('user-factors-passkeys')).toContainText('Work laptop');

    expectRefusals(user, [401], SESSION_CHECK);
    await user.reload();
    await expect(user).toHaveURL(/\/login/);
    await user.context().close();

    await card.getByTestId('user-factors-remove-PASSKEY').click();
    await confirmPopover(page);
    await expect(card.getByTestId('user-factors-passkeys')).toHaveCount(0);
    await expect(card.getByTestId('user-factors-remove-PASSKEY')).toBeDisabled();
  });

  test('the security administrator raises the minimum password length and the registration page refuses a shorter one', async ({ page, browser }) => {
    await startSession(page.context(), 'secadmin');
    await openWorkbench(page, '/policies');
    const minLength = page.getByTestId('policy-pwd-minLength');
    const before = Number(await minLength.inputValue());
    try {
      await minLength.fill('16');
      await page.getByTestId('policy-pwd-save').click();
      await expect(page.getByText('策略已保存并生效')).toBeVisible();

      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto('/registerAccount');
      await expect(visitor.getByTestId('password-policy')).toContainText('16');
      const id = stamp();
      await visitor.getByTestId('register-account').fill(`wb.reg.${id}`);
      await visitor.getByTestId('register-name').fill('注册用户');
      const mobileNo = `137${String(Date.now()).slice(-8)}`;
      await visitor.getByTestId('register-mobile').fill(mobileNo);
      await fillRegistrationCode(visitor, mobileNo);
      // 12 characters: enough before, too short now.
      await visitor.getByTestId('register-password').fill('Start#Work26');
      await visitor.getByTestId('register-submit').click();
      await expect(fieldErrors(visitor.getByTestId('register-form'))).toContainText('密码长度须为 16-');
      await expect(visitor.getByTestId('register-success')).toHaveCount(0);
      await visitor.context().close();
    } finally {
      // The policy is shared by every journey of the run.
      const restored = await page.request.post('/idaas/admin/v1/policies/update', { data: { pwd: { minLength: before } }, headers: API_HEADERS });
      expect(restored.ok()).toBe(true);
    }
  });

  test('a CSV of 1,000 users is checked, then imported with a visible progress bar', async ({ page }) => {
    const id = stamp();
    const rows = Array.from({ length: 1000 }, (_, i) => `wb.imp.${id}.${i},导入用户${i},STAFF,,,研发中心`);
    const csv = ['account,name,type,phone,email,department', ...rows].join('\n');
    await startSession(page.context(), 'admin');
    await openWorkbench(page, '/users');
    await page.getByTestId('user-import').click();
    await page.getByRole('dialog').locator('input[type=file]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByTestId('import-check').click();
    await expect(page.getByTestId('import-summary')).toContainText('可导入1,000');
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-progress')).toBeVisible();
    await expect(page.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect(page.getByTestId('import-result')).toContainText('已创建1,000');
    await page.getByTestId('import-close').click();

    await page.getByTestId('user-keyword').fill(`wb.imp.${id}.`);
    await page.getByTestId('user-search-query').click();
    await expect(page.locator('.ant-pagination-total-text')).toHaveText('共 1000 条');
  });
});
