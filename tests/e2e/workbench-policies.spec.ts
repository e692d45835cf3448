import type { Page } from '@playwright/test';
import { expectAccessible, settle } from './axe';
import { confirmPopover, expect, expectRefusals, openAs, SESSION_CHECK, signInHere, startSession, inLanguage, test } from './support';

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
const POLICIES = '/idaas/admin/v1/policies';

const TEXTS = {
  zh: {
    history: '历史版本', field: '密码规则 · 不得与最近几次密码相同', rolledBack: '已回滚并生效', rolledBackTo: '回滚到版本', restored: '已恢复默认并生效',
  },
  en: {
    history: 'History', field: 'Password rules · Must differ from the last N passwords', rolledBack: 'Rolled back; in force now', rolledBackTo: 'Rolled back to version', restored: 'Defaults restored; in force now',
  },
} as const;

async function savePolicy(page: Page, body: unknown): Promise<void> {
  const saved = await page.request.post(`${POLICIES}/update`, { data: body, headers: API_HEADERS });
  expect((await saved.json()).code).toBe('D00000');
}

async function newestVersions(page: Page): Promise<number[]> {
  const answer = await page.request.post(`${POLICIES}/history`, { data: { pageNum: 1, pageSize: 2 }, headers: API_HEADERS });
  return ((await answer.json()).data.datas as { version: number }[]).map((v) => v.version);
}

/**
 * The workbench's policies page: what each saved version changed, in words; rolling back to one
 * and restoring a section's defaults, each shown on the page at once.
 */
test.describe('workbench policies', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`history shows who changed which field from what to what; rollback and defaults show at once (${lang})`, async ({ page }) => {
      const T = TEXTS[lang];
      if (lang === 'en') await inLanguage(page, 'en');
      await startSession(page.context(), 'secadmin');
      try {
        await savePolicy(page, { pwd: { historyCount: 3 } });
        await savePolicy(page, { pwd: { historyCount: 5 } });
        const [latest, earlier] = await newestVersions(page);

        await page.goto('/systemhub/#/policies');
        const historyCount = page.getByTestId('policy-pwd-historyCount');
        await expect(historyCount).toHaveValue('5');

        await page.getByRole('button', { name: T.history }).click();
        await page.getByTestId(`policy-changes-${latest}`).click();
        await expect(page.getByTestId(`policy-version-${latest}-changes`)).toHaveText(`${T.field}${lang === 'zh' ? '：' : ': '}3 → 5`);
        await expect(page.getByTestId(`policy-version-${latest}`)).toContainText('secadmin');
        await settle(page);
        await expectAccessible(page, `${lang} policy history`);

        await page.getByTestId(`policy-rollback-${earlier}`).click();
        await confirmPopover(page);
        await expect(page.getByText(T.rolledBack)).toBeVisible();
        // The new version heads the history and the form behind the drawer already holds its values.
        await expect(page.getByTestId('policy-history').locator('.policy-version').first()).toContainText(`${T.rolledBackTo} ${earlier}`);
        await expect(historyCount).toHaveValue('3');

        await page.locator('.ant-drawer-close').click();
        await page.getByTestId('policy-pwd-defaults').click();
        await confirmPopover(page);
        await expect(page.getByText(T.restored)).toBeVisible();
        // The test server's configured default: no password history.
        await expect(historyCount).toHaveValue('0');
      } finally {
        // The policies are shared by every journey of this worker's portal.
        const restored = await page.request.post(`${POLICIES}/restore-defaults`, { data: { sections: ['pwd'] }, headers: API_HEADERS });
        expect(restored.ok()).toBe(true);
      }
    });
  }
});

/** A workbench page's own address (a bookmark, a link in a message) opens that page, signed in or after signing in. */
test.describe('workbench deep links', () => {
  test('/systemhub/users signed out goes through sign-in and lands on the users list; an unknown page says so (zh)', async ({ page }) => {
    expectRefusals(page, [401], SESSION_CHECK);
    await page.goto('/systemhub/users?from=mail');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signInHere(page, 'admin');
    await expect(page).toHaveURL(/\/systemhub\/#\/users\?from=mail$/);
    await expect(page.getByTestId('user-table')).toBeVisible();

    await page.goto('/systemhub/no-such-page');
    await expect(page.getByTestId('wb-not-found')).toContainText('页面不存在');
    await settle(page);
    await expectAccessible(page, 'zh workbench not-found page');
    await expect(page.getByTestId('user-table')).toHaveCount(0);
  });

  test('/systemhub/apps and /systemhub/audit signed in land on those pages; an unknown page says so (en)', async ({ page }) => {
    await inLanguage(page, 'en');
    await openAs(page, 'admin', '/systemhub/apps');
    await expect(page).toHaveURL(/\/systemhub\/#\/apps$/);
    await expect(page.getByTestId('wb-menu-apps')).toHaveClass(/selected/);
    // The logs are the audit administrator's: the system administrator's page is left before the session changes hands.
    await page.goto('about:blank');
    await startSession(page.context(), 'auditor');
    await page.goto('/systemhub/audit');
    await expect(page).toHaveURL(/\/systemhub\/#\/audit$/);
    await expect(page.getByTestId('wb-menu-audit')).toHaveClass(/selected/);
    await page.goto('/systemhub/#/users/nowhere');
    await expect(page.getByTestId('wb-not-found')).toContainText('No such page');
  });
});

const APP_TEXTS = {
  zh: { notSet: '尚未生成客户端密钥。', set: '已生成客户端密钥（不可再次查看）。', rotate: '轮换密钥', close: '关闭' },
  en: { notSet: 'No client secret yet.', set: 'A client secret was generated (it cannot be shown again).', rotate: 'Rotate the secret', close: 'Close' },
} as const;

/** What an action on an application's page changed shows on the page at once, without a reload. */
test.describe('workbench application page', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`generating a client secret turns the card to "a secret exists" at once (${lang})`, async ({ page }) => {
      const T = APP_TEXTS[lang];
      if (lang === 'en') await inLanguage(page, 'en');
      await startSession(page.context(), 'admin');
      const appId = `fresh${lang}${Date.now().toString(36)}`;
      const created = await page.request.post('/idaas/admin/v1/apps/create', {
        data: { appId, appName: `Fresh ${lang}`, idpSsoUrl: 'https://fresh.example/sso', loginTypes: ['ACCOUNT'] }, headers: API_HEADERS,
      });
      const { id } = (await created.json()).data as { id: number };

      await page.goto(`/systemhub/#/apps/show/${id}`);
      await expect(page.getByText(T.notSet)).toBeVisible();
      await page.getByTestId('app-rotate-secret').click();
      await confirmPopover(page);
      const shown = page.getByRole('dialog');
      await expect(shown.getByTestId('client-secret')).toBeVisible();
      await shown.locator('.ant-modal-footer').getByRole('button', { name: T.close }).click();
      await expect(page.getByText(T.set)).toBeVisible();
      await expect(page.getByText(T.notSet)).toHaveCount(0);
      await expect(page.getByTestId('app-rotate-secret')).toHaveText(T.rotate);
    });
  }
});
