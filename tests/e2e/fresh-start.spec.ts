import type { BrowserContext } from '@playwright/test';
import { expect, openAs, test } from './support';

/**
 * Journeys borrow their browser context from the worker's pool (tests/e2e/contextPool.ts): the
 * second journey here gets the context the first one used and must find nothing of it.
 */
test.describe('a journey after another in the same browser context', () => {
  test.describe.configure({ mode: 'serial' });
  let first: BrowserContext | undefined;

  test('leaves a session, storage, a permission and a route behind', async ({ page, context }) => {
    first = context;
    await openAs(page, 'lisi', '/myApp');
    await expect(page.getByTestId('app-grid')).toBeVisible();
    await page.evaluate(async () => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
      await new Promise((resolve, reject) => Object.assign(indexedDB.open('left-behind'), { onsuccess: resolve, onerror: reject }));
    });
    await context.grantPermissions(['clipboard-read']);
    await context.route('**/idaas/auth/v1/sm2_key', (route) => route.fulfill({ status: 418, body: 'left behind' }));
  });

  test('starts signed out, with empty storage, no permission and no route', async ({ page, context }) => {
    expect(context, 'the context is the one the journey before used').toBe(first);
    expect(await context.cookies()).toEqual([]);
    const key = await page.goto('/idaas/auth/v1/sm2_key');
    expect(key?.status()).toBe(200);
    expect(await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).map((db) => db.name),
      clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
    }))).toEqual({ local: 0, session: 0, databases: [], clipboard: 'prompt' });
    const detail = await context.request.post('/idaas/personal/v1/current-user-detail', { headers: { 'X-Client-Id': 'idaas-portal-web' }, data: {} });
    expect(detail.status()).toBe(401);
  });
});
