import type { Page } from '@playwright/test';
import { expect, startSession, test } from './support';

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
/** Names no other run of this file used: each journey makes its own people. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const LANGUAGES = ['zh', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** The administrator in the workbench, in `lang` (as the language switch stores it). */
async function adminIn(page: Page, lang: Language): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('idaas.lang', l), lang);
  await startSession(page.context(), 'admin');
}

/** A new person made through the workbench's API: their id. */
async function newPerson(page: Page, account: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await page.request.post('/idaas/admin/v1/users/create', { data: { userId: account, userName: `用户${account.slice(-4)}`, ...fields }, headers: API_HEADERS });
  const body = await res.json();
  expect(body.code, `${account} is created`).toBe('D00000');
  return body.data.id as number;
}

/** Confirms the Popconfirm the last click opened. */
async function confirmPopover(page: Page): Promise<void> {
  await page.locator('.ant-popover:visible .ant-popconfirm-buttons .ant-btn-primary').click();
}

const TEXT = {
  zh: { enable: '启用', disable: '停用', disabled: '停用', enabled: '启用' },
  en: { enable: 'Enable', disable: 'Disable', disabled: 'Disabled', enabled: 'Enabled' },
} as const;

test.describe('workbench: people', () => {
  for (const lang of LANGUAGES) {
    test(`disabling and enabling on a person's page shows the new state and buttons at once (${lang})`, async ({ page }) => {
      await adminIn(page, lang);
      const id = await newPerson(page, `wb.show.${stamp()}`);
      await page.goto(`/systemhub/#/users/show/${id}`);
      const state = page.getByTestId('user-detail').locator('.ant-tag').first();
      await expect(state).toHaveText(TEXT[lang].enabled);

      await page.getByTestId('user-disable').click();
      await confirmPopover(page);
      await expect(state).toHaveText(TEXT[lang].disabled);
      await expect(page.getByTestId('user-enable')).toHaveText(TEXT[lang].enable);
      await expect(page.getByTestId('user-disable')).toHaveCount(0);

      await page.getByTestId('user-enable').click();
      await expect(state).toHaveText(TEXT[lang].enabled);
      await expect(page.getByTestId('user-disable')).toHaveText(TEXT[lang].disable);
      await expect(page.getByTestId('user-enable')).toHaveCount(0);
    });
  }
});
