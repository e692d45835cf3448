import type { Page } from '@playwright/test';
import { expectAccessible, settle } from './axe';
import { expect, openAs, inLanguage, test } from './support';

interface Target {
  path: string;
  /**
   * Shown once the page holds what a person would read (tables filled, score drawn). It names
   * content of this page only: pages are opened inside the SPA, so the previous page's content
   * may still be on screen for a moment.
   */
  ready: (page: Page) => Promise<void>;
  /** How to get there from the target before it; by default the SPA is sent to `path` (openInApp). */
  open?: (page: Page) => Promise<void>;
  /** The target is a dialog: closed again (Escape) once scanned, back to the page beneath. */
  dialog?: boolean;
}

const clickOn = (testId: string) => async (page: Page) => page.getByTestId(testId).click();
/** The dialog is open (and shows `testId`, when its content loads after it). */
const dialogShows = (testId?: string) => async (page: Page) => {
  const dialog = page.getByRole('dialog');
  await expect(testId ? dialog.getByTestId(testId) : dialog).toBeVisible();
};

const tableRows = (testId: string) => async (page: Page) => {
  await expect(page.getByTestId(testId).locator('.ant-table-row').first()).toBeVisible();
};

/*
 * /resetPassword without a ticket needs a session (it sends a signed-out visitor to /login), so it
 * is scanned signed in. /secondAuth and /selfService need a ticket from a sign-in that asked for
 * a second factor or self-service; their journeys live in sign-in-flows.spec.ts, and they are not
 * scanned here.
 */
const PUBLIC_PAGES: Target[] = [
  { path: '/login', ready: async (page) => expect(page.getByTestId('login-submit')).toBeVisible() },
  { path: '/forgetPassword', ready: async (page) => expect(page.getByTestId('forget-account-step')).toBeVisible() },
  { path: '/registerAccount', ready: async (page) => expect(page.getByTestId('register-form')).toBeVisible() },
  { path: '/404', ready: async (page) => expect(page.locator('.ant-result-404')).toBeVisible() },
  { path: '/permissionsNone', ready: async (page) => expect(page.getByTestId('apply-permission')).toBeVisible() },
  // Without a token the "this was not me" page says the link does not work (with a token, not-me.spec.ts).
  { path: '/not-me', ready: async (page) => expect(page.getByTestId('not-me-void')).toBeVisible() },
];

/** zhangsan's personal centre (he manages groups and mailboxes and approves requests); his own requests list is empty, see below. */
const SIGNED_IN_PAGES: Target[] = [
  { path: '/myApp', ready: async (page) => expect(page.getByTestId('app-tile').first()).toBeVisible() },
  { path: '/info?tab=base', ready: async (page) => expect(page.getByTestId('basic-info')).toBeVisible() },
  { path: '/info?tab=change', ready: tableRows('permission-table') },
  { path: '/safe', ready: async (page) => expect(page.getByTestId('safety-score')).toBeVisible() },
  { path: '/safe: change password', open: clickOn('password-change'), ready: dialogShows(), dialog: true },
  { path: '/safe: change phone', open: clickOn('phone-change'), ready: async (page) => expect(page.getByTestId('old-phone')).toHaveValue(/\*{4}/), dialog: true },
  { path: '/safe: add a passkey', open: clickOn('passkey-add'), ready: dialogShows('passkey-name'), dialog: true },
  { path: '/device', ready: async (page) => expect(page.getByTestId('device-item').first()).toBeVisible() },
  { path: '/mailbox?activeName=first', ready: tableRows('mailbox-table') },
  { path: '/mailbox?activeName=second', ready: tableRows('group-table-2') },
  { path: '/mailbox?activeName=third', ready: tableRows('group-table-1') },
  {
    path: `/mailbox/groupMember?${new URLSearchParams({ groupCode: 'ML-RD-ALL', groupName: '研发中心全员邮件组', activeName: 'second' }).toString()}`,
    ready: tableRows('member-table'),
  },
  { path: '/approvalAuthority', ready: tableRows('approval-table') },
  { path: '/log?tab=app', ready: tableRows('app-log-table') },
  { path: '/log?tab=operation', ready: tableRows('operation-log-table') },
  { path: '/resetPassword', ready: async (page) => expect(page.getByTestId('reset-code-form').or(page.getByTestId('reset-old-form'))).toBeVisible() },
];

/**
 * Opens a page of the SPA already loaded the way its links do (the history and the router, no new
 * page load): a full load costs ≈ 1.5 s of this machine's renderer, and the first page of each
 * test is loaded in full anyway (then there is nothing to do).
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    if (window.location.pathname + window.location.search === to) return;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Opens the target and fails on axe's findings above minor; a dialog is closed again afterwards. */
async function scan(page: Page, language: string, target: Target) {
  await (target.open ?? ((on: Page) => openInApp(on, target.path)))(page);
  await target.ready(page);
  await settle(page);
  await expectAccessible(page, `${language} ${target.path}`);
  if (target.dialog) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

/** An edit form is ready when its record is in the fields and its save button has stopped waiting (a loading button is half-faded). */
const editFormReady = (field: string, save: string) => async (page: Page) => {
  await expect(page.getByTestId(field)).not.toHaveValue('');
  await expect(page.getByTestId(save)).toBeEnabled();
  await expect(page.getByTestId(save)).not.toHaveClass(/ant-btn-loading/);
};
const hashRoute = (route: string) => async (page: Page) => page.evaluate((to) => { window.location.hash = to; }, route);
const tabNamed = (name: string) => async (page: Page) => page.getByRole('tab', { name }).click();
const firstLinkOf = (table: string) => async (page: Page) => page.getByTestId(table).locator('.ant-table-row a').first().click();

/** The workbench's pages and dialogs by the administrator whose duty they are, in the order they might open them (a show page through its list's first link). */
const WORKBENCH_PAGES: { account: string; targets: Target[] }[] = [
  { account: 'admin', targets: [
    { path: '#/home', open: hashRoute('/home'), ready: async (page) => expect(page.getByTestId('home-events')).toBeVisible() },
    { path: '#/organisation', open: hashRoute('/organisation'), ready: async (page) => expect(page.getByTestId('org-tree')).toBeVisible() },
    { path: '#/organisation: new department', open: clickOn('org-add-top'), ready: dialogShows('org-node-form'), dialog: true },
    { path: '#/users', open: hashRoute('/users'), ready: tableRows('user-table') },
    { path: '#/users: import', open: clickOn('user-import'), ready: dialogShows('import-check'), dialog: true },
    { path: '#/users/show', open: firstLinkOf('user-table'), ready: async (page) => expect(page.getByTestId('user-history')).toBeVisible() },
    { path: '#/users/show: reset password', open: clickOn('user-reset-password'), ready: dialogShows(), dialog: true },
    { path: '#/users/edit', open: clickOn('user-edit'), ready: editFormReady('user-userName', 'user-save') },
    { path: '#/users/create', open: hashRoute('/users/create'), ready: async (page) => expect(page.getByTestId('user-save')).toBeVisible() },
    { path: '#/apps', open: hashRoute('/apps'), ready: tableRows('app-table') },
    { path: '#/apps/show', open: firstLinkOf('app-table'), ready: async (page) => expect(page.getByTestId('app-detail')).toBeVisible() },
    { path: '#/apps/edit', open: clickOn('app-edit'), ready: editFormReady('app-appName', 'app-save') },
    { path: '#/apps/create', open: hashRoute('/apps/create'), ready: async (page) => expect(page.getByTestId('app-save')).toBeVisible() },
    { path: '#/groups', open: hashRoute('/groups'), ready: tableRows('group-table') },
    { path: '#/groups: new group', open: clickOn('group-create'), ready: dialogShows('group-form'), dialog: true },
    { path: '#/groups/show', open: firstLinkOf('group-table'), ready: async (page) => expect(page.locator('.ant-descriptions')).toBeVisible() },
    { path: '#/notices', open: hashRoute('/notices'), ready: tableRows('notice-table') },
    { path: '#/notices/create', open: hashRoute('/notices/create'), ready: async (page) => expect(page.getByTestId('notice-form')).toBeVisible() },
  ] },
  { account: 'secadmin', targets: [
    { path: '#/apps', open: hashRoute('/apps'), ready: tableRows('app-table') },
    { path: '#/apps/show', open: firstLinkOf('app-table'), ready: async (page) => expect(page.getByTestId('app-detail')).toBeVisible() },
    { path: '#/apps/show: roles', open: tabNamed('角色'), ready: async (page) => expect(page.getByTestId('role-group-add')).toBeVisible() },
    { path: '#/apps/show: approvers', open: tabNamed('审批人'), ready: async (page) => expect(page.getByTestId('approver-select')).toBeVisible() },
    { path: '#/apps/show: grants', open: tabNamed('授权'), ready: async (page) => expect(page.getByTestId('grant-user-table')).toBeVisible() },
    { path: '#/requests', open: hashRoute('/requests'), ready: tableRows('request-table') },
    { path: '#/policies', open: hashRoute('/policies'), ready: async (page) => expect(page.getByTestId('policy-mfa-passkeyForAdmins')).toBeVisible() },
    { path: '#/sessions', open: hashRoute('/sessions'), ready: tableRows('session-table') },
    { path: '#/scim-tokens', open: hashRoute('/scim-tokens'), ready: async (page) => expect(page.getByTestId('scim-table')).toBeVisible() },
    { path: '#/scim-tokens: new token', open: clickOn('scim-create'), ready: dialogShows('scim-name'), dialog: true },
    { path: '#/network-zones', open: hashRoute('/network-zones'), ready: async (page) => expect(page.getByTestId('zones-table')).toBeVisible() },
    { path: '#/network-zones: new zone', open: clickOn('zones-create'), ready: dialogShows('zone-ranges'), dialog: true },
  ] },
  { account: 'auditor', targets: [
    { path: '#/audit', open: hashRoute('/audit'), ready: tableRows('signin-log-table') },
  ] },
];

test('the workbench, its forms and dialogs, with data, have no WCAG 2.1 AA violations above minor', async ({ page }) => {
  // ≈ 1.5 min alone; a worker shares the two cores with the other, and the machine may be busy.
  test.setTimeout(300_000);
  for (const { account, targets } of WORKBENCH_PAGES) {
    await page.goto('about:blank');
    await openAs(page, account, '/systemhub/');
    await expect(page).toHaveURL(/\/systemhub\/#\/home$/);
    for (const target of targets) await scan(page, 'zh', { ...target, path: `/systemhub/${target.path}` });
  }
});

for (const language of ['zh', 'en'] as const) {
  test.describe(`accessibility (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      // The language the portal remembers, as the switch would store it.
      await inLanguage(page, language);
    });

    test('public pages have no WCAG 2.1 AA violations above minor', async ({ page }) => {
      await page.goto(PUBLIC_PAGES[0].path);
      for (const target of PUBLIC_PAGES) await scan(page, language, target);
    });

    test('every personal-centre page, with data, has no WCAG 2.1 AA violations above minor', async ({ page }) => {
      test.setTimeout(120_000);
      await openAs(page, 'zhangsan', SIGNED_IN_PAGES[0].path);
      // A dialog's structure does not change with the language: scanned in Chinese only.
      for (const target of SIGNED_IN_PAGES) if (language === 'zh' || !target.dialog) await scan(page, language, target);
    });

    test('the requests page, with requests in it, has no WCAG 2.1 AA violations above minor', async ({ page }) => {
      // zhangsan approves requests but has made none; lisi's are the demo's.
      await openAs(page, 'lisi', '/applicationAuthority');
      await scan(page, language, { path: '/applicationAuthority', ready: tableRows('request-table') });
    });
  });
}
