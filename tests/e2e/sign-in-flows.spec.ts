import type { Page } from '@playwright/test';
import { captchaAnswer, DEMO_PASSWORD, expect, fillRegistrationCode, lastSmsSentAt, nextSmsCode, openedDialog, signIn, startSession, test } from './support';

/*
 * Journeys through the screens around sign-in: SMS sign-in, the second factor, self-service,
 * registration, the forgotten password and the expired-password change. Each uses its own demo
 * account and phone numbers, so none depends on another's changes (nor on sign-in.spec.ts's).
 */

/** Types a password sign-in on the ACCOUNT tab without waiting to leave /login. */
async function submitPassword(page: Page, account: string, password: string) {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test.describe('sign-in flows', () => {
  test('lisi signs in by SMS, reading the code from the demo outbox', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: '短信登录' }).click();
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('请输入手机号码', { exact: true })).toBeVisible();
    await page.getByTestId('login-mobile').fill('12345678901');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('请输入正确的手机号码')).toBeVisible();

    await page.getByTestId('login-mobile').fill('13800000002');
    const before = await lastSmsSentAt(request, '13800000002');
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toBeDisabled();
    await expect(page.getByTestId('sms-send')).toContainText(/\d+秒后重发/);
    const code = await nextSmsCode(request, '13800000002', before);

    // The demo outbox shows the text a phone would have received.
    await page.getByTestId('outbox-open').click();
    const message = page.getByTestId('outbox-message').filter({ hasText: '13800000002' }).first();
    await expect(message.getByTestId('outbox-code')).toHaveText(code);
    await page.keyboard.press('Escape');

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('login-sms-code').fill(wrong);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-warning')).toContainText('手机号或验证码错误');

    await page.getByTestId('login-sms-code').fill(code);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('lisi');
  });

  test('a login type set to the slider captcha asks for it after failures; solved by keyboard it signs in', async ({ browser, page, request }) => {
    // Stands in for an administrator setting captchaStrategy 3 on the password type.
    await page.route('**/idaas/auth/v1/get-app-login-config', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data = body.data.map((type: { code: string }) => (type.code === 'ACCOUNT' ? { ...type, captchaStrategy: 3 } : type));
      await route.fulfill({ response, json: body });
    });
    const account = 'emp0004';
    // The person has signed in from this network before: the failures below are the captcha's
    // business, not a stranger's first sign-in after failures, which the risk policy steps up.
    const earlier = await browser.newContext();
    await startSession(earlier, account);
    await earlier.close();
    await page.goto('/login');
    for (let i = 0; i < 3; i++) {
      const answered = page.waitForResponse((r) => r.url().includes('/auth/v1/login-check'));
      await submitPassword(page, account, `Wrong#pass${i}`);
      await answered;
      await expect(page.getByTestId('login-warning')).toContainText('账号或密码错误');
    }
    await submitPassword(page, account, DEMO_PASSWORD);
    const slider = page.getByTestId('slider-captcha');
    await expect(slider).toBeVisible();
    const x = Number(await captchaAnswer(request, (await slider.getAttribute('data-cap-key'))!));

    const handle = page.getByTestId('slider-handle');
    await handle.focus();
    for (let i = 0; i < Math.floor(x / 10); i++) await page.keyboard.press('Shift+ArrowRight');
    for (let i = 0; i < x % 10; i++) await page.keyboard.press('ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(x));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/myApp$/);
  });

  test('zhaoliu passes the second factor: the code boxes submit themselves', async ({ page, request }) => {
    const before = await lastSmsSentAt(request, '13800000004');
    await signIn(page, 'zhaoliu');
    await expect(page).toHaveURL(/\/secondAuth\?srmi=/);
    await expect(page.getByTestId('second-auth-notice')).toHaveText('为了您的账号安全，需要进行二次安全验证');
    await expect(page.getByTestId('second-auth-phone')).toContainText('138****0004');
    await expect(page.getByTestId('second-auth-countdown')).toContainText(/\d+秒后可重新发送/);
    await page.getByTestId('sms-help').hover();
    await expect(page.getByText('仅支持中国大陆手机号码')).toBeVisible();
    await expect(page.getByText('短信网关拥堵')).toBeVisible();

    const code = await nextSmsCode(request, '13800000004', before);
    const boxes = page.getByTestId('code-boxes-input');
    const wrong = code === '000000' ? '111111' : '000000';
    await boxes.pressSequentially(wrong);
    await expect(page.getByTestId('second-auth-alert')).toContainText('验证码错误');
    await expect(boxes).toHaveValue('');

    await boxes.pressSequentially(code);
    await expect(page).toHaveURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('zhaoliu');
  });

  test('a quick re-login keeps the code already texted: the page says so and the code still works', async ({ page, request, db }) => {
    const account = 'emp0121';
    const mobile = '13910000121';
    db.setUserColumns(account, { second_auth_required: 1, mobile_no: mobile });
    const before = await lastSmsSentAt(request, mobile);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/secondAuth\?srmi=/);
    await expect(page.getByTestId('second-auth-phone')).toHaveText('验证码已发送至 139****0121');
    const code = await nextSmsCode(request, mobile, before);
    const sentAt = await lastSmsSentAt(request, mobile);

    await signIn(page, account);
    await expect(page).toHaveURL(/\/secondAuth\?srmi=/);
    await expect(page.getByTestId('second-auth-phone')).toContainText('仍然有效');
    await expect(page.getByTestId('second-auth-countdown')).toContainText(/\d+秒后可重新发送/);
    await expect(page.getByTestId('second-auth-alert')).toHaveCount(0);
    expect(await lastSmsSentAt(request, mobile)).toBe(sentAt);
    await page.getByTestId('code-boxes-input').pressSequentially(code);
    await expect(page).toHaveURL(/\/myApp$/);
  });

  test('a temporary worker skips binding a phone: the step shows as skipped, not done', async ({ page, db }) => {
    const account = 'emp0122';
    db.setUserColumns(account, { user_type: 'TEMP', mobile_no: null });
    await signIn(page, account);
    await expect(page).toHaveURL(/\/selfService$/);
    await page.getByTestId('bind-phone-skip').click();
    await expect(page.getByTestId('self-service-finish')).toContainText('已跳过部分设置');
    await expect(page.getByTestId('self-service-finish')).toContainText('您跳过了绑定手机号');
    await expect(page.getByTestId('self-service-finish')).not.toContainText('设置完成');
    const first = page.locator('.ant-steps-item').first();
    await expect(first).toContainText('已跳过');
    await expect(first).not.toHaveClass(/ant-steps-item-finish/);
    await page.getByTestId('self-service-continue').click();
    await expect(page).toHaveURL(/\/myApp$/);
  });

  test('wangwu binds a phone in self-service, finishes and continues into the portal', async ({ page, request, db }) => {
    const mobile = '13700000123';
    // wangwu's bind step only shows while wangwu has no phone (the demo's start, which this journey ends).
    db.setUserColumns('wangwu', { mobile_no: null, phone_disabled: 0 });
    await signIn(page, 'wangwu');
    await expect(page).toHaveURL(/\/selfService$/);
    const steps = page.locator('.ant-steps');
    await expect(steps).toContainText('绑定手机');
    await expect(steps).toContainText('完成');

    await page.getByTestId('bind-phone-mobile').fill('1370000');
    await page.getByTestId('bind-phone-save').click();
    await expect(page.getByText('手机号格式错误，请输入正确的手机号')).toBeVisible();

    await page.getByTestId('bind-phone-mobile').fill(mobile);
    const before = await lastSmsSentAt(request, mobile);
    await page.getByTestId('sms-send').click();
    await page.getByTestId('bind-phone-code').fill(await nextSmsCode(request, mobile, before));
    await page.getByTestId('bind-phone-save').click();

    await expect(page.getByTestId('self-service-finish')).toContainText('设置完成');
    await page.getByTestId('self-service-continue').click();
    await expect(page).toHaveURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText('wangwu');
  });

  test('a visitor registers an account and signs in with it', async ({ page }) => {
    await page.goto('/registerAccount?clientId=crm-client');
    await expect(page.getByTestId('register-client-alert')).toHaveText('clientSecret不能为空');

    await page.goto('/registerAccount');
    await page.getByTestId('register-account').fill('x!');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('请输入正确的账户名')).toBeVisible();

    await page.getByTestId('register-account').fill('e2e.newhire');
    await page.getByTestId('register-name').fill('新同事');
    await page.getByTestId('register-mobile').fill('13700000456');
    await page.getByTestId('register-password').fill('abc');
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-lit', '0');
    await page.getByTestId('register-password').fill('Start#Work26');
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', 'strong');
    await expect(page.getByTestId('password-policy')).toContainText('8-64');
    await page.getByTestId('register-enterprise').fill('星河科技');
    await page.getByTestId('register-email').fill('newhire@corp.example.com');
    await fillRegistrationCode(page, '13700000456');
    await page.getByTestId('register-submit').click();

    await expect(page.getByTestId('register-success')).toContainText('e2e.newhire');
    await page.getByTestId('register-back').click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'e2e.newhire', 'Start#Work26');
    await expect(page).toHaveURL(/\/myApp$/);
  });

  test('a forgotten password is reset by SMS; the new one signs in and the old one is refused', async ({ page, request }) => {
    // A generated employee: sunqi's password expiry is what sign-in.spec.ts checks, and a reset would move it.
    const account = 'emp0003';
    const mobile = '13910000003';
    const newPassword = 'Renewed#Pass88';

    await page.setViewportSize({ width: 1100, height: 860 });
    const captcha = page.waitForResponse((r) => r.url().includes('/message/v1/captcha/gen'));
    await page.goto('/forgetPassword');
    await expect(page.getByTestId('forget-progress')).toHaveText('1/4 填写账号');
    await page.setViewportSize({ width: 1366, height: 860 });
    await expect(page.getByTestId('forget-steps')).toBeVisible();

    await page.getByTestId('forget-next').click();
    await expect(page.getByText('请输入账号/手机号')).toBeVisible();
    await page.getByTestId('forget-account').fill(`  ${account} `);
    const { data } = await (await captcha).json();
    await page.getByTestId('captcha-input').fill(await captchaAnswer(request, data.capKey));
    await page.getByTestId('forget-next').click();

    await expect(page.getByTestId('forget-masked-mobile')).toHaveValue('139****0003');
    // Said before any Send, in the same words for every account.
    await expect(page.getByTestId('forget-phone-hint')).toContainText('验证码将发送至该账号绑定的手机号');
    const before = await lastSmsSentAt(request, mobile);
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toContainText(/\d+秒后重发/);
    await page.getByTestId('forget-code').fill(await nextSmsCode(request, mobile, before));
    await page.getByTestId('forget-next').click();

    await page.getByTestId('new-password').fill(newPassword);
    await page.getByTestId('repeat-password').fill(`${newPassword}x`);
    await page.getByTestId('forget-save').click();
    await expect(page.getByText('密码不一致')).toBeVisible();
    await page.getByTestId('repeat-password').fill(newPassword);
    await page.getByTestId('forget-save').click();

    await expect(page.getByTestId('forget-done')).toContainText(account);
    await expect(page.getByTestId('forget-done')).toContainText('请使用新密码登录');
    await page.getByTestId('forget-back').click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, account, newPassword);
    await expect(page).toHaveURL(/\/myApp$/);
    await page.goto('/login');
    await submitPassword(page, account, DEMO_PASSWORD);
    await expect(page.getByTestId('login-warning')).toContainText('账号或密码错误');
  });

  test('zhouba, whose password expired, changes it by the old one and signs in with the new one', async ({ page }) => {
    const newPassword = 'Renew#Pass31';
    await page.goto('/login');
    await submitPassword(page, 'zhouba', DEMO_PASSWORD);
    const dialog = await openedDialog(page);
    await expect(dialog).toContainText('密码已过期，请修改密码');
    await dialog.getByRole('button', { name: '去修改' }).click();
    await expect(page).toHaveURL(/\/resetPassword\?requestId=/);

    // zhouba has no phone: the code tab says it cannot be used.
    await expect(page.getByTestId('reset-not-bound')).toHaveText('账号未绑定手机号，无法使用该方式');
    await page.getByRole('tab', { name: '原密码修改' }).click();
    const form = page.getByTestId('reset-old-form');
    await form.getByTestId('reset-save').click();
    await expect(form.getByText('请输入原密码')).toBeVisible();
    await form.getByTestId('old-password').fill(DEMO_PASSWORD);
    await form.getByTestId('new-password').fill(newPassword);
    await form.getByTestId('repeat-password').fill(newPassword);
    await form.getByTestId('reset-save').click();

    await expect(page.getByTestId('reset-success')).toContainText('zhouba');
    await page.getByTestId('reset-relogin').click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'zhouba', newPassword);
    await expect(page).toHaveURL(/\/myApp$/);
  });
});
