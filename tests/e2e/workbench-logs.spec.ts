import type { Page } from '@playwright/test';
import { expect, openAs, startSession, inLanguage, test } from './support';

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const WORDS = {
  zh: { operationTab: '操作日志', changedNotice: '修改公告', notice: '公告', title: '标题', zone: /按 [\w/+-]+ 时区计日/, account: 'emp0191', end: '结束' },
  en: { operationTab: 'Operation log', changedNotice: 'Changed a notice', notice: 'Notice', title: 'Title', zone: /Days in [\w/+-]+/, account: 'emp0192', end: 'End' },
} as const;

/** The workbench at one of its hash routes, once its first table or card has drawn. */
async function openRoute(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => { window.location.hash = to; }, route);
}

/** A notice created and renamed through the API as the signed-in administrator: one change with a before and an after. */
async function renamedNotice(page: Page): Promise<{ before: string; after: string }> {
  const before = `Canteen hours ${stamp()}`;
  const after = `${before} (updated)`;
  const created = await (await page.request.post('/idaas/admin/v1/notices/create', { headers: API_HEADERS, data: { kind: 'NOTICE', title: before, body: 'Opens at 7.' } })).json();
  expect(created.code, JSON.stringify(created)).toBe('D00000');
  const updated = await (await page.request.post('/idaas/admin/v1/notices/update', { headers: API_HEADERS, data: { id: created.data.id, title: after } })).json();
  expect(updated.code, JSON.stringify(updated)).toBe('D00000');
  return { before, after };
}

/**
 * The workbench's logs and dashboard as an administrator reads them: what happened, to what and
 * how it changed, in words in either language, and the lists' widths at a laptop's 1366 px.
 */
for (const lang of ['zh', 'en'] as const) {
  test.describe(`workbench logs (${lang})`, () => {
    test.use({ viewport: { width: 1366, height: 860 } });

    test('an administrator\'s change reads in words, with its target\'s name and what changed, in the operation log and on the dashboard', async ({ page }) => {
      const w = WORDS[lang];
      await inLanguage(page, lang);
      await startSession(page.context(), 'admin');
      const { before, after } = await renamedNotice(page);
      // The system administrator changed it; the audit administrator reads the dashboard and the log.
      await startSession(page.context(), 'auditor');
      await page.goto('/systemhub/#/home');

      // The dashboard: the chart says whose days it counts, the change says what it did to what.
      await expect(page.getByTestId('home-timezone')).toHaveText(w.zone);
      const event = page.getByTestId('home-events').locator('tr.ant-table-row', { hasText: after }).first();
      await expect(event).toContainText(`${w.changedNotice} · ${w.notice}: ${after}`);
      await expect(page.getByTestId('home-events')).not.toContainText('ADMIN_NOTICE_UPDATE');

      // The operation log, found by the operation's words in the picker.
      await openRoute(page, '/audit');
      await page.getByRole('tab', { name: w.operationTab }).click();
      await page.getByTestId('operation-log-scene').click();
      await page.keyboard.type(w.changedNotice);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: w.changedNotice }).first().click();
      await page.getByTestId('operation-log-search-query').click();
      const table = page.getByTestId('operation-log-table');
      const row = table.locator('tr.ant-table-row', { hasText: after }).first();
      await expect(row).toContainText(w.changedNotice);
      await expect(row).toContainText(`${w.notice}: ${after}`);
      await expect(table).not.toContainText(/ADMIN_NOTICE_UPDATE|notice:\d+/);
      await row.locator('.ant-table-row-expand-icon').click();
      const diff = table.getByTestId('operation-changes').first();
      await expect(diff.locator('tr', { hasText: w.title })).toContainText(before);
      await expect(diff.locator('tr', { hasText: w.title })).toContainText(after);
    });

    test('the sessions list names browser and system, and its end buttons are in view at 1366 px', async ({ page, browser }) => {
      const w = WORDS[lang];
      const phone = await browser.newContext({ userAgent: IPHONE_SAFARI });
      try {
        await startSession(phone, w.account);
        await inLanguage(page, lang);
        await openAs(page, 'secadmin', '/systemhub/#/sessions');
        await page.getByTestId('session-keyword').fill(w.account);
        await page.getByTestId('session-search-query').click();
        const row = page.getByTestId('session-table').locator('tr.ant-table-row', { hasText: w.account }).first();
        await expect(row.locator('[data-testid^="session-agent-"]')).toHaveText('Safari · iPhone');
        const end = row.locator('[data-testid^="session-end-"]');
        await expect(end).toHaveText(w.end);
        await expect(end).toBeInViewport();
      } finally {
        await phone.close();
      }
    });
  });
}
