import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { confirmPopover, expect, startSession, inLanguage, test } from './support';

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
/** Names no other run of this file used: each journey makes its own people. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const LANGUAGES = ['zh', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** The administrator in the workbench, in `lang` (as the language switch stores it). */
async function adminIn(page: Page, lang: Language): Promise<void> {
  await inLanguage(page, lang);
  await startSession(page.context(), 'admin');
}

/** A new person made through the workbench's API: their id. */
async function newPerson(page: Page, account: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await page.request.post('/idaas/admin/v1/users/create', { data: { userId: account, userName: `用户${account.slice(-4)}`, ...fields }, headers: API_HEADERS });
  const body = await res.json();
  expect(body.code, `${account} is created`).toBe('D00000');
  return body.data.id as number;
}

/** A new company (a node people can be placed in): its id. */
async function newCompany(page: Page, name: string): Promise<number> {
  const body = await (await page.request.post('/idaas/admin/v1/organisation/create', { data: { name, kind: 'COMPANY', parentId: null }, headers: API_HEADERS })).json();
  expect(body.code, `${name} is created`).toBe('D00000');
  return body.data.id as number;
}

/** The users list searched for `keyword`. */
async function search(page: Page, keyword: string): Promise<void> {
  await page.getByTestId('user-keyword').fill(keyword);
  await page.getByTestId('user-search-query').click();
}

const TEXT = {
  zh: {
    created: '创建时间', deptGone: '筛选的部门已不存在', update: '更新', nameChange: '姓名: 原名 → 新名', badPhone: '手机号格式错误', linkValid: '有效期至 ', enable: '启用', disable: '停用', disabled: '停用', enabled: '启用', select: (a: string) => `选择 ${a}`, selected: (n: number) => `已选择 ${n} 人`,
    succeeded: (n: number) => `成功 ${n} 人`, failed: (n: number) => `未处理 ${n} 人`, deleteAsk: '删除所选的 3 人？', selfDelete: '不能删除自己的账号',
  },
  en: {
    created: 'Created', deptGone: 'The department the list was filtered by no longer exists', update: 'Update', nameChange: 'Name: 原名 → 新名', badPhone: 'The mobile number is not valid', linkValid: 'Valid until ', enable: 'Enable', disable: 'Disable', disabled: 'Disabled', enabled: 'Enabled', select: (a: string) => `Select ${a}`, selected: (n: number) => `${n} selected`,
    succeeded: (n: number) => `Succeeded: ${n}`, failed: (n: number) => `Not done: ${n}`, deleteAsk: 'Delete the 3 selected people?', selfDelete: 'You cannot delete your own account',
  },
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

    test(`selected people are acted on together: ${lang === 'zh' ? 'moved to a department, then ' : ''}deleted after a confirmation naming the count, refusals in words (${lang})`, async ({ page }) => {
      const text = TEXT[lang];
      await adminIn(page, lang);
      const stem = `wb.bulk.${stamp()}`;
      const [a, b] = [`${stem}.a`, `${stem}.b`];
      await newPerson(page, a);
      await newPerson(page, b);
      await page.goto('/systemhub/#/users');
      await search(page, stem);
      await page.getByRole('checkbox', { name: text.select(a), exact: true }).check();
      await page.getByRole('checkbox', { name: text.select(b), exact: true }).check();
      await expect(page.getByTestId('batch-count')).toHaveText(text.selected(2));
      if (lang === 'zh') await expectAccessible(page, 'users: selection and its actions');

      // The move's dialog and its tree picker are the same in either language: moved once, in Chinese.
      if (lang === 'zh') {
        const company = `批量${stem.slice(-6)}`;
        await newCompany(page, company);
        await page.getByTestId('batch-MOVE').click();
        await page.getByTestId('batch-move-dept').click();
        await page.keyboard.type(company);
        await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: company }).click();
        await page.getByTestId('batch-move-ok').click();
        await expect(page.getByTestId('batch-succeeded')).toHaveText(text.succeeded(2));
        await expect(page.getByTestId('batch-failed')).toHaveCount(0);
        await page.getByTestId('batch-result-close').click();
        // The list shows where they are now, and nobody is selected any more.
        await expect(page.getByTestId('user-table').locator('tbody tr', { hasText: company })).toHaveCount(2);
        await expect(page.getByTestId('batch-bar')).toHaveCount(0);
        await page.getByRole('checkbox', { name: text.select(a), exact: true }).check();
        await page.getByRole('checkbox', { name: text.select(b), exact: true }).check();
      }

      // The selection holds across searches: both of them, and the administrator themself.
      await search(page, 'admin');
      await page.getByRole('checkbox', { name: text.select('admin'), exact: true }).check();
      await expect(page.getByTestId('batch-count')).toHaveText(text.selected(3));
      await page.getByTestId('batch-DELETE').click();
      await expect(page.getByTestId('batch-confirm-text')).toContainText(text.deleteAsk);
      await page.getByTestId('batch-confirm-ok').click();
      await expect(page.getByTestId('batch-succeeded')).toHaveText(text.succeeded(2));
      await expect(page.getByTestId('batch-failed')).toHaveText(text.failed(1));
      await expect(page.getByTestId('batch-refused').locator('tr.ant-table-row')).toHaveText([`admin${text.selfDelete}`]);
      if (lang === 'zh') await expectAccessible(page, 'users: bulk result');
      await page.getByTestId('batch-result-close').click();

      await search(page, stem);
      await expect(page.getByTestId('user-table').locator('tbody tr', { hasText: stem })).toHaveCount(0);
    });

    test(`an administrator makes an activation link on a person's page and sees it with its expiry, to copy (${lang})`, async ({ page }) => {
      await adminIn(page, lang);
      // Imported and created people have no password: the link is how they get one.
      const id = await newPerson(page, `wb.act.${stamp()}`);
      await page.goto(`/systemhub/#/users/show/${id}`);
      await page.getByTestId('user-activation').click();
      // No phone on record: the text message cannot be chosen, the link is.
      await expect(page.getByTestId('activation-sms')).toBeDisabled();
      await expect(page.getByTestId('activation-link')).toBeChecked();
      await page.getByTestId('activation-submit').click();
      await expect(page.getByTestId('activation-shown-value')).toHaveText(/^http:\/\/localhost:\d+\/activate\?token=[\w-]{43}$/);
      await expect(page.getByTestId('activation-expires')).toContainText(TEXT[lang].linkValid);
      await expect(page.getByTestId('activation-shown-copy')).toBeVisible();
      if (lang === 'zh') await expectAccessible(page, 'users/show: activation link');
    });

    test(`an import's dry run shows an existing person's row as an update with its change, and offers the refused rows as a file (${lang})`, async ({ page }) => {
      const text = TEXT[lang];
      await adminIn(page, lang);
      const account = `wb.up.${stamp()}`;
      await newPerson(page, account, { userName: '原名' });
      const refused = `wb.up.bad.${stamp()}`;
      const csv = ['account,name,type,phone,email,department', `${account},新名,,,,`, `${refused},坏号码,STAFF,123,,`].join('\n');

      await page.goto('/systemhub/#/users');
      await page.getByTestId('user-import').click();
      await page.getByRole('dialog').locator('input[type=file]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      await page.getByTestId('import-check').click();
      const row = page.getByTestId('import-plan').locator('tr', { hasText: account });
      await expect(row).toContainText(text.update);
      await expect(row).toContainText(text.nameChange);
      await expect(page.getByTestId('import-errors')).toContainText(text.badPhone);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-refused-download').click()]);
      const file = await (await download.createReadStream()).toArray();
      const lines = Buffer.concat(file).toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(`account,name,type,phone,email,department,${lang === 'zh' ? '原因' : 'reason'}`);
      expect(lines[1]).toContain(`${refused},坏号码,STAFF,123,,,${text.badPhone}`);
    });

    test(`a list filtered by a department that is then deleted clears the filter and says why, with no error (${lang})`, async ({ page }) => {
      await adminIn(page, lang);
      const name = `删部${stamp()}`;
      const id = await newCompany(page, name);
      await page.goto('/systemhub/#/users');
      const deptFilter = page.getByTestId('user-search').locator('.ant-select').first();
      await deptFilter.click();
      await page.keyboard.type(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: name }).click();
      await page.getByTestId('user-search-query').click();
      await expect(page.getByTestId('user-table').locator('.ant-empty')).toBeVisible();

      // Another administrator deletes it; this one asks the list again.
      const deleted = await page.request.post('/idaas/admin/v1/organisation/delete', { data: { id }, headers: API_HEADERS });
      expect((await deleted.json()).code).toBe('D00000');
      await page.getByTestId('user-search-query').click();
      await expect(page.locator('.ant-message')).toContainText(TEXT[lang].deptGone);
      await expect(deptFilter).not.toContainText(name);
      await expect(page.getByTestId('user-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    });

    test(`the users list sorts by creation time, newest first on the second click (${lang})`, async ({ page }) => {
      await adminIn(page, lang);
      const account = `wb.sort.${stamp()}`;
      await newPerson(page, account);
      await page.goto('/systemhub/#/users');
      const header = page.getByTestId('user-table').getByRole('columnheader', { name: TEXT[lang].created });
      const firstAccount = page.getByTestId('user-table').locator('tbody tr.ant-table-row').first().locator('td').nth(1);
      await header.click();
      await expect(header).toHaveAttribute('aria-sort', 'ascending');
      await expect(firstAccount).not.toHaveText(account);
      await header.click();
      await expect(header).toHaveAttribute('aria-sort', 'descending');
      await expect(firstAccount).toHaveText(account);
      // Every column, the new one included, fits the 1366 px window: no sideways scrolling.
      const overflow = await page.getByTestId('user-table').locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
