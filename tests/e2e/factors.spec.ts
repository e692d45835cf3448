import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './axe';
import { confirmDialog, DEMO_PASSWORD, expect, lastSmsSentAt, nextSmsCode, openAs, signIn, test } from './support';

/*
 * Issue 16 in Chromium: passkeys through the DevTools virtual authenticator (WebAuthn domain),
 * the authenticator app with codes computed from the secret the page shows, and recovery codes.
 * The suite runs on http://localhost (playwright.config.ts): an IP address is no WebAuthn RP id.
 */

/** A platform authenticator with resident keys and user verification, like a laptop's fingerprint reader. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}


/** A browser without conditional mediation: passkeys only through the button. */
const withoutAutofill = () => {
  Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
};

/**
 * A code the server takes now and has not seen: it accepts the steps one either side of its own
 * and only a step later than the last used, so the next step's code is used at once. Only when
 * that one was used too does this wait for the clock to catch up (at most one period).
 *
 * The first code is the previous step's while that stays good for another 10 s: the three codes
 * of this file's sign-ins then fit in the steps either side of now, where starting from the
 * current step made the third wait up to a period for the clock.
 */
async function freshCode(totp: TOTP, usedStep: number | null): Promise<{ code: string; step: number }> {
  const stepNow = () => Math.floor(Date.now() / 1000 / totp.period);
  const firstStep = () => ((stepNow() + 1) * totp.period * 1000 - Date.now() >= 10_000 ? stepNow() - 1 : stepNow());
  let step = usedStep === null ? firstStep() : Math.max(stepNow(), usedStep + 1);
  if (step > stepNow() + 1) {
    await new Promise((resolve) => setTimeout(resolve, ((step - 1) * totp.period * 1000 - Date.now()) + 200));
    step = Math.max(stepNow(), usedStep! + 1);
  }
  return { code: totp.generate({ timestamp: step * totp.period * 1000 + 1000 }), step };
}

/**
 * Clicks an action that needs a recent re-authentication and waits for `result`: when the
 * dialog asks, the password is given and the page retries the action by itself.
 */
async function withReauth(page: Page, action: string, result: string) {
  await page.getByTestId(action).click();
  const dialog = page.getByRole('dialog', { name: '验证身份' });
  const asked = dialog.waitFor().then(() => true, () => false);
  const done = page.getByTestId(result).waitFor().then(() => false, () => false);
  if (await Promise.race([asked, done])) {
    // The strongest way the person has opens first (a passkey, the app); the password is a tab.
    await dialog.getByRole('tab', { name: '密码' }).click();
    await page.getByTestId('reauth-password').fill(DEMO_PASSWORD);
    await page.getByTestId('reauth-submit').click();
  }
  await page.getByTestId(result).waitFor();
}

/** Signs out and forgets the device trust cookie, so the next sign-in asks for a second factor again. */
async function signOut(page: Page) {
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/login/);
  await page.context().clearCookies();
}

test.describe('passkeys', () => {
  const account = 'emp0133';
  test.afterAll(({ db }) => db.forgetFactors(account));

  test('a passkey registered in account security signs in with no password: the button, then autofill', async ({ page }) => {
    test.setTimeout(150_000);
    const authenticator = await addVirtualAuthenticator(page);
    await openAs(page, account, '/safe');
    await expect(page.getByTestId('factors-card')).toBeVisible();
    await expect(page.getByTestId('score-item-passkey')).toHaveAttribute('data-earned', 'false');
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-name').fill('工作笔记本');
    // Adding a factor needs a re-authentication of the last 5 minutes: the password first.
    await page.getByTestId('passkey-create').click();
    await page.getByTestId('reauth-password').fill(DEMO_PASSWORD);
    await page.getByTestId('reauth-submit').click();
    await expect(page.getByTestId('passkey-item')).toHaveCount(1);
    await expect(page.getByTestId('passkey-name-text')).toHaveText('工作笔记本');
    await expect(page.getByTestId('passkey-last-used')).toHaveText('从未使用');
    await expect(page.getByTestId('score-item-passkey')).toHaveAttribute('data-earned', 'true');
    await expectAccessible(page, '/safe with a passkey');

    // The button: in a browser without autofill for passkeys, so nothing else answers first.
    await page.addInitScript(withoutAutofill);
    await signOut(page);
    await page.goto('/login');
    await expect(page.getByTestId('login-passkey')).toHaveText('使用通行密钥登录');
    await expectAccessible(page, '/login with the passkey button');
    await page.getByTestId('login-passkey').click();
    await expect(page).toHaveURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText(account);
    await page.goto('/safe');
    await expect(page.getByTestId('passkey-last-used')).toContainText('最近使用');

    // Conditional UI: the account field offers the passkey (the virtual authenticator picks it at once).
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId });
    await signOut(page);
    const other = await page.context().newPage();
    const second = await addVirtualAuthenticator(other);
    await second.cdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: credentials[0] });
    // Nothing is clicked: only the account field's conditional UI (autocomplete "username webauthn")
    // can sign in here, and it may do so before an assertion on the field could still find it.
    await other.goto('/login');
    await expect(other).toHaveURL(/\/myApp$/);
    await expect(other.getByTestId('current-user-id')).toHaveText(account);

    // Rename needs nothing more; removal asks first, then a re-authentication: the passkey itself, offered first.
    await other.goto('/safe');
    await other.getByTestId('passkey-rename').click();
    await other.getByTestId('passkey-rename-input').fill('旧笔记本');
    await other.getByTestId('passkey-rename-ok').click();
    await expect(other.getByTestId('passkey-name-text')).toHaveText('旧笔记本');
    await other.getByTestId('passkey-remove').click();
    await confirmDialog(other);
    const reauth = other.getByRole('dialog', { name: '验证身份' });
    await expect(reauth.getByRole('tab', { selected: true })).toHaveText('通行密钥');
    await other.getByTestId('reauth-passkey').click();
    await expect(other.getByTestId('passkey-item')).toHaveCount(0);
    await expect(other.getByTestId('score-item-passkey')).toHaveAttribute('data-earned', 'false');
  });
});

/*
 * A generated employee who must pass a second factor, with a phone of its own: zhaoliu's own
 * journey (sign-in-flows.spec.ts) expects the texted code as his only factor, and texts his
 * number, which takes one text a minute.
 */
test.describe.serial('an employee with a second factor: authenticator app and recovery codes', () => {
  const account = 'emp0134';
  const mobile = '13910000134';
  let totp: TOTP;
  let usedStep: number | null = null;

  test('enrols an authenticator app from the secret shown and signs in with its code', async ({ page, request, db }) => {
    test.setTimeout(120_000);
    db.setUserColumns(account, { second_auth_required: 1 });
    // The employee must pass a second factor: today that is the texted code.
    const before = await lastSmsSentAt(request, mobile);
    await signIn(page, account);
    await expect(page.getByTestId('second-auth-factor')).toHaveAttribute('data-kind', 'SMS');
    await page.getByTestId('code-boxes-input').pressSequentially(await nextSmsCode(request, mobile, before));
    await expect(page).toHaveURL(/\/myApp$/);

    await page.goto('/safe');
    await expect(page.getByTestId('factor-totp')).toHaveAttribute('data-state', 'none');
    await withReauth(page, 'totp-add', 'totp-secret');
    await expect(page.getByTestId('totp-qr')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const first = await freshCode(totp, null);
    await page.getByTestId('totp-code').fill(first.code);
    await page.getByTestId('totp-confirm').click();
    await expect(page.getByTestId('factor-totp')).toHaveAttribute('data-state', 'on');
    usedStep = first.step;

    await signOut(page);
    await signIn(page, account);
    // The strongest factor he has opens first; the texted code is one of the other ways.
    await expect(page.getByTestId('second-auth-factor')).toHaveAttribute('data-kind', 'TOTP');
    await expect(page.getByTestId('second-auth-choose-SMS')).toBeVisible();
    await expectAccessible(page, '/secondAuth with an authenticator app');
    const next = await freshCode(totp, usedStep);
    await page.getByTestId('second-auth-totp-code').fill(next.code);
    await page.getByTestId('second-auth-totp-submit').click();
    await expect(page).toHaveURL(/\/myApp$/);
    await expect(page.getByTestId('current-user-id')).toHaveText(account);
    usedStep = next.step;
  });

  test('generates recovery codes and signs in with one: 9 left', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, account);
    const pass = await freshCode(totp, usedStep);
    await page.getByTestId('second-auth-totp-code').fill(pass.code);
    await page.getByTestId('second-auth-totp-submit').click();
    await expect(page).toHaveURL(/\/myApp$/);

    await page.goto('/safe');
    await expect(page.getByTestId('recovery-remaining')).toHaveText('未生成');
    await withReauth(page, 'recovery-generate', 'recovery-codes');
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    await expect(page.getByTestId('recovery-download')).toBeVisible();
    await page.getByTestId('recovery-done').click();
    await expect(page.getByTestId('recovery-remaining')).toHaveText('剩余 10 / 10 个');

    await signOut(page);
    await signIn(page, account);
    await page.getByTestId('second-auth-choose-RECOVERY_CODE').click();
    await expect(page.getByTestId('second-auth-recovery')).toContainText('剩余 10 个');
    await page.getByTestId('second-auth-recovery-code').fill(codes[0]);
    await page.getByTestId('second-auth-recovery-submit').click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('已使用恢复码登录，还剩 9 个。');
    await page.getByTestId('recovery-continue').click();
    await expect(page).toHaveURL(/\/myApp$/);
    await page.goto('/safe');
    await expect(page.getByTestId('recovery-remaining')).toHaveText('剩余 9 / 10 个');
  });
});

test.describe('a passkey required for administrators', () => {
  test.afterAll(({ db }) => {
    // The policy is shared by every journey of the worker: whatever happened, administrators sign in as before.
    db.run((sqlite) => sqlite.prepare("DELETE FROM config WHERE key = 'policy.mfa'").run());
    db.forgetFactors('admin');
  });

  test('the workbench turns it on; the administrator is walked through creating one after signing in', async ({ page }) => {
    test.setTimeout(90_000);
    await addVirtualAuthenticator(page);
    // The security administrator turns it on; the system administrator is walked through it.
    await openAs(page, 'secadmin', '/systemhub/#/policies');
    const section = page.getByTestId('policy-mfa');
    await expect(section).toContainText('管理员必须使用通行密钥（防钓鱼）');
    await page.getByTestId('policy-mfa-passkeyForAdmins').click();
    await page.getByTestId('policy-mfa-save').click();
    await expect(page.getByText('策略已保存并生效')).toBeVisible();

    await page.getByTestId('wb-logout').click();
    await page.waitForURL(/\/login/);
    await page.context().clearCookies();
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/selfService/);
    const step = page.getByTestId('enrol-factor-step');
    await expect(step).toHaveAttribute('data-only', 'PASSKEY');
    // Not skippable, and only a passkey will do: no app tab.
    await expect(page.getByTestId('bind-phone-skip')).toHaveCount(0);
    await expect(step.getByRole('tab')).toHaveCount(0);
    await expectAccessible(page, 'passkey enrolment required at sign-in');
    await page.getByTestId('passkey-create').click();
    await page.getByTestId('self-service-continue').click();
    await page.waitForURL(/\/systemhub\//);
  });
});
