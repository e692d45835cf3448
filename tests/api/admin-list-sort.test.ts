import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticeKind } from '../../contract/enums.js';
import { ADMIN_SORTABLE } from '../../contract/schemas/admin/sortable.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';
import { byDuty, signInAdministrators, type AdministratorTokens } from './adminHarness.js';

type Row = Record<string, unknown>;

/** Each workbench list, the columns its table sorts by, and the value of a row in that column. */
const LISTS: { path: string; fields: readonly string[]; value?: (row: Row, field: string) => unknown }[] = [
  { path: '/admin/v1/apps/list', fields: ADMIN_SORTABLE.apps },
  { path: '/admin/v1/groups/list', fields: ADMIN_SORTABLE.groups },
  { path: '/admin/v1/notices/list', fields: ADMIN_SORTABLE.notices },
  { path: '/admin/v1/requests/list', fields: ADMIN_SORTABLE.requests },
  { path: '/admin/v1/scim-tokens/list', fields: ADMIN_SORTABLE.scimTokens },
  { path: '/admin/v1/sessions/list', fields: ADMIN_SORTABLE.sessions },
  { path: '/admin/v1/sign-in-log/list', fields: ADMIN_SORTABLE.signInLog },
  { path: '/admin/v1/operation-log/list', fields: ADMIN_SORTABLE.operationLog },
];

/** Values in order, either way; rows without a value (a token never used) are left out, as stores place them differently. */
function ordered(values: unknown[], order: 'asc' | 'desc'): boolean {
  const present = values.filter((v) => v !== null && v !== undefined) as (string | number)[];
  const sorted = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (order === 'desc') sorted.reverse();
  return JSON.stringify(present) === JSON.stringify(sorted);
}

describe.each(storeCases())('workbench lists sort on the server ($name)', (store) => {
  let client: Client;
  let admins: AdministratorTokens;
  /** Each list read by an administrator whose duty it is. */
  const tokenFor = byDuty(() => admins);
  beforeAll(async () => {
    client = await startClient(store, 'adminlistsort');
    admins = await signInAdministrators(client);
    await signIn(client, 'lisi');
    // Lists and columns the demo leaves empty get rows whose names and times differ.
    const { db } = client.app.store;
    const apps = await db.selectFrom('apps').select('id').orderBy('id').limit(3).execute();
    for (const [i, category] of ['Office', 'Finance', 'HR'].entries()) await db.updateTable('apps').set({ category }).where('id', '=', apps[i].id).execute();
    for (const name of ['hr-feed', 'crm-feed', 'zeta-feed']) {
      expect((await client.post('/admin/v1/scim-tokens/create', { name }, { token: admins.security })).json().code).toBe('D00000');
    }
    const tokens = await db.selectFrom('scim_tokens').select('id').orderBy('id').execute();
    for (const [i, at] of [Date.UTC(2031, 0, 2), Date.UTC(2031, 0, 1)].entries()) await db.updateTable('scim_tokens').set({ last_used_at: at }).where('id', '=', tokens[i].id).execute();
    for (const [title, kind] of [['Quarterly review', NoticeKind.NOTICE], ['Annual party', NoticeKind.NEWS], ['Move day', NoticeKind.NOTICE]] as const) {
      expect((await client.post('/admin/v1/notices/create', { title, kind, body: 'text' }, { token: admins.system })).json().code).toBe('D00000');
    }
  });
  afterAll(async () => { await client?.close(); });

  const rows = async (path: string, sortField: string, sortOrder: 'asc' | 'desc') => {
    const res = await client.post(path, { pageNum: 1, pageSize: 100, sortField, sortOrder }, { token: tokenFor(path.slice('/admin/v1'.length)) });
    expect(res.json().code, `${path} ${sortField} ${res.body.slice(0, 200)}`).toBe('D00000');
    return res.json().data.datas as Row[];
  };

  it('orders every list by each of its sortable columns, either way', async () => {
    for (const { path, fields } of LISTS) {
      for (const field of fields) {
        const up = (await rows(path, field, 'asc')).map((r) => r[field]);
        const down = (await rows(path, field, 'desc')).map((r) => r[field]);
        expect(up.filter((v) => v !== null && v !== undefined).length, `${path} has rows with ${field}`).toBeGreaterThan(1);
        expect(ordered(up, 'asc'), `${path} ${field} asc: ${JSON.stringify(up)}`).toBe(true);
        expect(ordered(down, 'desc'), `${path} ${field} desc: ${JSON.stringify(down)}`).toBe(true);
      }
    }
  });

  it('puts never-used provisioning tokens after the used ones, whichever way "last used" is sorted', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const used = (await rows('/admin/v1/scim-tokens/list', 'lastUsedAt', order)).map((r) => r.lastUsedAt !== null);
      expect(used.indexOf(false), order).toBe(2);
      expect(used.slice(2).every((u) => !u), order).toBe(true);
    }
  });

  it('refuses a sort column the list does not offer, and a direction that is not one, with E00001', async () => {
    for (const { path, fields } of LISTS) {
      for (const body of [{ sortField: 'id; drop table users', sortOrder: 'asc' }, { sortField: 'password_hash' }, { sortField: fields[0], sortOrder: 'up' }]) {
        const res = await client.post(path, { pageNum: 1, pageSize: 10, ...body }, { token: tokenFor(path.slice('/admin/v1'.length)) });
        expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().code).toBe('E00001');
      }
    }
  });
});
