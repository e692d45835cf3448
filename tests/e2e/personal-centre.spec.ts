import type { Browser, BrowserContext, Page } from '@playwright/test';
import { captchaAnswer, confirmDialog, DEMO_PASSWORD, expect, expectRefusals, lastSmsSentAt, nextSmsCode, openAs, openedDialog, SESSION_CHECK, startSession, test, fieldErrors } from './support';

/** Every state-changing call needs the client id header (CSRF guard); the SPA sends it, so must we. */
const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };

/** A second browser that looks like another device: its own cookies and a different fingerprint. */
async function otherDevice(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Asia/Tokyo',
    screen: { width: 1600, height: 1000 },
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  return { context, page: await context.newPage() };
}

/** Picks an option of an antd Select found by its test id. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test.describe('personal centre', () => {
  test('/myApp shows common apps, notices with More and the news tabs above the full grid', async ({ page }) => {
    await openAs(page, 'lisi', '/myApp');
    await expect(page.getByTestId('common-app')).toHaveCount(9);
    await expect(page.getByTestId('app-tile')).toHaveCount(9);
    await expect(page.getByTestId('notice-list')).toContainText('关于启用短信二次认证的通知');
    await page.getByTestId('notices-more').click();
    // The demo's four, whatever other journeys of this portal have published since.
    const all = page.getByTestId('notice-list-all');
    for (const title of ['关于启用短信二次认证的通知', '统一身份认证平台 11 月维护窗口安排', '请及时绑定手机号以便找回密码', '财务系统将于月底接入单点登录']) await expect(all).toContainText(title);
    await page.locator('.ant-modal-close').click();
    await page.getByTestId('news-tabs').getByRole('tab', { name: '发布' }).click();
    await expect(page.getByTestId('news-release')).toContainText('门户 v0.1.0');
  });

  test('/info shows the basic information of a STAFF user and of a shared mailbox', async ({ page, browser }) => {
    await openAs(page, 'lisi', '/info');
    const info = page.getByTestId('basic-info');
    for (const text of ['李四', '市场部', '市场专员', '张三', 'lisi@corp.example.com', '138****0002']) await expect(info).toContainText(text);

    // A shared mailbox shows who manages it instead of personal and job details.
    const context = await browser.newContext();
    const mailbox = await context.newPage();
    await openAs(mailbox, 'pub.hr', '/info?tab=base');
    await expect(mailbox.getByTestId('basic-info')).toContainText('人力资源部');
    await expect(mailbox.getByTestId('basic-info')).toContainText('张三');
    await expect(mailbox.getByTestId('basic-info')).not.toContainText('直属上级');
    await context.close();
  });

  test('sunqi changes the phone in three steps and sees the new masked number', async ({ page, db }) => {
    // sunqi's own phone again afterwards, for whoever texts it next (a failed journey's worker starts afresh).
    const restorePhone = db.keepUserColumns('sunqi', ['mobile_no', 'phone_disabled']);
    await openAs(page, 'sunqi', '/safe');
    await expect(page.getByTestId('phone-number')).toHaveText('138****0005');
    await page.getByTestId('phone-change').click();
    await openedDialog(page);

    // Step 1: a code must be requested before Next.
    await expect(page.getByTestId('old-phone')).toHaveValue('138****0005');
    await page.getByTestId('change-next').click();
    await expect(page.getByText('请获取验证码')).toBeVisible();
    const before = await lastSmsSentAt(page.request, '13800000005');
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toBeDisabled();
    await page.getByTestId('sms-code-input').fill(await nextSmsCode(page.request, '13800000005', before));
    await page.getByTestId('change-next').click();

    // Step 2: the new number is checked before a code goes out.
    await expect(page.getByTestId('change-step-new')).toBeVisible();
    await page.getByTestId('mobile-input').fill('12345');
    await page.getByTestId('sms-send').click();
    await expect(page.getByText('请输入正确的手机号')).toBeVisible();
    await page.getByTestId('mobile-input').fill('13711112222');
    await page.getByTestId('sms-send').click();
    await page.getByTestId('sms-code-input').fill(await nextSmsCode(page.request, '13711112222', null));
    await page.getByTestId('change-next').click();

    // Step 3: done; Done closes the dialog and the page shows the new number.
    await expect(page.getByTestId('change-done')).toContainText('137****2222');
    await expect(page.getByTestId('change-next')).toHaveText('完成');
    await page.getByTestId('change-next').click();
    await expect(page.getByTestId('change-next')).toBeHidden();
    await expect(page.getByTestId('phone-number')).toHaveText('137****2222');

    // Stopping the phone asks first, then for the password (it takes a factor away); the row
    // then offers enable, which puts it back.
    await page.getByTestId('phone-stop').click();
    await expect(page.getByText('停用后将无法使用该手机号认证身份。确定停用该手机号码？')).toBeVisible();
    await confirmDialog(page);
    await expect(page.getByRole('dialog', { name: '验证身份' })).toBeVisible();
    await page.getByTestId('reauth-password').fill(DEMO_PASSWORD);
    await page.getByTestId('reauth-submit').click();
    await expect(page.getByText('手机号停用成功')).toBeVisible();
    await expect(page.getByTestId('phone-row')).toHaveAttribute('data-state', 'stopped');
    await page.getByTestId('phone-enable').click();
    await expect(page.getByText('手机号启用成功')).toBeVisible();
    await expect(page.getByTestId('phone-row')).toHaveAttribute('data-state', 'bound');
    restorePhone();
  });

  /*
   * The brief names zhangsan, but the demo password is on the common-password list, so no policy
   * check lets anyone change back to it; a changed zhangsan would break every later journey of
   * the run that signs in as zhangsan. A generated employee plays the part instead.
   */
  test('a user changes the password by the old one; a session opened before is sent to /login', async ({ page, browser }) => {
    const account = 'emp0188';
    const { context, page: before } = await otherDevice(browser);
    await startSession(context, account);
    await openAs(page, account, '/safe');
    await page.getByTestId('password-change').click();
    await page.getByRole('tab', { name: '原密码' }).click();
    await page.getByTestId('old-password').fill(DEMO_PASSWORD);

    // The confirmation must match, and the server's policy refusal shows under the new password.
    await page.getByTestId('new-password').fill('Emp0188#2027x');
    await page.getByTestId('repeat-password').fill('Other#2027x');
    await page.getByTestId('password-submit').click();
    await expect(page.getByText('密码不一致', { exact: true })).toBeVisible();
    await page.getByTestId('repeat-password').fill('Emp0188#2027x');
    await page.getByTestId('password-submit').click();
    const newPasswordItem = page.getByTestId('old-password-form').locator('.ant-form-item', { has: page.getByTestId('new-password') });
    await expect(fieldErrors(newPasswordItem)).toContainText('不能包含账号');

    await page.getByTestId('new-password').fill('Nova#Pass2027');
    await page.getByTestId('repeat-password').fill('Nova#Pass2027');
    await page.getByTestId('password-submit').click();
    await expect(page.getByText('密码修改成功')).toBeVisible();
    await expect(page.getByTestId('old-password-form')).toBeHidden();

    // This session lives on; the other device's next action finds its session gone.
    await page.reload();
    await expect(page.getByTestId('password-row')).toBeVisible();
    expectRefusals(before, [401], SESSION_CHECK);
    await before.goto('/info');
    await expect(before).toHaveURL(/\/login/);
    await context.close();
  });

  test('a user changes the password by SMS code after the picture captcha', async ({ page }) => {
    const account = 'emp0187';
    const mobile = '13910000187';
    let capKey = '';
    page.on('response', async (response) => {
      if (response.url().includes('/auth/v1/pacas/get-valid-code')) capKey = (await response.json()).data.capKey;
    });
    await openAs(page, account, '/safe');
    await page.getByTestId('password-change').click();
    await expect(page.getByTestId('password-phone')).toHaveValue('139****0187');

    // No code goes out before the picture is answered.
    await page.getByTestId('sms-send').click();
    await expect(page.getByText('请输入验证码').first()).toBeVisible();
    await expect.poll(() => capKey).not.toBe('');
    await page.getByTestId('captcha-input').fill(await captchaAnswer(page.request, capKey));
    const before = await lastSmsSentAt(page.request, mobile);
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toBeDisabled();
    await page.getByTestId('sms-code-input').fill(await nextSmsCode(page.request, mobile, before));
    await page.getByTestId('new-password').fill('Sms#Change2027');
    await page.getByTestId('repeat-password').fill('Sms#Change2027');
    await page.getByTestId('password-submit').click();
    await expect(page.getByText('密码修改成功')).toBeVisible();
    await expect(page.getByTestId('sms-password-form')).toBeHidden();
  });

  test("launching an app from /myApp moves the card of today's SSO logins", async ({ page }) => {
    await openAs(page, 'lisi', '/myApp');
    const sso = page.getByTestId('card-sso').locator('.ant-statistic-content-value');
    await expect(sso).toHaveText(/^\d+$/);
    const before = Number(await sso.textContent());
    const popup = page.waitForEvent('popup');
    await page.getByTestId('app-tile').first().click();
    const launched = await popup;
    await launched.waitForLoadState('domcontentloaded').catch(() => undefined);
    await launched.close();
    // Coming back to the portal's tab is what the user does after a launch.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(sso).toHaveText(String(before + 1));
  });

  test('lisi signs out another device from /device; that browser lands on /login', async ({ page, browser }) => {
    const { context, page: second } = await otherDevice(browser);
    await startSession(context, 'lisi');
    await openAs(page, 'lisi', '/device');
    const current = page.locator('[data-testid="device-item"][data-current="true"]');
    await expect(current).toHaveCount(1);
    await expect(current.getByTestId('device-current-note')).toBeVisible();
    await expect(current.getByTestId('device-sign-out')).toHaveCount(0);

    const firefox = page.locator('[data-testid="device-item"][data-current="false"]', { hasText: 'Firefox' });
    await expect(firefox).toHaveCount(1);
    // Named from the user agent, not the browser's bare "Firefox"; the card counts the same devices.
    await expect(firefox).toContainText('Firefox 128 on Linux');
    const devices = await page.getByTestId('device-item').count();
    await expect(page.getByTestId('card-devices').locator('.ant-statistic-content-value')).toHaveText(String(devices));
    await firefox.getByTestId('device-sign-out').click();
    await confirmDialog(page);
    await expect(page.getByText(/设备已下线/)).toBeVisible();

    expectRefusals(second, [401], SESSION_CHECK);
    await second.goto('/myApp');
    await expect(second).toHaveURL(/\/login/);
    await context.close();
  });

  test('an employee gives up a role, then the login permission of an app on /info, and its tile leaves /myApp', async ({ page, browser }) => {
    // Its own employee, granted the code repository with a role by the approver first, so the
    // journey leaves nothing another journey relies on.
    await startSession(page.context(), 'emp0171');
    const roles = (await (await page.request.post('/idaas/auty/v1/group/role/list/by-app-id', { headers: API_HEADERS, data: { appId: 'git' } })).json()).data as { id: number }[];
    const applied = await page.request.post('/idaas/auty/v1/apply/add', { headers: API_HEADERS, data: { appId: 'git', roleIdSet: roles.map((r) => r.id), applyReason: 'e2e' } });
    const applyId = (await applied.json()).data.id as number;
    const approver = await browser.newContext();
    await startSession(approver, 'zhangsan');
    const passed = await approver.request.post('/idaas/auty/v1/apply/approval', { headers: API_HEADERS, data: { status: 1, approvalSuggestion: '', applyIdList: [applyId] } });
    expect((await passed.json()).code).toBe('D00000');
    await approver.close();

    await page.goto('/myApp');
    await expect(page.getByTestId('app-tile').filter({ hasText: '代码仓库' })).toHaveCount(1);
    const tilesBefore = await page.getByTestId('app-tile').count();
    await page.goto('/info?tab=change');
    const table = page.getByTestId('permission-table');
    await expect(table.getByRole('row', { name: /代码仓库/ })).toHaveCount(1);

    // The roles dialog lists the roles held directly; choosing none is refused, one is given up.
    await page.getByTestId('cancel-roles-git').click();
    const rolesDialog = await openedDialog(page);
    await rolesDialog.getByTestId('cancel-roles-ok').click();
    await expect(rolesDialog.getByText('请选择要取消的角色')).toBeVisible();
    await rolesDialog.getByTestId('cancel-roles-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'DEVELOPER' }).click();
    // Escape closes the open list, not the dialog.
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await rolesDialog.getByTestId('cancel-roles-ok').click();
    await expect(table.getByRole('row', { name: /代码仓库/ })).not.toContainText('DEVELOPER');

    // The roles dialog may still be fading out: the confirmation is found by its text.
    await page.getByTestId('cancel-login-git').click();
    const confirmation = await openedDialog(page, page.getByText(/同时会移除你在该应用下的全部角色/));
    await confirmation.getByTestId('confirm-ok').click();
    await expect(table.getByRole('row', { name: /代码仓库/ })).toHaveCount(0);
    await page.goto('/myApp');
    await expect(page.getByTestId('app-tile')).toHaveCount(tilesBefore - 1);
    await expect(page.getByTestId('app-tile').filter({ hasText: '代码仓库' })).toHaveCount(0);
  });

  test('/log lists access rows, filters by result, and lists operations', async ({ page }) => {
    await openAs(page, 'lisi', '/log');
    const rows = page.getByTestId('app-log-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('app-log-table')).toContainText(/共 \d+ 条/);

    await choose(page, 'filter-success', '失败');
    await page.getByTestId('log-query').click();
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: '成功' })).toHaveCount(0);
    await expect(rows.filter({ hasText: '失败' }).first()).toBeVisible();

    await page.getByTestId('log-clear').click();
    await expect(rows.filter({ hasText: '成功' }).first()).toBeVisible();

    await page.getByRole('tab', { name: '个人操作日志' }).click();
    await expect(page).toHaveURL(/tab=operation/);
    await expect(page.getByTestId('operation-log-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  });
});
