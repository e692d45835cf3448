import type { Browser, Page } from '@playwright/test';
import { expectAccessible, settle } from './axe';
import { expect, openAs, startSession, test } from './support';

const API = { 'X-Client-Id': 'idaas-portal-web' };
const PHONE = { width: 390, height: 844 };

const english = (page: Page) => page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();

/** What an administrator writes in the workbench, through its API in a browser context of their own. */
async function adminPost(browser: Browser, path: string, data: unknown) {
  const context = await browser.newContext();
  try {
    await startSession(context, 'admin');
    const body = await (await context.request.post(`/idaas/admin/v1${path}`, { headers: API, data })).json();
    expect(body.code, `${path} ${JSON.stringify(body)}`).toBe('D00000');
    return body.data;
  } finally {
    await context.close();
  }
}

test.describe('home notices', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`a published notice opens with its body and link, as text, and stops being unread (${lang})`, async ({ page, browser }) => {
      const title = `${lang === 'zh' ? '机房停电通知' : 'Data centre outage'} ${Date.now().toString(36)}`;
      // Markup in the body must show as written: an injected element or a script that ran would set window.__xss.
      const body = `周六 9:00–12:00 停电。\n请提前保存工作。\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
      const { id } = await adminPost(browser, '/notices/create', { kind: 'NOTICE', title, body, link: 'https://intranet.example.com/outage' });
      await adminPost(browser, '/notices/publish', { id });

      // Desktop: a drawer beside the page; phone: the whole screen.
      if (lang === 'en') await page.setViewportSize(PHONE);
      await openAs(page, 'lisi', '/myApp');
      if (lang === 'en') await english(page);
      const item = page.getByTestId('notice-list').getByTestId('home-item').filter({ hasText: title });
      await expect(item.getByTestId('unread-mark')).toBeVisible();
      await expect(item.getByTestId('unread-mark')).toHaveAccessibleName(lang === 'zh' ? '未读' : 'Unread');
      await item.click();

      const drawer = page.locator('.ant-drawer-content-wrapper');
      await expect(drawer.getByText(title)).toBeVisible();
      await expect(page.getByTestId('notice-body')).toHaveText(body, { useInnerText: true });
      await expect(page.getByTestId('notice-body').locator('img, script')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await expect(page.getByTestId('notice-time')).toContainText(lang === 'zh' ? '发布于' : 'Published');
      const link = page.getByTestId('notice-link');
      await expect(link).toHaveAttribute('href', 'https://intranet.example.com/outage');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await settle(page);
      const width = (await drawer.boundingBox())!.width;
      if (lang === 'en') expect(width).toBeCloseTo(PHONE.width, 0);
      else expect(width).toBeLessThan(700);
      await expectAccessible(page, `notice drawer (${lang})`);

      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(item.getByTestId('unread-mark')).toHaveCount(0);
      // The read mark is the server's: it holds after a reload.
      await page.reload();
      await expect(page.getByTestId('notice-list').getByTestId('home-item').filter({ hasText: title })).toBeVisible();
      await expect(page.getByTestId('notice-list').getByTestId('home-item').filter({ hasText: title }).getByTestId('unread-mark')).toHaveCount(0);
    });
  }
});

test.describe('activation link', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`a new person sets a first password from the link, signs in with it, and the link is then spent (${lang})`, async ({ page, browser }) => {
      const account = `act${lang}${Date.now().toString(36)}`;
      const person = await adminPost(browser, '/users/create', { userId: account, userName: lang === 'zh' ? '新同事' : 'New Colleague' });
      const { link } = await adminPost(browser, '/users/activation', { id: person.id, channel: 'LINK' });
      const url = new URL(link);
      expect(url.pathname).toBe('/activate');
      const address = `${url.pathname}${url.search}`;

      await page.goto(address);
      if (lang === 'en') await english(page);
      await expect(page.getByTestId('activate-owner')).toContainText(account);
      await expect(page.getByTestId('activate-owner')).toContainText(lang === 'zh' ? '设置登录密码' : 'Set the sign-in password');
      // The policy's rules are on the page and the meter follows what is typed.
      await expect(page.getByTestId('password-policy')).toBeVisible();
      await page.getByTestId('new-password').fill('Kx7!mPq2#Lw9');
      await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', /.+/);
      await page.getByTestId('repeat-password').fill('Kx7!mPq2#Lw9');
      await settle(page);
      await expectAccessible(page, `activation form (${lang})`);
      await page.getByTestId('activate-save').click();
      await expect(page.getByTestId('activate-done')).toContainText(lang === 'zh' ? '账号已激活' : 'Your account is active');

      // The same link again: spent, and the page says what to do.
      await page.goto(address);
      await expect(page.getByTestId('activate-void')).toContainText(lang === 'zh' ? '联系管理员' : 'ask your administrator');
      await expectAccessible(page, `spent activation link (${lang})`);

      // The new password signs the person in (a fresh context: no session from the page above).
      const context = await browser.newContext();
      try {
        await startSession(context, account, 'Kx7!mPq2#Lw9');
      } finally {
        await context.close();
      }
    });
  }
});
