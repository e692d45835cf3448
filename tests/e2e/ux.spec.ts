import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, openAs, personAt, startSession, test, fieldErrors } from './support';

/** The open dropdown of an antd Select. */
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

async function searchAndPick(page: Page, testId: string, text: string, option: string) {
  // The Select, not its input: a value already chosen covers the input.
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).locator('input').fill(text);
  await dropdown(page).locator('.ant-select-item-option', { hasText: option }).first().click();
}

test.describe('what people notice every morning', () => {
  test('the apply dialog follows each application\'s rule, hides held roles and says when nothing is left', async ({ page }) => {
    await openAs(page, 'lisi', '/applicationAuthority');
    await page.getByTestId('apply-open').click();
    const form = page.getByTestId('apply-form');

    // 代码仓库 needs a role: the dialog says so and refuses an empty choice on the field.
    await searchAndPick(page, 'apply-app', '代码', '代码仓库');
    await expect(page.getByTestId('apply-roles-hint')).toHaveText('该应用须至少选择一个角色。');
    await page.getByTestId('apply-submit').click();
    await expect(fieldErrors(form)).toHaveText('请至少选择一个角色');
    await expect(page.getByText(/roleIdSet/)).toHaveCount(0);

    // 企业邮箱: lisi holds USER, so only ARCHIVE is offered and the hint names what is held.
    await searchAndPick(page, 'apply-app', '企业', '企业邮箱');
    await expect(page.getByTestId('apply-roles-hint')).toContainText('您已拥有的角色不再列出：USER');
    await page.getByTestId('apply-roles').click();
    await expect(dropdown(page).locator('.ant-select-item-option')).toHaveText(['ARCHIVE']);
    await page.keyboard.press('Escape');

    // 知识库: the app and both its roles are lisi's — nothing to ask for, nothing to submit.
    await searchAndPick(page, 'apply-app', '知识', '知识库');
    await expect(page.getByTestId('apply-nothing-left')).toHaveText('您已拥有该应用的登录权限及全部角色，无需再申请。');
    await expect(page.getByTestId('apply-submit')).toBeDisabled();
  });

  test('add-members shows people already in the group as members, not as choices', async ({ page }) => {
    await openAs(page, 'zhangsan', '/mailbox/groupMember?groupCode=ML-RD-ALL&groupName=x&activeName=second');
    await page.getByTestId('members-add').click();
    const input = page.getByTestId('add-members-search').locator('input');
    await input.click();
    await input.fill('lisi');
    const member = dropdown(page).locator('.ant-select-item-option', { hasText: 'lisi' }).first();
    await expect(member).toContainText('已是成员');
    await expect(member).toHaveClass(/ant-select-item-option-disabled/);
    await member.click({ force: true });
    await expect(page.getByTestId('add-members-selected').locator('.ant-tag')).toHaveCount(0);
  });

  test('the sign-in page focuses the account, remembers it when asked, and Tab reaches the eye toggle', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-account')).toBeFocused();
    await expect(page.getByTestId('login-remember')).not.toBeChecked();
    await expect(page).toHaveTitle('星河科技统一身份认证平台');

    // The eye is a button reached by Tab from the password, named in the page's language.
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-password').press('Tab');
    const eye = page.getByTestId('account-login-form').getByTestId('password-toggle');
    await expect(eye).toBeFocused();
    await expect(eye).toHaveAttribute('aria-label', '显示密码');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'text');
    await expect(eye).toHaveAttribute('aria-label', '隐藏密码');

    await page.getByTestId('login-remember').check();
    await page.getByTestId('login-account').fill('lisi');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await page.evaluate(() => Object.entries(localStorage).filter(([, v]) => v.includes(String.fromCharCode(73, 100, 97, 97, 115))))).toEqual([]);
    // The apps have loaded: a list still in flight when the session ends would be answered 401.
    await expect(page.getByTestId('app-grid')).toBeVisible();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await expect(page.getByTestId('login-account')).toHaveValue('lisi');
    await expect(page.getByTestId('login-remember')).toBeChecked();
    await expect(page.getByTestId('login-password')).toBeFocused();

    // Unticked, the next sign-in forgets it.
    await page.getByTestId('login-remember').uncheck();
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await page.evaluate(() => localStorage.getItem('idaas.account'))).toBeNull();
  });

  test('fades and zooms follow the system setting: none when less motion is asked for', async ({ browser }) => {
    const durations: Record<string, string> = {};
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await openAs(page, 'lisi', '/applicationAuthority');
      // antd's transitions all take their length from the theme (motionDuration*): a button's
      // hover as much as a dialog's zoom, which is over before it can be measured.
      durations[reducedMotion] = await page.getByTestId('apply-open').evaluate((el) => getComputedStyle(el).transitionDuration);
      await context.close();
    }
    expect(durations['no-preference'], 'a button eases its hover').not.toMatch(/^0s(, 0s)*$/);
    expect(durations.reduce, 'no easing at all').toMatch(/^0s(, 0s)*$/);
  });

  test('public pages are titled like the sign-in page', async ({ page }) => {
    await page.goto('/registerAccount');
    await expect(page).toHaveTitle(/^.+ - 星河科技统一身份认证平台$/);
    await expect(page.locator('.public-page__brand')).toHaveText('星河科技统一身份认证平台');
    await page.goto('/forgetPassword');
    await expect(page).toHaveTitle(/^.+ - 星河科技统一身份认证平台$/);
    // Registration lists only rules a new account can break, and the browser never validates natively.
    await page.goto('/registerAccount');
    await expect(page.getByTestId('password-policy')).toBeVisible();
    await expect(page.getByTestId('password-policy')).not.toContainText('当前密码');
    expect(await page.locator('form[novalidate]').count()).toBeGreaterThan(0);
    expect(await page.locator('input[type=email], input[required]').count()).toBe(0);
  });

  test('my apps can be searched by name, with an empty state', async ({ page }) => {
    await openAs(page, 'lisi', '/myApp');
    const tiles = page.getByTestId('app-grid').getByRole('listitem');
    await expect(tiles.first()).toBeVisible();
    const all = await tiles.count();
    expect(all).toBeGreaterThan(1);
    await page.getByTestId('apps-search').fill('邮');
    await expect(tiles).toHaveCount(1);
    await expect(tiles.first()).toContainText('企业邮箱');
    await page.getByTestId('apps-search').fill('nothing-like-this');
    await expect(page.getByTestId('apps-no-match')).toContainText('没有名称包含“nothing-like-this”的应用');
    await page.getByTestId('apps-search').fill('');
    await expect(tiles).toHaveCount(all);
    await expect(page).toHaveTitle('我的应用 - 统一身份认证平台');
  });

  test('sorting a column asks the server and changes the order; English counts read "N items"', async ({ browser }) => {
    const page = await personAt(browser, 'lisi', '/applicationAuthority');
    const list = rows(page, 'request-table');
    // lisi has the demo's three requests, and more when other journeys ran before this one.
    await expect(list.nth(2)).toBeVisible();
    const newestFirst = await list.allInnerTexts();
    const sorted = page.waitForRequest((r) => r.url().includes('/apply/page-list/by-apply-user-id') && r.postDataJSON()?.sortOrder === 'asc');
    await page.getByRole('columnheader', { name: '申请时间' }).click();
    expect((await sorted).postDataJSON()).toMatchObject({ sortField: 'applyDate', sortOrder: 'asc' });
    await expect.poll(() => list.allInnerTexts()).toEqual([...newestFirst].reverse());

    await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
    await expect(page.locator('.ant-pagination-total-text')).toHaveText(`${newestFirst.length} items`);
    await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
    await page.context().close();
  });

  test('the operation log names the application and roles a request was for, not raw ids', async ({ page }) => {
    await startSession(page.context(), 'lisi');
    const headers = { 'X-Client-Id': 'idaas-portal-web' };
    const roles = (await (await page.request.post('/idaas/auty/v1/group/role/list/by-app-id', { headers, data: { appId: 'mail' } })).json()).data as { id: number; name: string }[];
    const archive = roles.find((r) => r.name === 'ARCHIVE')!;
    const applied = await (await page.request.post('/idaas/auty/v1/apply/add', { headers, data: { appId: 'mail', roleIdSet: [archive.id], applyReason: 'archive' } })).json();
    expect(applied.code).toBe('D00000');
    try {
      await page.goto('/log?tab=operation');
      const table = page.getByTestId('operation-log-table');
      await expect(table).toContainText('企业邮箱: ARCHIVE');
      await expect(table).not.toContainText(/mail#\d+/);
    } finally {
      // Later journeys count lisi's requests as the demo has them.
      const res = await page.request.post('/idaas/auty/v1/apply/terminated', { headers, data: { applyId: applied.data.id } });
      expect((await res.json()).code).toBe('D00000');
    }
  });
});
