import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { DemoDb } from './db';
import { DEMO_PASSWORD, expect, expectRefusals, inLanguage, openedDialog, SESSION_CHECK, startSession, test } from './support';

/**
 * "This was not me". A sign-in from a new device is judged by the risk engine, which tells the
 * person (a text with a single-use link, and the personal centre). Each journey signs the person
 * in from two browsers: the second is a device the account has not used, so it raises the alert
 * through the real sign-in path (the risk engine, server/risk).
 */

/** The newest alert text of a number newer than `after`, read from the demo outbox by its purpose (alerts are not "the latest code"). */
async function nextAlertLink(request: APIRequestContext, mobileNo: string, after: string | null): Promise<string> {
  let link = '';
  await expect.poll(async () => {
    const res = await request.get(`/idaas/dev/sms?mobileNo=${mobileNo}&purpose=sign-in-alert`);
    if (!res.ok()) return false;
    const data = (await res.json()).data as { content: string; sentAt: string };
    if (data.sentAt === after) return false;
    link = /https?:\/\/\S+\/not-me\?token=[\w-]+/.exec(data.content)?.[0] ?? '';
    return link !== '';
  }, { message: `an alert text reaches ${mobileNo}` }).toBe(true);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * A number's daily budget of alert texts afresh: every journey of the worker's portal that signs
 * the person in from a new browser spends it, and this one needs a text to arrive.
 */
function freshAlertBudget(db: DemoDb, mobileNo: string): void {
  db.run((d) => d.prepare('DELETE FROM limit_counters WHERE subject = ?').run(`sms-alert-day:${mobileNo}`));
}

async function lastAlertSentAt(request: APIRequestContext, mobileNo: string): Promise<string | null> {
  const res = await request.get(`/idaas/dev/sms?mobileNo=${mobileNo}&purpose=sign-in-alert`);
  return res.ok() ? ((await res.json()).data.sentAt as string) : null;
}

/** The person in a browser of their own, signed in on `path`. */
async function browserOf(browser: Browser, account: string, lang: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await inLanguage(page, lang);
  await startSession(page.context(), account);
  await page.goto(path);
  return page;
}

const LANGS = [
  { lang: 'zh', account: 'lisi', mobileNo: '13800000002', confirm: '不是我本人，结束全部登录', done: '已结束全部登录', change: '请先修改密码再登录', goChange: '去修改' },
  { lang: 'en', account: 'zhangsan', mobileNo: '13800000001', confirm: 'This was not me — end every session', done: 'Every session has ended', change: 'Change your password to continue', goChange: 'Change it' },
] as const;

test.describe('this was not me', () => {
  for (const l of LANGS) {
    test(`${l.lang}: the texted link shows the sign-in, ends the other browser's session, and the next sign-in asks for a new password`, async ({ page, browser, db }) => {
      const restore = db.keepUserColumns(l.account, ['must_change_password']);
      freshAlertBudget(db, l.mobileNo);
      try {
        await inLanguage(page, l.lang);
        // The person's own browser, signed in.
        const own = await browserOf(browser, l.account, l.lang, '/myApp');
        await expect(own.getByTestId('app-grid')).toBeVisible();
        // Someone signs in from a device the account has not used: the alert is texted.
        const before = await lastAlertSentAt(page.request, l.mobileNo);
        const intruder = await browser.newContext();
        await startSession(intruder, l.account);
        const link = await nextAlertLink(page.request, l.mobileNo, before);

        // The link opens the public page, which says what it disowns.
        await page.goto(link);
        const facts = page.getByTestId('alert-facts');
        await expect(facts).toBeVisible();
        await expect(page.getByTestId('alert-ip')).not.toBeEmpty();
        await page.getByRole('button', { name: l.confirm }).click();
        await expect(page.getByTestId('not-me-done')).toContainText(l.done);

        // Both browsers' sessions ended: the person's own is sent to sign in.
        expectRefusals(own, [401], SESSION_CHECK);
        await own.reload();
        await expect(own).toHaveURL(/\/login/);
        const gone = await intruder.request.post('/idaas/personal/v1/current-user-detail', { headers: { 'X-Client-Id': 'idaas-portal-web' }, data: {} });
        expect(gone.status()).toBe(401);

        // The link works once.
        await page.goto(link);
        await expect(page.getByTestId('not-me-void')).toBeVisible();

        // The next sign-in asks for a new password.
        await page.getByTestId('not-me-to-login').click();
        await expect(page).toHaveURL(/\/login/);
        await page.getByTestId('login-account').fill(l.account);
        await page.getByTestId('login-password').fill(DEMO_PASSWORD);
        await page.getByTestId('login-password').press('Enter');
        const dialog = await openedDialog(page);
        await expect(dialog).toContainText(l.change);
        await dialog.getByRole('button', { name: l.goChange }).click();
        await expect(page).toHaveURL(/\/resetPassword\?requestId=/);
        await intruder.close();
        await own.context().close();
      } finally {
        restore();
      }
    });
  }

  test('en: the personal centre shows the alert with an unread mark and the judged sign-in on the logs page; This was not me asks first', async ({ page, browser, db }) => {
    const restore = db.keepUserColumns('lisi', ['must_change_password']);
    try {
      await inLanguage(page, 'en');
      // A sign-in from another browser (a device new to the account) raises an alert.
      const other = await browser.newContext();
      await startSession(other, 'lisi');
      await other.close();
      await startSession(page.context(), 'lisi');
      await page.goto('/myApp');

      const block = page.getByTestId('sign-in-alerts');
      await expect(block).toContainText('Sign-in alerts');
      const newest = block.getByTestId('alert-item').first();
      await expect(newest).toHaveAttribute('data-unread', 'true');
      await expect(newest.getByTestId('alert-unread')).toHaveText('New');
      await expect(newest).toContainText('new device');
      // "It was me": read, the mark goes.
      await newest.getByTestId('alert-read').click();
      await expect(block.getByTestId('alert-item').first()).toHaveAttribute('data-unread', 'false');

      // The logs page says how the sign-in was judged.
      await page.goto('/log');
      const judged = page.getByTestId('app-log-table').getByTestId('risk-judgement').first();
      await expect(judged).toBeVisible();
      await expect(judged.getByTestId('risk-signals')).not.toBeEmpty();
      await expect(judged).toContainText(/Low risk|Medium risk|High risk/);

      // "This was not me" from the personal centre asks first; cancelling changes nothing.
      await page.goto('/myApp');
      await block.getByTestId('alert-item').first().getByTestId('alert-not-me').click();
      let dialog = await openedDialog(page);
      await expect(dialog).toContainText('Every session of your account ends');
      await dialog.getByTestId('confirm-cancel').click();
      await expect(dialog).toBeHidden();
      await block.getByTestId('alert-item').first().getByTestId('alert-not-me').focus();
      await page.keyboard.press('Enter');
      dialog = await openedDialog(page);
      await dialog.getByTestId('confirm-ok').click();
      await expect(page).toHaveURL(/\/not-me\?done=1$/);
      await expect(page.getByTestId('not-me-done')).toContainText('Every session has ended');
      const gone = await page.request.post('/idaas/personal/v1/current-user-detail', { headers: { 'X-Client-Id': 'idaas-portal-web' }, data: {} });
      expect(gone.status()).toBe(401);
    } finally {
      restore();
    }
  });
});
