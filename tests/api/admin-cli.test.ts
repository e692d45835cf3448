import { afterAll, describe, expect, it } from 'vitest';
import { passwordLogin, sessionTokenOf, startClient, storeCases, type Client } from './harness.js';
import { runAdmin, runAdminHere } from './adminCli.js';

const NEW_PASSWORD = 'Root#Change2031';

describe.each(storeCases())('the first-administrator command ($name)', (store) => {
  const clients: Client[] = [];
  afterAll(async () => { for (const client of clients) await client.close(); });
  /** The server on a store the command prepared, in production mode (no demo organisation). */
  const serverOn = async (databaseUrl: string) => {
    const client = await startClient(store, 'admincli', { mode: 'production' }, {}, databaseUrl);
    clients.push(client);
    return client;
  };
  /** `spawned`: as the operator runs it (2–3 s of tsx start-up); otherwise the same command in-process. */
  const created = async (databaseUrl: string, account: string, spawned = false) => {
    const run = await (spawned ? runAdmin : runAdminHere)(['create', account], databaseUrl);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return /One-time password: (\S+)/.exec(run.stdout)?.[1];
  };

  it('creates the first administrator of an empty production store, with a one-time password', async () => {
    const databaseUrl = store.url('admincli');
    const password = await created(databaseUrl, 'Root.Admin', true);
    expect(password).toMatch(/^.{16}$/);

    const client = await serverOn(databaseUrl);
    const accounts = await client.app.store.db.selectFrom('users').select('user_id').execute();
    expect(accounts.map((a) => a.user_id)).toEqual(['root.admin']);

    // The password works once, to change it (E30067); then the account opens the workbench.
    const forced = await passwordLogin(client, 'root.admin', password!);
    expect(forced.json().code).toBe('E30067');
    const changed = await client.post('/user/v1/pwd/change/auth/save-by-ori-pwd', {
      requestId: forced.json().data.srmi, oldPassword: await client.encrypt(password!), newPassword: await client.encrypt(NEW_PASSWORD), repeatNewPassword: await client.encrypt(NEW_PASSWORD),
    });
    expect(changed.json().code).toBe('D00000');
    const token = sessionTokenOf(await passwordLogin(client, 'root.admin', NEW_PASSWORD))!;
    const list = await client.post('/admin/v1/users/list', {}, { token });
    expect(list.json().data.datas.map((u: { userId: string }) => u.userId)).toEqual(['root.admin']);
    const detail = (await client.post('/admin/v1/users/get', { id: list.json().data.datas[0].id }, { token })).json().data;
    expect(detail.roles.map((r: { code: string }) => r.code).sort()).toEqual(['EMPLOYEE', 'SYS_ADMIN']);
    const [audit] = await client.app.store.db.selectFrom('operation_log').select(['scene_code', 'ip', 'changes']).where('target', '=', 'user:root.admin').execute();
    expect(audit).toMatchObject({ scene_code: 'ADMIN_BOOTSTRAP', ip: 'cli' });
    expect(audit.changes).not.toContain(password!);
  });

  it('refuses a second run for the same account with exit code 1, changing nothing', async () => {
    const databaseUrl = store.url('admincli');
    await created(databaseUrl, 'ops.admin');
    const client = await serverOn(databaseUrl);
    const before = await client.app.store.db.selectFrom('users').select(['user_id', 'password_hash', 'updated_at']).execute();
    const run = await runAdminHere(['create', 'OPS.admin'], databaseUrl);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('"OPS.admin"');
    expect(run.stderr).toContain('E10602');
    expect(await client.app.store.db.selectFrom('users').select(['user_id', 'password_hash', 'updated_at']).execute()).toEqual(before);
  });

  it('creates a security or audit administrator with --role, each holding only that duty', async () => {
    const databaseUrl = store.url('admincli');
    await created(databaseUrl, 'sys.one');
    const security = await runAdminHere(['create', 'sec.one', '--role', 'security'], databaseUrl);
    expect(security.stdout).toContain('Created security administrator "sec.one"');
    const audit = await runAdminHere(['create', 'audit.one', '--role', 'audit'], databaseUrl);
    expect(audit.code).toBe(0);
    for (const args of [['create', 'x.one', '--role', 'department'], ['create', 'x.one', '--role'], ['create', 'x.one', '--duty', 'audit']]) {
      expect((await runAdminHere(args, databaseUrl)).code, args.join(' ')).toBe(2);
    }
    const client = await serverOn(databaseUrl);
    const roles = await client.app.store.db.selectFrom('user_portal_roles')
      .innerJoin('users', 'users.id', 'user_portal_roles.user_ref').innerJoin('portal_roles', 'portal_roles.id', 'user_portal_roles.role_ref')
      .select(['users.user_id', 'portal_roles.code']).where('user_portal_roles.admin_slot', '=', 1).orderBy('users.user_id').execute();
    expect(roles.map((r) => `${r.user_id} ${r.code}`)).toEqual(['audit.one AUDIT_ADMIN', 'sec.one SEC_ADMIN', 'sys.one SYS_ADMIN']);
  });

  it('prints its usage when used wrongly, and refuses an account name registration would refuse', async () => {
    const databaseUrl = store.url('admincli');
    // The process exits with the code the command answers (0 above, 2 here, once: no store is
    // read); the other answers come from the same command in-process.
    const none = await (store.name === 'sqlite' ? runAdmin : runAdminHere)([], databaseUrl);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('usage: npm run admin -- create <account>');
    for (const args of [['create'], ['delete', 'x'], ['create', 'a', 'b']]) {
      const run = await runAdminHere(args, databaseUrl);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('usage: npm run admin -- create <account>');
    }
    const bad = await runAdminHere(['create', 'a b'], databaseUrl);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('E10605');
  });
});
