import { expectAccessible } from './axe';
import { confirmPopover, expect, openAs, test } from './support';

/**
 * The workbench's directory page against the worker's own OpenLDAP: a dry run, then a sync, each
 * showing its report. The user filter is narrowed to nobody first, so the sync brings only the
 * directory's tree and the directory sign-in journeys still find their people unlinked.
 */
test('directory sync: dry run then sync now, the report shown', async ({ page }) => {
  await openAs(page, 'admin', '/systemhub/#/directory');
  await expect(page.getByRole('heading', { level: 2, name: '目录同步' })).toBeVisible();
  await expect(page.getByTestId('directory-connection')).toContainText('ldap://');
  await expect(page.getByTestId('directory-connection')).toContainText('已设置（不显示）');

  const filter = page.getByLabel('用户过滤条件');
  await filter.fill('(&(objectClass=inetOrgPerson)(uid=nobody-in-journeys))');
  await page.getByTestId('directory-save').click();
  await expect(page.getByText('已保存')).toBeVisible();

  await page.getByTestId('directory-dry-run').click();
  const result = page.getByTestId('directory-result');
  await expect(result).toContainText('试运行：未做任何更改');
  await expect(result.getByTestId('directory-counts')).toContainText('新建 2');
  await expectAccessible(page, 'workbench directory page after a dry run');

  await page.getByTestId('directory-sync').click();
  await confirmPopover(page);
  await expect(result).not.toContainText('试运行');
  await expect(result.getByTestId('directory-counts')).toContainText('新建 2');
  await expect(result).toContainText('部门');

  const runs = page.getByTestId('directory-runs');
  await expect(runs.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await runs.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '查看报告' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toContainText('报告');
  await expect(drawer.getByTestId('directory-counts')).toContainText('新建 2');
});
