import type { Page } from '@playwright/test';
import { expectAccessible, settle } from './axe';
import { confirmPopover, expect, expectRefusals, fillRegistrationCode, personAt, inLanguage, test } from './support';

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
const PASSWORD = 'Start#Work26';
/** A number no other journey uses: 135 + the time, so a retry gets a fresh one. */
const freshNumber = () => `135${String(Date.now()).slice(-8)}`;

async function setRegistration(admin: Page, registration: { enabled: boolean; approval: boolean }): Promise<void> {
  const saved = await admin.request.post('/idaas/admin/v1/policies/update', { data: { registration }, headers: API_HEADERS });
  expect((await saved.json()).code).toBe('D00000');
}

async function fillForm(page: Page, account: string, mobileNo: string): Promise<void> {
  await page.goto('/registerAccount');
  await page.getByTestId('register-account').fill(account);
  await page.getByTestId('register-name').fill('Reg Person');
  await page.getByTestId('register-mobile').fill(mobileNo);
  await page.getByTestId('register-password').fill(PASSWORD);
  await fillRegistrationCode(page, mobileNo);
}

async function trySignIn(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-password').press('Enter');
}

/**
 * Self-registration as the workbench's registration policy says: closed (the page says so and the
 * sign-in page offers no link), open, or open with approval; the phone proven by a texted code.
 */
test.describe('registration policy', () => {
  test('with approval: a registration proven by SMS waits; sign-in says so until an administrator approves it (zh)', async ({ page, browser }) => {
    const admin = await personAt(browser, 'admin', '/systemhub/#/registrations');
    // The registration policy is the security administrator's; approving people the system administrator's.
    const security = await personAt(browser, 'secadmin', '/systemhub/#/policies');
    await setRegistration(security, { enabled: true, approval: true });
    try {
      const account = `reg.zh.${Date.now().toString(36)}`;
      await fillForm(page, account, freshNumber());
      await settle(page);
      await expectAccessible(page, 'zh register page with its SMS code');
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-success')).toContainText('注册申请已提交');
      await expect(page.getByTestId('register-success')).toContainText(`账号 ${account} 正在等待管理员审批`);

      expectRefusals(page, [400], /\/auth\/v1\/login-check$/);
      await trySignIn(page, account);
      await expect(page.getByTestId('login-warning')).toContainText('注册申请正在等待管理员审批');

      await admin.reload();
      await expect(admin.getByTestId(`registration-approve-${account}`)).toBeVisible();
      await settle(admin);
      await expectAccessible(admin, 'zh pending registrations');
      await admin.getByTestId(`registration-approve-${account}`).click();
      await confirmPopover(admin);
      await expect(admin.getByText('已通过，该账号现在可以登录')).toBeVisible();
      await expect(admin.getByTestId(`registration-approve-${account}`)).toHaveCount(0);

      await trySignIn(page, account);
      await expect(page).toHaveURL(/\/myApp$/);
    } finally {
      await setRegistration(security, { enabled: true, approval: false });
      await admin.context().close();
    }
  });

  test('closed: the page says so and sign-in offers no link; open: a registration with its SMS code signs in (en)', async ({ page, browser }) => {
    await inLanguage(page, 'en');
    const admin = await personAt(browser, 'secadmin', '/systemhub/#/policies');
    await setRegistration(admin, { enabled: false, approval: false });
    try {
      await page.goto('/registerAccount');
      await expect(page.getByTestId('register-page')).toContainText('Registration is switched off; ask your administrator for an account');
      await expect(page.getByTestId('register-form')).toHaveCount(0);
      await page.goto('/login');
      await expect(page.getByTestId('login-account')).toBeVisible();
      await expect(page.getByTestId('link-register')).toHaveCount(0);
    } finally {
      await setRegistration(admin, { enabled: true, approval: false });
      await admin.context().close();
    }
    const account = `reg.en.${Date.now().toString(36)}`;
    await fillForm(page, account, freshNumber());
    await expect(page.getByText('A code was texted to this number')).toBeVisible();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toContainText(`Your account: ${account}`);
    await trySignIn(page, account);
    await expect(page).toHaveURL(/\/myApp$/);
  });
});
