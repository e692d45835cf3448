import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(storeCases())('workbench: provisioning tokens ($name)', (store) => {
  let client: Client;
  let security: string;
  let lisi: string;
  let system: string;
  let n = 0;
  const unique = (label: string) => `${label} ${Date.now().toString(36)}-${n++}`;

  beforeAll(async () => {
    client = await startClient(store, 'scimtokens');
    security = await signIn(client, 'secadmin');
    lisi = await signIn(client, 'lisi');
    system = await signIn(client, 'admin');
  });
  afterAll(async () => { await client?.close(); });

  const call = (path: string, body: unknown, token = security) => client.post(`/admin/v1/scim-tokens/${path}`, body, { token });
  const scim = (token: string | null) => client.app.inject({
    method: 'GET', url: '/scim/v2/ServiceProviderConfig', headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  const create = async (name = unique('HR')) => {
    const res = await call('create', { name });
    expect(res.json().code, res.body).toBe('D00000');
    return res.json().data as { id: number; name: string; token: string };
  };
  const listed = async (body: Record<string, unknown> = {}) => (await call('list', { pageNum: 1, pageSize: 100, ...body })).json().data;
  const row = (id: number) => client.app.store.db.selectFrom('scim_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists the demo token, made by admin and live, without any secret', async () => {
    const data = await listed();
    const demo = data.datas.find((t: { name: string }) => t.name === 'Demo HR system');
    expect(demo).toMatchObject({ createdBy: { userId: 'admin' }, revoked: false, revokedAt: null });
    expect(JSON.stringify(data)).not.toMatch(/token_?hash|demo-scim-token/i);
    expect((await scim('demo-scim-token')).statusCode).toBe(200);
  });

  it('answers a new token once; the database keeps only its SHA-256, and the audit row never the token', async () => {
    const name = unique('Workday');
    const made = await create(name);
    expect(made.token).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    const stored = await row(made.id);
    expect(stored.token_hash).toBe(sha256(made.token));
    const everything = JSON.stringify(await client.app.store.db.selectFrom('scim_tokens').selectAll().execute());
    expect(everything).not.toContain(made.token);
    expect(everything).not.toContain(made.token.slice(5));
    // Listed afterwards without the token.
    const item = (await listed({ name })).datas[0];
    expect(item).toMatchObject({ id: made.id, name, createdBy: { userId: 'secadmin' }, lastUsedAt: null, revoked: false });
    expect(JSON.stringify(item)).not.toContain(made.token);
    const audit = await client.app.store.db.selectFrom('operation_log').selectAll()
      .where('scene_code', '=', 'ADMIN_SCIM_TOKEN_CREATE').where('target', '=', `scim-token:${made.id}`).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes!)).toEqual({ before: null, after: { name, deptId: null } });
    expect(JSON.stringify(audit)).not.toContain(made.token.slice(5));
  });

  it('authorises SCIM with the new token and records its last use at most once a minute', async () => {
    const made = await create();
    expect((await scim(made.token)).statusCode).toBe(200);
    const first = (await row(made.id)).last_used_at;
    expect(first).not.toBeNull();
    expect((await scim(made.token)).statusCode).toBe(200);
    expect((await row(made.id)).last_used_at).toBe(first);
    client.clock.advance(61_000);
    expect((await scim(made.token)).statusCode).toBe(200);
    expect(Number((await row(made.id)).last_used_at)).toBeGreaterThan(Number(first));
    expect((await listed({ name: made.name })).datas[0].lastUsedAt).not.toBeNull();
  });

  it('revokes: the token answers 401 from then on; a second revoke, even racing, is E40501; an unknown one E00404', async () => {
    const made = await create();
    const [a, b] = await Promise.all([call('revoke', { id: made.id }), call('revoke', { id: made.id })]);
    expect([a.json().code, b.json().code].sort()).toEqual(['D00000', 'E40501']);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 200]);
    const res = await scim(made.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    expect((await listed({ name: made.name, revoked: true })).datas[0]).toMatchObject({ revoked: true });
    expect((await listed({ name: made.name, revoked: false })).total).toBe(0);
    expect((await call('revoke', { id: 999_999 })).json().code).toBe('E00404');
    const audit = await client.app.store.db.selectFrom('operation_log').select(['user_ref', 'changes'])
      .where('scene_code', '=', 'ADMIN_SCIM_TOKEN_REVOKE').where('target', '=', `scim-token:${made.id}`).execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses bad input with E00001 naming the field', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'ok', extra: 1 }]) {
      const res = await call('create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('E00001');
    }
    expect((await call('revoke', { id: 'one' })).json().code).toBe('E00001');
  });

  it('refuses every token action to lisi and to the system administrator with E00403, changing nothing', async () => {
    const made = await create();
    const before = await client.app.store.db.selectFrom('scim_tokens').selectAll().orderBy('id').execute();
    for (const [path, body] of [['list', { pageNum: 1, pageSize: 10 }], ['create', { name: 'mine' }], ['revoke', { id: made.id }]] as const) {
      for (const token of [lisi, system]) {
        const res = await call(path, body, token);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().code).toBe('E00403');
      }
    }
    expect(await client.app.store.db.selectFrom('scim_tokens').selectAll().orderBy('id').execute()).toEqual(before);
    expect((await scim(made.token)).statusCode).toBe(200);
  });
});
