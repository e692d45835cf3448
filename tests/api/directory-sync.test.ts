import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';
import { adminApi } from './adminHarness.js';
import { hasSlapd, startDirectory, type Directory } from '../support/slapd.js';
import { account, groupDn, organisationLdif, ou, personDn, type OrgShape } from '../support/directoryLdif.js';

const SHAPE: OrgShape = { people: 2000, ous: 30, groups: 50 };
/** A directory person whose account a local demo account (lisi) already holds: the conflict rule decides. */
const CONFLICTING = [{ uid: 'lisi', cn: 'Li Si (directory)', password: 'Dir#Lisi2026' }];
/** Base entry, ou=people, ou=org, ou=groups and the 30 units. */
const DEPARTMENTS = 34;

const ldapOf = (d: Directory) => ({ url: d.url, baseDn: d.baseDn, bindDn: d.bindDn, bindPassword: d.bindPassword, userFilter: '(uid={0})' });

describe.skipIf(!hasSlapd()).each(storeCases())('directory synchronisation against OpenLDAP ($name)', (store) => {
  let directory: Directory;
  let client: Client;
  let admin: string;
  let lisi: string;
  const api = adminApi(() => client, () => admin);
  const db = () => client.app.store.db;
  const base = () => directory.baseDn;
  const person = (acct: string) => db().selectFrom('users').selectAll().where('user_id', '=', acct).executeTakeFirst();
  const sync = (dryRun: boolean) => api.ok('/directory/sync', { dryRun });
  const snapshot = async () => ({
    users: await db().selectFrom('users').select(['id', 'user_id', 'user_name', 'email', 'dept_ref', 'enabled', 'directory_key', 'mobile_no']).orderBy('id').execute(),
    departments: await db().selectFrom('departments').selectAll().orderBy('id').execute(),
    groups: await db().selectFrom('mail_groups').selectAll().orderBy('id').execute(),
    members: await db().selectFrom('group_members').select(['group_ref', 'user_ref']).orderBy('group_ref').orderBy('user_ref').execute(),
  });
  const membersOf = async (cn: string) => (await db().selectFrom('group_members').innerJoin('mail_groups', 'mail_groups.id', 'group_members.group_ref')
    .innerJoin('users', 'users.id', 'group_members.user_ref').select('users.user_id').where('mail_groups.group_code', '=', cn).execute()).map((r) => r.user_id).sort();

  beforeAll(async () => {
    directory = await startDirectory(CONFLICTING, organisationLdif(SHAPE, 'dc=corp,dc=example'));
    client = await startClient(store, 'dirsync', { ldap: ldapOf(directory) });
    admin = await signIn(client, 'admin');
    lisi = await signIn(client, 'lisi');
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await directory?.stop();
  });

  // One directory and one store through a company's story: the dry run and the first sync meet an
  // empty portal, and each later step changes what the one before brought in.
  describe('a first sync, then the directory changing', { shuffle: false }, () => {
    it('refuses people who are not administrators', async () => {
      for (const path of ['/directory/status', '/directory/sync', '/directory/runs']) {
        const res = await api.post(path, path.endsWith('sync') ? { dryRun: true } : {}, lisi);
        expect(res.json().code, path).toBe('E00403');
      }
    });

    it('shows the connection without its password, and the OpenLDAP preset until an administrator saves another mapping', async () => {
      const status = await api.ok('/directory/status', {});
      expect(status).toMatchObject({ configured: true, url: directory.url, baseDn: directory.baseDn, bindDn: directory.bindDn, scheduleMinutes: 0, running: false });
      expect(status.settings.mapping).toMatchObject({ preset: 'openldap', keyAttribute: 'entryUUID', accountAttribute: 'uid' });
      expect(status.presets.ad).toMatchObject({ keyAttribute: 'objectGUID', accountAttribute: 'sAMAccountName', disabledAttribute: 'userAccountControl' });
      expect(JSON.stringify(status)).not.toContain(directory.bindPassword);
    });

    it('a dry run reports what a sync would do and changes nothing', async () => {
      const before = await snapshot();
      const run = await sync(true);
      expect(run).toMatchObject({ dryRun: true, status: 'succeeded', mode: 'full' });
      expect(run.counts).toEqual({ created: SHAPE.people + DEPARTMENTS + SHAPE.groups, updated: 0, moved: 0, disabled: 0, reenabled: 0, skipped: 0, failed: 1 });
      expect(run.report.failed[0]).toMatchObject({ kind: 'user', name: 'lisi', reason: expect.stringContaining('conflict rule: report') });
      expect(await snapshot()).toEqual(before);
    });

    it('the first sync brings 2,000 people in 30 OUs and 50 groups (nested membership flattened), audited and stored with its report', async () => {
      const started = Date.now();
      const run = await sync(false);
      const took = Date.now() - started;
      expect(run.counts).toEqual({ created: SHAPE.people + DEPARTMENTS + SHAPE.groups, updated: 0, moved: 0, disabled: 0, reenabled: 0, skipped: 0, failed: 1 });
      console.info(`first sync of ${SHAPE.people} people (${store.name}): ${took} ms`);
      const synced = await db().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('directory_key', 'is not', null).executeTakeFirstOrThrow();
      expect(Number(synced.n)).toBe(SHAPE.people);
      // d00015 sits in unit-15, which is under unit-05.
      const p15 = (await person(account(15)))!;
      expect(p15).toMatchObject({ user_name: 'Person 15', email: 'd00015@corp.example.com', enabled: 1, ldap_dn: personDn(15, SHAPE, base()).toLowerCase(), password_hash: null });
      const dept = await db().selectFrom('departments').selectAll().where('id', '=', p15.dept_ref!).executeTakeFirstOrThrow();
      const parent = await db().selectFrom('departments').selectAll().where('id', '=', dept.parent_ref!).executeTakeFirstOrThrow();
      expect([dept.name, parent.name]).toEqual(['unit-15', 'unit-05']);
      expect((await person(account(20)))!.mobile_no).toBe('13900000020');
      expect(await membersOf('team-00')).toHaveLength(80);
      expect(await membersOf('team-00')).toEqual(expect.arrayContaining([account(0), account(1), account(51)]));
      expect(await membersOf('team-49')).toHaveLength(40);
      // The local lisi is untouched (reported, not linked).
      expect((await person('lisi'))!.directory_key).toBeNull();
      const [audit] = await api.audits('ADMIN_DIRECTORY_SYNC', `directory-sync:${run.id}`);
      expect(JSON.parse(audit.changes!).after).toMatchObject({ trigger: 'workbench', created: SHAPE.people + DEPARTMENTS + SHAPE.groups, failed: 1 });
      const listed = await api.ok('/directory/runs', { pageNum: 1, pageSize: 10 });
      expect(listed.datas[0]).toMatchObject({ id: run.id, status: 'succeeded', dryRun: false });
      const stored = await api.ok('/directory/run', { id: run.id });
      expect(stored.report.created.length).toBeGreaterThan(0);
    }, 120_000);

    it('two syncs asked for at once: one runs, the other is told another is running', async () => {
      const answers = await Promise.all([api.post('/directory/sync', { dryRun: false }), api.post('/directory/sync', { dryRun: false })]);
      const codes = answers.map((a) => a.json().code).sort();
      expect(codes).toEqual(['D00000', 'E60023']);
    }, 60_000);

    it('follows renames, moves, deletions, changed names and group changes; a bound phone stays; a comeback is enabled again', async () => {
      const renamed = (await person(account(1)))!;
      const moved = (await person(account(2)))!;
      const gone = (await person(account(3)))!;
      await db().updateTable('users').set({ mobile_no: '13700000007' }).where('user_id', '=', account(7)).execute();
      const now = Date.now();
      await db().insertInto('sessions').values({ token_hash: `dirsync-${store.name}-${now}`, user_ref: gone.id, instance_id: 'test', created_at: now, last_seen_at: now, expires_at: now + 3_600_000, ip: '127.0.0.1', device_id: null, device_name: null, user_agent: null }).execute();
      const b = base();
      directory.modify([
        `dn: ${personDn(1, SHAPE, b)}\nchangetype: modrdn\nnewrdn: uid=d00001x\ndeleteoldrdn: 1\n`,
        `dn: ${groupDn(1, b)}\nchangetype: modify\ndelete: member\nmember: ${personDn(1, SHAPE, b)}\n-\nadd: member\nmember: uid=d00001x,${ou(1, b)}\n`,
        `dn: ${personDn(2, SHAPE, b)}\nchangetype: modrdn\nnewrdn: uid=${account(2)}\ndeleteoldrdn: 1\nnewsuperior: ${ou(29, b)}\n`,
        `dn: ${groupDn(2, b)}\nchangetype: modify\ndelete: member\nmember: ${personDn(2, SHAPE, b)}\n-\nadd: member\nmember: uid=${account(2)},${ou(29, b)}\n-\nadd: member\nmember: ${personDn(6, SHAPE, b)}\n`,
        `dn: ${personDn(3, SHAPE, b)}\nchangetype: delete\n`,
        `dn: ${personDn(4, SHAPE, b)}\nchangetype: delete\n`,
        `dn: ${personDn(5, SHAPE, b)}\nchangetype: modify\nreplace: cn\ncn: Renamed Five\n`,
        `dn: ${personDn(7, SHAPE, b)}\nchangetype: modify\nadd: mobile\nmobile: 13900000007\n`,
        `dn: ${groupDn(0, b)}\nchangetype: modify\ndelete: member\nmember: ${personDn(0, SHAPE, b)}\n`,
      ].join('\n'));
      const run = await sync(false);
      expect(run.counts).toEqual({ created: 0, updated: 4, moved: 1, disabled: 2, reenabled: 0, skipped: 0, failed: 1 });
      expect(run.report.disabled.map((r: { name: string }) => r.name).sort()).toEqual([account(3), account(4)]);
      expect((await db().selectFrom('users').selectAll().where('id', '=', renamed.id).executeTakeFirstOrThrow()).user_id).toBe('d00001x');
      expect((await db().selectFrom('users').selectAll().where('id', '=', moved.id).executeTakeFirstOrThrow()).dept_ref).not.toBe(moved.dept_ref);
      expect(await person(account(3))).toMatchObject({ id: gone.id, enabled: 0, directory_gone: 1 });
      expect(await db().selectFrom('sessions').select('id').where('user_ref', '=', gone.id).execute()).toEqual([]);
      expect((await person(account(5)))!.user_name).toBe('Renamed Five');
      expect((await person(account(7)))!.mobile_no).toBe('13700000007');
      expect(await membersOf('team-00')).not.toContain(account(0));
      expect(await membersOf('team-00')).toContain('d00001x');
      expect(await membersOf('team-02')).toEqual(expect.arrayContaining([account(2), account(6)]));

      // Back in the directory (a new entry, so a new entryUUID): the same person, enabled again.
      directory.add(`dn: ${personDn(3, SHAPE, b)}\nobjectClass: inetOrgPerson\nuid: ${account(3)}\ncn: Person 3\nsn: 3\nmail: ${account(3)}@corp.example.com\n`);
      const back = await sync(false);
      expect(back.counts).toMatchObject({ created: 0, reenabled: 1, disabled: 0 });
      expect(await person(account(3))).toMatchObject({ id: gone.id, enabled: 1, directory_gone: 0 });
      expect((await person(account(4)))!.enabled).toBe(0);
    }, 120_000);

    it('a local account of the same name follows the conflict rule: reported, skipped, or linked — never overwritten unasked', async () => {
      const status = await api.ok('/directory/status', {});
      const localBefore = (await person('lisi'))!;
      await api.ok('/directory/settings', { ...status.settings, conflictRule: 'skip' });
      const skipped = await sync(false);
      expect(skipped.counts).toMatchObject({ skipped: 1, failed: 0 });
      expect(await person('lisi')).toEqual(localBefore);
      await api.ok('/directory/settings', { ...status.settings, conflictRule: 'link' });
      const linked = await sync(false);
      expect(linked.report.updated).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'lisi', reason: expect.stringContaining('linked') })]));
      expect(await person('lisi')).toMatchObject({ id: localBefore.id, user_name: 'Li Si (directory)', mobile_no: localBefore.mobile_no });
      expect((await person('lisi'))!.directory_key).not.toBeNull();
      const [audit] = await api.audits('ADMIN_DIRECTORY_SETTINGS', 'directory:settings');
      expect(audit).toBeDefined();
      const bad = await api.post('/directory/settings', { ...status.settings, conflictRule: 'overwrite' });
      expect(bad.json().code).toBe('E00001');
    }, 60_000);

    it('refuses edits of the fields the directory owns, and takes the portal\'s own', async () => {
      const id = (await person(account(10)))!.id;
      for (const patch of [{ userName: 'Someone Else' }, { email: 'x@corp.example.com' }, { deptId: null }]) {
        const res = await api.post('/users/update', { id, ...patch });
        expect(res.json().code, JSON.stringify(patch)).toBe('E60024');
      }
      expect((await api.ok('/users/get', { id })).fromDirectory).toBe(true);
      expect((await api.ok('/users/update', { id, positionName: 'Engineer' })).positionName).toBe('Engineer');
    });
  });
});

describe.skipIf(!hasSlapd()).each(storeCases())('directory synchronisation with the directory unreachable ($name)', (store) => {
  let client: Client;
  let admin: string;
  const api = adminApi(() => client, () => admin);
  beforeAll(async () => {
    // A port nothing listens on.
    client = await startClient(store, 'dirsyncdown', { ldap: { url: 'ldap://127.0.0.1:9', baseDn: 'dc=corp,dc=example', bindDn: 'cn=admin,dc=corp,dc=example', bindPassword: 'x', userFilter: '(uid={0})' } });
    admin = await signIn(client, 'admin');
  });
  afterAll(async () => { await client?.close(); });

  it('answers E60022, changes nothing, and keeps the failed run', async () => {
    const count = async () => Number((await client.app.store.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const res = await api.post('/directory/sync', { dryRun: false });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'E60022', data: { status: 'failed', errorCode: 'E60022' } });
    expect(await count()).toBe(before);
    const runs = await api.ok('/directory/runs', { pageNum: 1, pageSize: 10 });
    expect(runs.datas[0]).toMatchObject({ status: 'failed', errorCode: 'E60022' });
    // The lease was given back: the next attempt is refused for the directory, not as busy.
    expect((await api.post('/directory/sync', { dryRun: true })).json().code).toBe('E60022');
  });
});
