import type { Page } from '@playwright/test';
import type { DemoDb } from './db';
import { confirmDialog, expect, openAs, openedDialog, personAt, test, fieldErrors } from './support';

/** Every state-changing call needs the client id header (CSRF guard); the SPA sends it, so must we. */
const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };

/**
 * The demo password is on the common-password list, so no reset through the product can restore
 * it, and later journeys of the worker sign in as pub.hr with it: its password columns are put back.
 */
const CREDENTIALS = ['password_hash', 'password_changed_at', 'password_expire_at', 'password_level', 'must_change_password'] as const;

/**
 * Snapshots lisi's requests and answers a function that puts them back as they were: the ones a
 * journey added go, the ones it decided are pending (or whatever they were) again. Passing a
 * request is the point of the journey, and no product action makes it pending again.
 */
function keepRequestsOf(db: DemoDb, account: string): () => void {
  const columns = ['status', 'approval_user_ref', 'approval_suggestion', 'approval_date'];
  const owner = '(SELECT id FROM users WHERE user_id = ?)';
  const saved = db.run((sqlite) => sqlite.prepare(`SELECT id, ${columns.join(', ')} FROM apply_requests WHERE apply_user_ref = ${owner}`).all(account) as Record<string, unknown>[]);
  return () => db.run((sqlite) => {
    const ids = saved.map((row) => row.id as number);
    sqlite.prepare(`DELETE FROM apply_requests WHERE apply_user_ref = ${owner} AND id NOT IN (${ids.map(() => '?').join(', ')})`).run(account, ...ids);
    const put = sqlite.prepare(`UPDATE apply_requests SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
    for (const row of saved) put.run(row);
  });
}

/** The open dropdown of an antd Select. */
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

async function pick(page: Page, option: string) {
  await dropdown(page).locator('.ant-select-item-option', { hasText: option }).first().click();
}

/** Types into an antd Select's search box (found by the Select's test id) and picks an option. */
async function searchAndPick(page: Page, testId: string, text: string, option: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.click();
  await input.fill(text);
  await pick(page, option);
}

/** Closes the open dialog by its close (×) button. */
const closeDialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal-close').click();

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

/** Rows of a Refine/antd table found by its test id (not the placeholder row of an empty table). */
const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

test.describe('permission requests, approvals, mailboxes and groups', () => {
  test('lisi applies for 代码仓库; zhangsan batch-passes it with lisi\'s 客户关系 request; lisi gets the app', async ({ browser, db }) => {
    test.slow(); // two people, three screens each
    const restoreRequests = keepRequestsOf(db, 'lisi');
    try {
      const lisi = await personAt(browser, 'lisi', '/applicationAuthority');
      const mine = rows(lisi, 'request-table');
      await expect(mine).toHaveCount(3);
      await expect(lisi.getByTestId('request-table')).toContainText('审批中');

      // The status filter, then clear.
      await lisi.getByTestId('filter-status').click();
      await pick(lisi, '拒绝');
      await lisi.getByTestId('request-filters-query').click();
      await expect(mine).toHaveCount(1);
      await expect(mine.first()).toContainText('财务系统');
      await lisi.getByTestId('request-filters-clear').click();
      await expect(mine).toHaveCount(3);

      // Apply: the application is required; the roles hint says this application needs a role.
      await lisi.getByTestId('apply-open').click();
      await (await openedDialog(lisi)).getByTestId('apply-submit').click();
      await expect(lisi.getByText('请选择应用')).toBeVisible();
      await searchAndPick(lisi, 'apply-app', '代码', '代码仓库');
      await expect(lisi.getByTestId('apply-roles-hint')).toHaveText('该应用须至少选择一个角色。');
      await lisi.getByTestId('apply-roles').click();
      await pick(lisi, 'DEVELOPER');
      await lisi.getByTestId('apply-reason').fill('参与门户项目开发，需要提交代码');
      await lisi.getByTestId('apply-submit').click();
      await expect(toast(lisi, '申请已提交，请等待审批')).toBeVisible();
      await expect(mine).toHaveCount(4);
      const gitRow = mine.filter({ hasText: '代码仓库' });
      await expect(gitRow).toContainText('DEVELOPER');
      await expect(gitRow).toContainText('审批中');

      // The same request again is refused by the server, which says why under the application.
      await lisi.getByTestId('apply-open').click();
      await openedDialog(lisi, lisi.getByTestId('apply-form'));
      await searchAndPick(lisi, 'apply-app', '代码', '代码仓库');
      await lisi.getByTestId('apply-roles').click();
      await pick(lisi, 'DEVELOPER');
      await lisi.getByTestId('apply-submit').click();
      await expect(fieldErrors(lisi.getByTestId('apply-form'))).toHaveText('已有相同的申请正在审批中，请勿重复申请');
      await lisi.getByRole('button', { name: /^取\s*消$/ }).click();
      await expect(mine).toHaveCount(4);

      // A pending request's timeline stops at step 1.
      await gitRow.getByRole('button', { name: '详情' }).click();
      await openedDialog(lisi, lisi.getByTestId('request-detail'));
      await expect(lisi.getByTestId('request-timeline')).toHaveAttribute('data-step', '1');
      await expect(lisi.getByTestId('request-detail')).toContainText('参与门户项目开发，需要提交代码');
      await closeDialog(lisi);

      // zhangsan sees both of lisi's pending requests and passes them together.
      const zhangsan = await personAt(browser, 'zhangsan', '/approvalAuthority');
      const awaiting = rows(zhangsan, 'approval-table');
      await zhangsan.getByTestId('filter-apply-user').fill('lisi');
      await zhangsan.getByTestId('approval-filters-query').click();
      await expect(awaiting).toHaveCount(2);
      await expect(awaiting.filter({ hasText: '代码仓库' })).toContainText('李四');
      await expect(awaiting.filter({ hasText: '客户关系' })).toHaveCount(1);

      await zhangsan.getByTestId('batch-pass').click();
      const nothingChosen = await openedDialog(zhangsan, zhangsan.getByText('请先选择要审批的数据'));
      await nothingChosen.locator('.ant-modal-confirm-btns button').click();

      for (const app of ['代码仓库', '客户关系']) await awaiting.filter({ hasText: app }).locator('.ant-checkbox-input').check();
      await zhangsan.getByTestId('batch-pass').click();
      const decide = await openedDialog(zhangsan, zhangsan.getByTestId('decide-summary'));
      await expect(decide.getByTestId('decide-summary')).toContainText('你即将通过 2 条权限申请');
      await decide.getByTestId('decide-suggestion').fill('同意，按最小权限使用');
      await decide.getByTestId('decide-ok').click();
      await expect(toast(zhangsan, '操作成功')).toBeVisible();
      await expect(awaiting).toHaveCount(0);
      await expect(zhangsan.getByTestId('approval-table')).toContainText('暂无数据');

      // lisi now has the application, and the request reads 通过 at the end of its timeline.
      await lisi.goto('/myApp');
      await expect(lisi.getByTestId('app-tile').filter({ hasText: '代码仓库' })).toHaveCount(1);
      await lisi.goto('/applicationAuthority');
      const passed = rows(lisi, 'request-table').filter({ hasText: '代码仓库' });
      await expect(passed).toContainText('通过');
      await expect(passed.getByRole('button', { name: '取消申请' })).toHaveCount(0);
      await passed.getByRole('button', { name: '详情' }).click();
      await openedDialog(lisi, lisi.getByTestId('request-detail'));
      const timeline = lisi.getByTestId('request-timeline');
      await expect(timeline).toHaveAttribute('data-step', '3');
      await expect(timeline).toContainText('通过');
      await expect(timeline).toContainText('同意，按最小权限使用');
      await expect(timeline).toContainText('张三');
      await closeDialog(lisi);

      // A pending request can be cancelled after a confirmation.
      await lisi.getByTestId('apply-open').click();
      await openedDialog(lisi, lisi.getByTestId('apply-form'));
      await searchAndPick(lisi, 'apply-app', '项目', '项目管理');
      await lisi.getByTestId('apply-roles').click();
      await pick(lisi, 'MEMBER');
      await lisi.getByTestId('apply-submit').click();
      const pmRow = rows(lisi, 'request-table').filter({ hasText: '项目管理' });
      await expect(pmRow).toContainText('审批中');
      await pmRow.getByRole('button', { name: '取消申请' }).click();
      const sure = lisi.getByText('你即将取消权限申请，确认取消吗？');
      await (await openedDialog(lisi, sure)).getByTestId('confirm-cancel').click();
      // Gone before the next one opens, so the next is the only dialog saying so.
      await expect(sure).toBeHidden();
      await expect(pmRow).toHaveCount(1);
      await pmRow.getByRole('button', { name: '取消申请' }).click();
      await (await openedDialog(lisi, sure)).getByTestId('confirm-ok').click();
      await expect(toast(lisi, '删除成功!')).toBeVisible();
      await expect(pmRow).toHaveCount(0);

      // Later journeys expect lisi's original applications: give the two new ones back.
      for (const appId of ['git', 'crm']) {
        const res = await lisi.request.post('/idaas/auty/v1/user-app/terminated', { headers: API_HEADERS, data: { appId } });
        expect((await res.json()).code).toBe('D00000');
      }
      await lisi.context().close();
      await zhangsan.context().close();
    } finally {
      // And her requests as the demo has them: 客户关系 pending again (zhangsan's only request to decide), no 代码仓库.
      restoreRequests();
    }
  });

  test('zhangsan adds two members to 研发中心全员邮件组 and removes them again', async ({ page }) => {
    test.slow(); // every add and remove waits for the list to reload
    await openAs(page, 'zhangsan', '/mailbox?activeName=second');
    const groups = rows(page, 'group-table-2');
    const group = groups.filter({ hasText: '研发中心全员邮件组' });
    await expect(group).toContainText('rd-all@corp.example.com');
    await expect(group).toContainText('13');
    await group.getByRole('link', { name: '编辑成员' }).click();
    await expect(page).toHaveURL(/\/mailbox\/groupMember\?groupCode=ML-RD-ALL&groupName=.+&activeName=second$/);
    await expect(page.getByTestId('members-group-name')).toContainText('研发中心全员邮件组');
    const members = rows(page, 'member-table');
    await expect(members).toHaveCount(10);

    await page.getByTestId('members-remove-batch').click();
    await expect(toast(page, '请选择要移除的成员')).toBeVisible();

    // Search by account, pick three, drop one from the chosen list, add two.
    await page.getByTestId('members-add').click();
    await searchAndPick(page, 'add-members-search', 'emp0002', 'emp0002');
    await searchAndPick(page, 'add-members-search', 'emp0003', 'emp0003');
    await searchAndPick(page, 'add-members-search', 'emp0004', 'emp0004');
    await page.locator('.ant-modal-title').click(); // closes the search dropdown over the chosen list
    const chosen = page.getByTestId('add-members-selected');
    await expect(chosen.locator('.ant-tag')).toHaveCount(3);
    await chosen.getByTestId('selected-emp0004').locator('.ant-tag-close-icon').click();
    await expect(chosen.locator('.ant-tag')).toHaveCount(2);
    await page.getByTestId('add-members-submit').click();
    await expect(toast(page, '添加成功')).toBeVisible();
    await expect(page.getByText('共 15 条')).toBeVisible();

    // A bigger page shows every member at once (a new size starts again at page 1).
    await page.locator('.ant-pagination-options .ant-select').click();
    await pick(page, '25');
    await expect(members).toHaveCount(15);
    await expect(members.filter({ hasText: 'emp0004' })).toHaveCount(0);

    // Remove one by its row action.
    await page.getByTestId('member-remove-emp0002').click();
    await expect(page.getByText('确定移除这 1 名成员吗？')).toBeVisible();
    await confirmDialog(page);
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(members).toHaveCount(14);
    await expect(members.filter({ hasText: 'emp0002' })).toHaveCount(0);

    // And the other by selection, which leaves the group as the demo had it.
    await members.filter({ hasText: 'emp0003' }).locator('.ant-checkbox-input').check();
    await page.getByTestId('members-remove-batch').click();
    await confirmDialog(page);
    await expect(members).toHaveCount(13);

    await page.getByTestId('members-back').click();
    await expect(page).toHaveURL(/\/mailbox\?activeName=second$/);
    await expect(groups.filter({ hasText: '研发中心全员邮件组' })).toContainText('13');
  });

  test('zhangsan resets pub.hr\'s password by auto-generate, sees it once, then types one', async ({ page, context, browser, db }) => {
    test.slow(); // pub.hr also signs in with the generated password
    const restore = db.keepUserColumns('pub.hr', CREDENTIALS);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openAs(page, 'zhangsan', '/mailbox');
      await expect(page.getByRole('tab', { name: '公共邮箱', selected: true })).toBeVisible();
      const mailbox = rows(page, 'mailbox-table').filter({ hasText: 'pub.hr' });
      await expect(mailbox).toContainText('人力资源部');

      // Query by account; one that matches nothing empties the list.
      await page.getByTestId('filter-mailbox-account').fill('nobody');
      await page.getByTestId('mailbox-filters-query').click();
      await expect(page.getByTestId('mailbox-table')).toContainText('暂无数据');
      await page.getByTestId('mailbox-filters-clear').click();
      await expect(mailbox).toHaveCount(1);

      await page.getByTestId('mailbox-reset-pub.hr').click();
      await openedDialog(page);
      await page.getByLabel('自动生成').check();
      await page.getByTestId('reset-submit').click();
      const generated = page.getByTestId('generated-password');
      await expect(generated).toHaveText(/^.{16}$/);
      const password = (await generated.textContent()) ?? '';
      await page.getByTestId('copy-password').click();
      await expect(toast(page, '密码已复制到剪贴板！')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
      await page.getByTestId('reset-close').click();

      // Shown once: opening the dialog again offers a new reset, not the old password.
      await page.getByTestId('mailbox-reset-pub.hr').click();
      await expect(page.getByTestId('reset-form')).toBeVisible();
      await openedDialog(page);
      await expect(page.getByText(password)).toHaveCount(0);

      // The generated password is the mailbox's password now.
      const inbox = await personAt(browser, 'pub.hr', '/myApp', password);
      await expect(inbox).toHaveURL(/\/myApp$/);
      await expect(inbox.getByTestId('current-user-id')).toHaveText('pub.hr');
      await inbox.context().close();

      // Typed: required, and the server's policy refusal shows under the field.
      await page.getByTestId('reset-submit').click();
      await expect(page.getByText('密码不能为空')).toBeVisible();
      await page.getByTestId('reset-password').fill('12345678');
      await page.getByTestId('reset-submit').click();
      const passwordItem = page.getByTestId('reset-form').locator('.ant-form-item', { has: page.getByTestId('reset-password') });
      await expect(fieldErrors(passwordItem)).toContainText('新密码不符合密码策略');
      await page.getByTestId('reset-password').fill('Mailbox#2027x');
      await page.getByTestId('reset-submit').click();
      await expect(toast(page, '密码重置成功')).toBeVisible();
      await expect(page.getByTestId('reset-form')).toHaveCount(0);
    } finally {
      restore();
    }
  });

  test('zhangsan transfers 财务系统安全组 to lisi, and lisi hands it back', async ({ page, browser }) => {
    test.slow(); // two people
    await openAs(page, 'zhangsan', '/mailbox?activeName=third');
    await expect(page.getByRole('tab', { name: 'GS安全组', selected: true })).toBeVisible();
    const groups = rows(page, 'group-table-1');
    const group = groups.filter({ hasText: '财务系统安全组' });
    await expect(group).toHaveCount(1);
    await group.getByRole('button', { name: '移交管理员' }).click();
    await openedDialog(page);
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByText('新管理员不能为空')).toBeVisible();
    await searchAndPick(page, 'transfer-manager', '李四', 'lisi');
    await page.getByTestId('transfer-submit').click();
    await expect(toast(page, '安全组管理员移交成功')).toBeVisible();
    await expect(groups).toHaveCount(0);

    // The new manager sees it; the tab follows the query. Searching by account finds zhangsan.
    const lisi = await personAt(browser, 'lisi', '/mailbox');
    await lisi.getByRole('tab', { name: 'GS安全组' }).click();
    await expect(lisi).toHaveURL(/activeName=third/);
    const received = rows(lisi, 'group-table-1').filter({ hasText: '财务系统安全组' });
    await received.getByRole('button', { name: '移交管理员' }).click();
    await openedDialog(lisi);
    await searchAndPick(lisi, 'transfer-manager', 'zhangsan', 'zhangsan');
    await lisi.getByTestId('transfer-submit').click();
    await expect(toast(lisi, '安全组管理员移交成功')).toBeVisible();
    await expect(received).toHaveCount(0);
    await lisi.context().close();

    await page.reload();
    await expect(groups.filter({ hasText: '财务系统安全组' })).toHaveCount(1);
  });
});
