import { captchaAnswer, expect, lastSmsSentAt, nextSmsCode, test } from './support';

/**
 * Directory sign-in against the real OpenLDAP the e2e server starts (tests/e2e/serve.ts):
 * an unlinked directory account is bound to a portal account proven by SMS, then signs in
 * directly on the LDAP tab.
 */
test.describe('directory sign-in', () => {
  test.beforeEach(async ({ request }) => {
    const types = (await (await request.post('/idaas/auth/v1/get-app-login-config', { data: {}, headers: { 'x-client-id': 'e2e' } })).json()).data as { code: string }[];
    test.skip(!types.some((t) => t.code === 'LDAP'), 'no directory configured (slapd is not installed)');
  });

  test('a new directory account binds to zhangsan by SMS, then signs in on the LDAP tab', async ({ page, request }) => {
    test.slow();
    await page.goto('/login');
    await page.getByRole('tab', { name: '统一认证登录' }).click();
    await expect(page.getByTestId('directory-account')).toHaveAttribute('placeholder', 'UM账号 或 开机AD账号');
    await page.getByTestId('directory-account').fill('new.hire');
    await page.getByTestId('directory-password').fill('Dir#Hire2026');
    await page.getByTestId('directory-submit').click();

    // Not linked yet: the bind dialog asks for the main account's phone and a texted code.
    const dialog = page.getByRole('dialog');
    await expect(page.getByTestId('bind-mobile')).toBeVisible();
    await page.getByTestId('bind-mobile').fill('13800000001');
    const before = await lastSmsSentAt(request, '13800000001');
    const captcha = page.waitForResponse((r) => r.url().includes('/auth/v1/pacas/get-valid-code'));
    await dialog.getByTestId('sms-send').click();
    const { data } = await (await captcha).json();
    await page.getByTestId('captcha-popup-input').pressSequentially(await captchaAnswer(request, data.capKey));
    await page.getByTestId('bind-code').fill(await nextSmsCode(request, '13800000001', before));
    await page.getByTestId('bind-submit').click();
    await page.waitForURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('zhangsan');

    // Linked now: the LDAP tab signs the same directory account straight in.
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await page.getByRole('tab', { name: '域账号登录' }).click();
    await page.getByTestId('directory-account').fill('new.hire');
    await page.getByTestId('directory-password').fill('Dir#Hire2026');
    await page.getByTestId('directory-submit').click();
    await page.waitForURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('zhangsan');
  });

  test('a wrong directory password is refused with the directory message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: '域账号登录' }).click();
    await page.getByTestId('directory-account').fill('new.hire');
    await page.getByTestId('directory-password').fill('not-the-password');
    await page.getByTestId('directory-submit').click();
    await expect(page.getByTestId('login-warning')).toContainText('目录账号或密码错误');
    await expect(page).toHaveURL(/\/login/);
  });
});
