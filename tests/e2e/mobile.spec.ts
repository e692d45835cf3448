import type { Page } from '@playwright/test';
import { expect, openAs, test } from './support';

/** A phone: what a person sees at 390 × 844 (the measurements). */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Screenshots for a person to look at (not compared): .tmp/shots/<name>-<lang>.png. */
const shot = (page: Page, name: string, lang: string) => page.screenshot({ path: `.tmp/shots/${name}-${lang}.png` });

const english = (page: Page) => page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();

/** The page itself never scrolls sideways (tables scroll inside themselves). */
async function expectNoPageScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Wholly inside the first screen, left to right and top to bottom. */
async function expectOnFirstScreen(page: Page, testId: string) {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
}

test.describe('the portal on a phone', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`approvals: the pass button is on screen without scrolling the page (${lang})`, async ({ page }) => {
      await openAs(page, 'zhangsan', '/approvalAuthority');
      if (lang === 'en') await english(page);
      const pass = page.locator('[data-testid^="approval-pass-"]').first();
      await expect(pass).toBeVisible();
      await expectNoPageScroll(page);
      const box = (await pass.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await expect(page.getByTestId('scroll-hint')).toBeVisible();
      // The header title fits or ends in an ellipsis; it never vanishes.
      const title = page.getByTestId('layout-title');
      await expect(title).toBeVisible();
      const titleBox = (await title.boundingBox())!;
      expect(titleBox.width).toBeGreaterThan(0);
      expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'approvals', lang);

      await page.goto('/applicationAuthority');
      await expect(page.getByTestId('apply-open')).toBeVisible();
      await expect(page.getByTestId('request-table')).toBeVisible();
      await expectNoPageScroll(page);
      await shot(page, 'requests', lang);
    });

    test(`my apps: the list comes first and once; the overview cards fold away (${lang})`, async ({ page }) => {
      await openAs(page, 'lisi', '/myApp');
      if (lang === 'en') await english(page);
      await expect(page.getByTestId('app-grid')).toBeVisible();
      await expect(page.getByTestId('common-apps')).toHaveCount(0);
      await expectOnFirstScreen(page, 'app-grid');
      await expectOnFirstScreen(page, 'apps-search');
      await expectNoPageScroll(page);

      await expect(page.getByTestId('info-cards')).toHaveCount(0);
      await expect(page.getByTestId('info-cards-toggle')).toHaveAttribute('aria-expanded', 'false');
      await shot(page, 'myapp', lang);
      await page.getByTestId('info-cards-toggle').click();
      await expect(page.getByTestId('info-cards')).toBeVisible();
      await expect(page.getByTestId('info-cards-toggle')).toHaveAttribute('aria-expanded', 'true');
      await shot(page, 'myapp-cards', lang);
    });

    test(`sign-in and register: the demo outbox leaves the footer readable (${lang})`, async ({ page }) => {
      await page.goto('/login');
      if (lang === 'en') await english(page);
      await expect(page.getByTestId('outbox-open')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const launcher = (await page.getByTestId('outbox-open').boundingBox())!;
      const footer = (await page.locator('footer').last().boundingBox())!;
      expect(footer.y + footer.height).toBeLessThanOrEqual(launcher.y);
      await shot(page, 'login', lang);
      await page.goto('/registerAccount');
      await expect(page.getByTestId('register-form')).toBeVisible();
      await shot(page, 'register', lang);
    });
  }
});
