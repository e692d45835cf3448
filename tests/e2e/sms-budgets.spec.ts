import type { APIRequestContext, Page } from '@playwright/test';
import { captchaAnswer, expect, expectRefusals, lastSmsSentAt, nextSmsCode, openAs, signIn, inLanguage, test, fieldErrors } from './support';

/*
 * The SMS budgets of one client address (DESIGN §5) as a person meets them: past the address's
 * free texts a send asks for the picture captcha in a popup, and past its hourly texts the form
 * says so. Each test has an address of its own (support.ts), so it starts with a fresh budget.
 */

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
const CAPTCHA_URL = '/idaas/auth/v1/pacas/get-valid-code';

/**
 * Numbers no account has, distinct per journey (`series`) and per retry, so the per-number
 * resend timer of an earlier try never answers first. SMS sign-in treats them like real numbers.
 */
const unknownNumber = (series: number, retry: number, i: number) => `1371234${retry}${series}${String(i).padStart(2, '0')}`;

/** Texts sent by SMS sign-in from this test's address; once it asks, each carries a solved captcha. */
async function spendTexts(request: APIRequestContext, numbers: string[]) {
  for (const mobileNo of numbers) {
    const send = (captcha = {}) => request.post(`/idaas/auth/v1/send-msg/msg-login`, { headers: API_HEADERS, data: { mobileNo, ...captcha } });
    let body = await (await send()).json();
    if (body.code === 'E30127') {
      const { capKey } = (await (await request.post(CAPTCHA_URL, { headers: API_HEADERS, data: {} })).json()).data;
      body = await (await send({ capKey, capText: await captchaAnswer(request, capKey) })).json();
    }
    expect(body.code, `text to ${mobileNo}`).toBe('D00000');
  }
}

/** The newest picture captcha's key, as the page loads one. */
function watchCaptchaKey(page: Page): () => string {
  let capKey = '';
  page.on('response', async (response) => {
    if (response.url().includes(CAPTCHA_URL)) capKey = (await response.json()).data.capKey;
  });
  return () => capKey;
}

/** Console errors of the page's own code: a refused call's "Failed to load resource" is the browser's. */
function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('SMS budgets of a client address', () => {
  test('past the free texts, the self-service bind asks for the picture captcha; a wrong answer retries; the code arrives', async ({ page, db }, testInfo) => {
    // wangwu's bind step only shows while wangwu has no phone; another journey binds one.
    db.setUserColumns('wangwu', { mobile_no: null, phone_disabled: 0 });
    const mobile = `1370000${testInfo.retry}901`;
    const errors = watchConsoleErrors(page);
    const capKey = watchCaptchaKey(page);
    await spendTexts(page.request, [1, 2, 3].map((i) => unknownNumber(0, testInfo.retry, i)));

    await signIn(page, 'wangwu');
    await expect(page).toHaveURL(/\/selfService$/);
    await page.getByTestId('bind-phone-mobile').fill(mobile);
    const send = page.getByTestId('sms-send');
    const beforeSend = capKey();
    await send.click();
    const popup = page.getByRole('dialog', { name: '图片验证码识别' });
    await expect(popup).toBeVisible();
    await expect(page.getByTestId('captcha-popup-input')).toBeFocused();
    await expect.poll(capKey).not.toBe(beforeSend);
    const cancelled = capKey();

    // Escape gives up: no text went out and the button is ready again.
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(send).toBeEnabled();
    await expect(send).toHaveText('获取验证码');
    expect(await lastSmsSentAt(page.request, mobile)).toBeNull();

    // By keyboard again; a wrong answer is said in the popup, which brings a new picture.
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(popup).toBeVisible();
    await expect.poll(capKey).not.toBe(cancelled);
    const first = capKey();
    const answer = await captchaAnswer(page.request, first);
    const input = page.getByTestId('captcha-popup-input');
    await expect(input).toBeFocused();
    await page.keyboard.type(answer === '0000' ? '1111' : '0000');
    await expect(page.getByTestId('captcha-popup-error')).toHaveText('验证码错误，请重新输入');
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();
    await expect.poll(capKey).not.toBe(first);

    await page.keyboard.type(await captchaAnswer(page.request, capKey()));
    await expect(popup).toBeHidden();
    await expect(send).toBeDisabled();
    await expect(send).toContainText(/\d+秒后重发/);
    await expect(page.getByText('短信发送成功，请注意查收')).toBeVisible();
    expect(await nextSmsCode(page.request, mobile, null)).toMatch(/^\d{6}$/);
    expect(errors).toEqual([]);
  });

  test('past the hourly texts, binding a phone on /safe is refused on the form, in English', async ({ page }, testInfo) => {
    await inLanguage(page, 'en');
    // The hourly budget's answer, the point of this journey.
    expectRefusals(page, [429], /\/bind-mobile\/send-otp$/);
    const errors = watchConsoleErrors(page);
    const capKey = watchCaptchaKey(page);
    // The address's hourly 20 (SMS_IP_HOURLY_LIMIT in playwright.config.ts).
    await spendTexts(page.request, Array.from({ length: 20 }, (_, i) => unknownNumber(1, testInfo.retry, i)));

    // admin has no phone, and this journey leaves it so.
    await openAs(page, 'admin', '/safe');
    await page.getByTestId('phone-bind').click();
    const dialog = page.getByRole('dialog', { name: 'Bind a phone' });
    await dialog.getByTestId('mobile-input').fill(`1370000${testInfo.retry}902`);
    const beforeSend = capKey();
    await dialog.getByTestId('sms-send').click();

    // Captcha first (the address is past its free texts), then the hourly budget answers.
    await expect(page.getByRole('dialog', { name: 'Picture verification' })).toBeVisible();
    await expect.poll(capKey).not.toBe(beforeSend);
    await page.getByTestId('captcha-popup-input').pressSequentially(await captchaAnswer(page.request, capKey()));
    await expect(page.getByRole('dialog', { name: 'Picture verification' })).toBeHidden();
    const codeItem = dialog.locator('.ant-form-item', { has: page.getByTestId('sms-code-input') });
    await expect(fieldErrors(codeItem)).toHaveText('Too many requests, please try again later');
    // Said once, on the form: no toast repeats it.
    await expect(page.getByText('Too many requests, please try again later')).toHaveCount(1);
    await expect(dialog.getByTestId('sms-send')).toBeEnabled();
    expect(errors).toEqual([]);
  });
});
