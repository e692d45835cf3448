import { createHash } from 'node:crypto';
import type { Response } from '@playwright/test';
import { expectAccessible } from './axe';
import { captchaAnswer, expect, fillRegistrationCode, signInHere, inLanguage, test } from './support';

/*
 * The sign-in page as an application's way in: it names the application, and someone refused for
 * it gets a page that says so with the ways on. Then three messages that used to disagree or leak
 * noise: the register form's refused password, the locked account's sign-in form, a signed-out
 * visit to /resetPassword. Each in Chinese and in English.
 */

const APP = '示例应用 Demo RP';

const LANGS = [
  {
    lang: 'zh', refused: 'emp0176', locked: 'emp0178', registerAs: 'dest.zh',
    continueTo: `继续前往 ${APP}`, noAccess: `您没有访问 ${APP} 的权限`, signInButton: '登录',
    lockedText: '登录失败次数过多，账号已临时锁定，请15分钟后再试', captchaRequired: '请输入验证码',
    containsAccount: '新密码不符合密码策略：不能包含账号', strong: '密码强度：强',
  },
  {
    lang: 'en', refused: 'emp0177', locked: 'emp0179', registerAs: 'dest.en',
    continueTo: `Continue to ${APP}`, noAccess: `You have no access to ${APP}`, signInButton: 'Sign in',
    lockedText: 'Too many failed sign-ins; the account is locked, try again in 15 minutes', captchaRequired: 'Please enter the code',
    containsAccount: 'The new password does not meet the policy: it must not contain the account name', strong: 'Strength: strong',
  },
] as const;

/** The demo client's registered redirect URI (another journey of the worker may have moved it). */
function demoRedirect(db: { run: <T>(work: (s: import('better-sqlite3').Database) => T) => T }): string {
  const row = db.run((s) => s.prepare("SELECT oidc_redirect_uris AS uris FROM apps WHERE client_id = 'demo-rp'").get() as { uris: string });
  return (JSON.parse(row.uris) as string[])[0];
}

/** What the application's own sign-in starts: an authorisation request (code + PKCE) to the portal's provider. */
function authorizationRequest(redirectUri: string, state: string): string {
  const challenge = createHash('sha256').update(`verifier-${state}-kept-by-the-application-0123456789`).digest('base64url');
  return `/oidc/auth?${new URLSearchParams({ client_id: 'demo-rp', response_type: 'code', scope: 'openid', redirect_uri: redirectUri, state, code_challenge: challenge, code_challenge_method: 'S256' })}`;
}


for (const l of LANGS) {
  test(`${l.lang}: the sign-in page names the application; refused for it, the person goes back to it or signs in as someone else`, async ({ page, db }) => {
    await inLanguage(page, l.lang);
    const redirectUri = demoRedirect(db);
    // The application itself need not run: its callback answers whatever the portal sends it.
    await page.route(`${new URL(redirectUri).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Demo RP</title><p id="callback">callback</p>' }));
    const state = `journey-${l.lang}`;
    await page.goto(authorizationRequest(redirectUri, state));
    await expect(page).toHaveURL(/\/login\?appId=demo-rp&redirect=%2Foidc-interaction%2F/);
    const signInPage = page.url();
    await expect(page.getByTestId('login-destination')).toHaveText(l.continueTo);

    await signInHere(page, l.refused);
    await expect(page).toHaveURL(/\/permissionsNone\?appId=demo-rp&redirect=%2Foidc-interaction%2F/);
    await expect(page.getByTestId('permissions-none-title')).toHaveText(l.noAccess);
    await expectAccessible(page, `refused for an application (${l.lang})`);

    // Another account, for the same application and the same way on.
    await page.getByTestId('switch-account').click();
    await expect(page).toHaveURL(signInPage);
    await expect(page.getByTestId('login-destination')).toHaveText(l.continueTo);
    await signInHere(page, l.refused);
    await expect(page.getByTestId('permissions-none-title')).toHaveText(l.noAccess);

    // Back to the application, which hears that access was denied for its request.
    await page.getByTestId('back-to-app').click();
    await page.waitForURL((url) => url.toString().startsWith(redirectUri));
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.has('code')).toBe(false);
  });

  test(`${l.lang}: a refused password says which rule; a locked account shows only the lock; /resetPassword signed out goes to sign-in quietly`, async ({ page, db }) => {
    await inLanguage(page, l.lang);

    // Signed out, /resetPassword goes to the sign-in page that comes back, with no refusal logged (the console guard).
    await page.goto('/resetPassword');
    await expect(page).toHaveURL(/\/login\?redirect=%2FresetPassword$/);
    await expect(page.getByTestId('login-submit')).toHaveText(l.signInButton);

    // Nine failures in the lock window: the next wrong password (with its captcha) locks the account.
    db.run((s) => s.prepare('INSERT INTO limit_counters (subject, hits, window_start, locked_until) VALUES (?, 9, ?, NULL)').run(`acct:${l.locked}`, Date.now()));
    let capKey = '';
    page.on('response', async (response: Response) => {
      if (response.url().includes('/auth/v1/pacas/get-valid-code')) capKey = (await response.json()).data.capKey;
    });
    await page.getByTestId('login-account').fill(l.locked);
    await page.getByTestId('login-password').fill('Not-the-password-1');
    await page.getByTestId('login-password').press('Enter');
    await page.getByTestId('captcha-image').waitFor();
    await expect.poll(() => capKey).not.toBe('');
    await page.getByTestId('captcha-input').pressSequentially(await captchaAnswer(page.request, capKey));
    await expect(page.getByTestId('login-warning')).toHaveText(l.lockedText);
    await expect(page.getByTestId('captcha-input')).toHaveCount(0);
    // Trying again while locked: the lock again, and no prompt for a captcha.
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-warning')).toHaveText(l.lockedText);
    await expect(page.getByTestId('account-login-form')).not.toContainText(l.captchaRequired);

    // Registering with a password the strength meter likes but the policy refuses: the form names the rule.
    await page.goto('/registerAccount?clientId=idaas-portal-web&clientSecret=journey');
    await page.getByTestId('register-account').fill(l.registerAs);
    await page.getByTestId('register-name').fill('Destination');
    const mobileNo = l.lang === 'zh' ? '13512340176' : '13512340177';
    await page.getByTestId('register-mobile').fill(mobileNo);
    await page.getByTestId('register-password').fill(`${l.registerAs}#Work2026`);
    await expect(page.getByTestId('password-strength')).toHaveText(l.strong);
    await fillRegistrationCode(page, mobileNo);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-form').getByText(l.containsAccount, { exact: true })).toBeVisible();
  });
}
