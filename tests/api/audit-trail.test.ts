import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/platform/db/schema.js';
import { devKeyPath } from '../../server/audit/trail/signingKey.js';
import { signedCheckpoint } from '../../server/audit/trail/checkpoints.js';
import { DEMO_PASSWORD, ROOMY_SMS_BUDGETS, passwordLogin, signIn, startClient, storeCases, type Client } from './harness.js';
import { adminApi, unique, byDuty, signInAdministrators, type AdministratorTokens } from './adminHarness.js';
import { runAdmin, runAdminHere } from './adminCli.js';
import { withoutTriggers } from './auditTrailSupport.js';

/**
 * The tamper-evident audit trail: every sign-in and administrator's change is a chained record,
 * the database refuses to change or delete one, and `audit verify` (the CLI's entry, in this
 * process; spawned twice for the exit codes) names the first bad seq and the kind of each
 * tampering. Each tampering test undoes itself (as the attacker with DDL did it, triggers off),
 * so the suite holds in any order on one store.
 */
describe.each(storeCases())('audit trail ($name)', (store) => {
  let client: Client;
  let admins: AdministratorTokens;
  let url: string;
  let db: Kysely<Database>;
  const exportDir = mkdtempSync(join(tmpdir(), 'idaas-trail-'));
  let env: NodeJS.ProcessEnv;
  const api = adminApi(() => client, byDuty(() => admins));

  beforeAll(async () => {
    url = await store.seededUrl('trail');
    client = await startClient(store, 'trail', {}, { ...ROOMY_SMS_BUDGETS, AUDIT_CHECKPOINT_DIR: exportDir }, url);
    db = client.app.store.db;
    admins = await signInAdministrators(client);
    env = { AUDIT_SIGNING_KEY: devKeyPath(client.app.config), AUDIT_CHECKPOINT_DIR: exportDir };
  });
  afterAll(async () => { await client?.close(); });

  const verify = async () => {
    const run = await runAdminHere(['audit', 'verify', '--json'], url, env);
    return { code: run.code, ...(JSON.parse(run.stdout) as { intact: boolean; kind: string | null; firstBadSeq: number | null; detail: string }) };
  };
  const head = async () => Number((await db.selectFrom('audit_head').select('seq').executeTakeFirstOrThrow()).seq);
  /** Some fresh records at the end of the chain, the last of them sealed by a checkpoint; answers their seqs. */
  const freshRecords = async (n: number) => {
    for (let i = 0; i < n; i++) await api.ok('/groups/create', { groupCode: unique('trl'), groupName: 'trail', groupType: 1, managerUserId: 'zhangsan' });
    await client.app.ops.auditCheckpoints.run(true);
    const last = await head();
    return Array.from({ length: n }, (_, i) => last - n + 1 + i);
  };
  const rowAt = async (seq: number) => {
    const op = await db.selectFrom('operation_log').selectAll().where('seq', '=', seq).executeTakeFirst();
    if (op) return { table: 'operation_log' as const, row: op };
    return { table: 'login_history' as const, row: await db.selectFrom('login_history').selectAll().where('seq', '=', seq).executeTakeFirstOrThrow() };
  };

  it('chains a record for each sign-in and each administrator change, and verifies intact from the CLI (exit 0)', async () => {
    const before = await head();
    expect((await passwordLogin(client, 'lisi')).json().code).toBe('D00000');
    expect((await passwordLogin(client, 'lisi', 'Wrong@2026')).json().code).not.toBe('D00000');
    await api.ok('/groups/create', { groupCode: unique('trl'), groupName: 'trail', groupType: 1, managerUserId: 'zhangsan' });
    expect(await head()).toBe(before + 3);
    const signIns = await db.selectFrom('login_history').select(['seq', 'hash', 'account', 'is_success']).where('seq', '>', before).orderBy('seq').execute();
    expect(signIns.map((r) => [Number(r.seq), r.account, r.is_success])).toEqual([[before + 1, 'lisi', 1], [before + 2, 'lisi', 0]]);
    const change = await db.selectFrom('operation_log').select(['seq', 'hash', 'scene_code']).where('seq', '=', before + 3).executeTakeFirstOrThrow();
    expect(change.scene_code).toMatch(/^ADMIN_/);
    expect(change.hash).toMatch(/^[0-9a-f]{64}$/);

    await client.app.ops.auditCheckpoints.run(true);
    expect(readdirSync(exportDir).some((f) => /^checkpoint-\d+\.json$/.test(f))).toBe(true);
    const spawned = await runAdmin(['audit', 'verify'], url, env);
    expect(spawned.code, spawned.stderr).toBe(0);
    expect(spawned.stdout).toMatch(/^Audit trail intact: \d+ records from seq 1 through \d+/);
  });

  it('keeps the chain gap-free under 30 sign-ins and 10 administrator changes at once', async () => {
    const before = await head();
    const accounts = ['lisi', 'zhangsan', 'emp0010', 'emp0011', 'emp0012'];
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => passwordLogin(client, accounts[i % accounts.length], DEMO_PASSWORD)),
      ...Array.from({ length: 10 }, () => api.post('/groups/create', { groupCode: unique('par'), groupName: 'parallel', groupType: 1, managerUserId: 'zhangsan' })),
    ]);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const after = await head();
    expect(after - before).toBeGreaterThanOrEqual(40);
    const seqs = [
      ...(await db.selectFrom('login_history').select('seq').where('seq', '>', before).execute()),
      ...(await db.selectFrom('operation_log').select('seq').where('seq', '>', before).execute()),
    ].map((r) => Number(r.seq)).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: after - before }, (_, i) => before + 1 + i));
    expect(await client.app.services.admin.trail.verify('test')).toMatchObject({ intact: true });
  });

  it('has the database refuse to update or delete a chained record, and to change a checkpoint', async () => {
    const [seq] = await freshRecords(1);
    const { table } = await rowAt(seq);
    await expect(sql`update ${sql.table(table)} set ip = '6.6.6.6' where seq = ${seq}`.execute(db)).rejects.toThrow(/audit/);
    await expect(sql`delete from ${sql.table(table)} where seq = ${seq}`.execute(db)).rejects.toThrow(/audit/);
    await expect(sql`delete from login_history where seq is not null`.execute(db)).rejects.toThrow(/audit/);
    await expect(sql`update audit_checkpoints set head_hash = ${'0'.repeat(64)}`.execute(db)).rejects.toThrow(/audit/);
    await expect(sql`delete from audit_checkpoints`.execute(db)).rejects.toThrow(/audit/);
    await expect(sql`update audit_head set seq = 1`.execute(db)).rejects.toThrow(/audit head/);
    expect((await rowAt(seq)).row.ip).not.toBe('6.6.6.6');
  });

  it('names an edited record (exit 3 from the CLI)', async () => {
    const [, seq] = await freshRecords(3);
    const { table, row } = await rowAt(seq);
    await withoutTriggers(db, store.name, () => sql`update ${sql.table(table)} set ip = '6.6.6.6' where seq = ${seq}`.execute(db));
    try {
      const spawned = await runAdmin(['audit', 'verify', '--json'], url, env);
      expect(spawned.code).toBe(3);
      expect(JSON.parse(spawned.stdout)).toMatchObject({ intact: false, kind: 'edited', firstBadSeq: seq });
    } finally {
      await withoutTriggers(db, store.name, () => sql`update ${sql.table(table)} set ip = ${row.ip} where seq = ${seq}`.execute(db));
    }
    expect(await verify()).toMatchObject({ code: 0, intact: true });
  });

  it('names a record deleted from the middle', async () => {
    const [, seq] = await freshRecords(3);
    const { table, row } = await rowAt(seq);
    await withoutTriggers(db, store.name, () => sql`delete from ${sql.table(table)} where seq = ${seq}`.execute(db));
    try {
      expect(await verify()).toMatchObject({ code: 3, kind: 'deleted', firstBadSeq: seq });
    } finally {
      await withoutTriggers(db, store.name, () => db.insertInto(table).values(row as never).execute());
    }
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('names the tail deleted against the exported checkpoint, though the head and the checkpoint rows were rolled back too', async () => {
    const seqs = await freshRecords(3);
    const tail = await Promise.all(seqs.map(rowAt));
    const savedHead = await db.selectFrom('audit_head').selectAll().executeTakeFirstOrThrow();
    const newest = await db.selectFrom('audit_checkpoints').selectAll().where('seq_to', '>=', seqs[0]).execute();
    await withoutTriggers(db, store.name, async () => {
      for (const { table, row } of tail) await db.deleteFrom(table).where('id', '=', row.id).execute();
      await db.deleteFrom('audit_checkpoints').where('seq_to', '>=', seqs[0]).execute();
      const before = await rowAt(seqs[0] - 1);
      await db.updateTable('audit_head').set({ seq: seqs[0] - 1, hash: before.row.hash! }).execute();
    });
    try {
      const found = await verify();
      expect(found).toMatchObject({ code: 3, kind: 'deleted', firstBadSeq: seqs[0] });
      expect(found.detail).toMatch(/exported checkpoint/);
    } finally {
      await withoutTriggers(db, store.name, async () => {
        for (const { table, row } of tail) await db.insertInto(table).values(row as never).execute();
        await db.insertInto('audit_checkpoints').values(newest).execute();
        await db.updateTable('audit_head').set(savedHead).execute();
      });
    }
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('names a record inserted into the chain (a second record under an existing seq)', async () => {
    const [, seq] = await freshRecords(3);
    const user = await db.selectFrom('users').select('id').where('user_id', '=', 'admin').executeTakeFirstOrThrow();
    const { table } = await rowAt(seq);
    const other = table === 'operation_log' ? 'login_history' : 'operation_log';
    const forged = other === 'login_history'
      ? { user_ref: user.id, account: 'admin', opt_type: 'ACCOUNT', app_ref: null, app_name: null, is_success: 1, login_msg: 'D00000', ip: '6.6.6.6', device_id: null, device_name: null, created_at: Date.now(), seq, hash: 'f'.repeat(64) }
      : { user_ref: user.id, scene_code: 'LOGIN', detail: null, ip: '6.6.6.6', ip_region: null, created_at: Date.now(), target: null, changes: null, seq, hash: 'f'.repeat(64) };
    const id = (await db.insertInto(other).values(forged as never).returning('id').executeTakeFirstOrThrow()).id;
    try {
      expect(await verify()).toMatchObject({ code: 3, kind: 'inserted', firstBadSeq: seq });
    } finally {
      await withoutTriggers(db, store.name, () => db.deleteFrom(other).where('id', '=', id).execute());
    }
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('names two records swapped in order', async () => {
    const [a, , c] = await freshRecords(3);
    const first = await rowAt(a);
    const third = await rowAt(c);
    const swap = (x: typeof first, y: typeof first) => withoutTriggers(db, store.name, async () => {
      await db.updateTable(x.table).set({ seq: -1 }).where('id', '=', x.row.id).execute();
      await db.updateTable(y.table).set({ seq: Number(x.row.seq) }).where('id', '=', y.row.id).execute();
      await db.updateTable(x.table).set({ seq: Number(y.row.seq) }).where('id', '=', x.row.id).execute();
    });
    await swap(first, third);
    try {
      expect(await verify()).toMatchObject({ code: 3, kind: 'reordered', firstBadSeq: a });
    } finally {
      await withoutTriggers(db, store.name, async () => {
        await db.updateTable(first.table).set({ seq: -1 }).where('id', '=', first.row.id).execute();
        await db.updateTable(third.table).set({ seq: c }).where('id', '=', third.row.id).execute();
        await db.updateTable(first.table).set({ seq: a }).where('id', '=', first.row.id).execute();
      });
    }
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('names a checkpoint signed with another key, and one whose head was altered', async () => {
    const seqs = await freshRecords(2);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const stranger = { privateKey, publicKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), fingerprint: 'f'.repeat(64) };
    const forged = signedCheckpoint(stranger, { kind: 'checkpoint', seqFrom: seqs[1] + 1000, seqTo: seqs[1] + 1000, headHash: 'a'.repeat(64), algorithm: 'sha256', createdAt: Date.now() });
    await db.insertInto('audit_checkpoints').values(forged).execute();
    try {
      expect(await verify()).toMatchObject({ code: 3, kind: 'forged-checkpoint', firstBadSeq: seqs[1] + 1000 });
    } finally {
      await withoutTriggers(db, store.name, () => db.deleteFrom('audit_checkpoints').where('seq_from', '=', seqs[1] + 1000).execute());
    }
    const sealed = await db.selectFrom('audit_checkpoints').selectAll().where('kind', '=', 'checkpoint').where('seq_to', '=', seqs[1]).executeTakeFirstOrThrow();
    await withoutTriggers(db, store.name, () => db.updateTable('audit_checkpoints').set({ head_hash: 'b'.repeat(64) }).where('id', '=', sealed.id).execute());
    try {
      expect(await verify()).toMatchObject({ code: 3, kind: 'forged-checkpoint', firstBadSeq: seqs[1] });
    } finally {
      await withoutTriggers(db, store.name, () => db.updateTable('audit_checkpoints').set({ head_hash: sealed.head_hash }).where('id', '=', sealed.id).execute());
    }
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('keeps the audit rows of a person who is deleted', async () => {
    const account = unique('gone').slice(0, 40);
    const userRef = (await api.ok('/users/create', { userId: account, userName: '离职员工' })).id as number;
    await client.app.services.audit.signIn({ userRef, account, optType: 'ACCOUNT', result: 'D00000', caller: { ip: '10.9.9.9', userAgent: null, deviceId: null, deviceName: null, trustTokens: {} } });
    expect((await api.post('/users/delete', { id: userRef })).json().code).toBe('D00000');
    expect(await db.selectFrom('users').select('id').where('id', '=', userRef).executeTakeFirst()).toBeUndefined();
    const kept = await db.selectFrom('login_history').select(['seq', 'account']).where('user_ref', '=', userRef).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0].account).toBe(account);
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('exports a date range with the signed checkpoints that prove it, as JSON and CSV', async () => {
    const seqs = await freshRecords(2);
    const at = (await rowAt(seqs[1])).row.created_at;
    const body = { startTime: Number(at) - 1, endTime: Number(at) + 1 };
    const exported = await api.ok('/audit-trail/export', body);
    expect(exported.records.some((r: { seq: number }) => r.seq === seqs[1])).toBe(true);
    const proving = exported.checkpoints.filter((c: { kind: string; seqFrom: number; seqTo: number }) => c.kind === 'checkpoint' && c.seqFrom <= seqs[1] && c.seqTo >= seqs[1]);
    expect(proving).toHaveLength(1);
    expect(exported.seqFrom).toBeLessThanOrEqual(proving[0].seqFrom);
    expect(exported.seqTo).toBeGreaterThanOrEqual(proving[0].seqTo);
    expect(exported.publicKey).toMatch(/BEGIN PUBLIC KEY/);
    const { createHash, createPublicKey, verify: verifySignature } = await import('node:crypto');
    // An auditor's check with the export alone: the chain from previousHash reaches the signed head.
    let prev = exported.previousHash as string;
    for (const r of exported.records.filter((x: { seq: number | null }) => x.seq !== null).sort((x: { seq: number }, y: { seq: number }) => x.seq - y.seq)) {
      prev = createHash(exported.algorithm).update(Buffer.from(prev, 'hex')).update(r.canonical).digest('hex');
      expect(prev).toBe(r.hash);
      if (r.seq === proving[0].seqTo) expect(prev).toBe(proving[0].headHash);
    }
    const c = proving[0];
    const statement = JSON.stringify({ kind: c.kind, seqFrom: c.seqFrom, seqTo: c.seqTo, headHash: c.headHash, algorithm: c.algorithm, createdAt: c.createdAt, keyFingerprint: c.keyFingerprint });
    expect(verifySignature(null, Buffer.from(statement), createPublicKey(exported.publicKey), Buffer.from(c.signature, 'base64'))).toBe(true);

    const csv = await client.get(`/admin/v1/audit-trail/export.csv?startTime=${body.startTime}&endTime=${body.endTime}`, { token: admins.audit, headers: { 'accept-language': 'en' } });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Seq,Hash,Log,/);
    expect(lines.some((l) => l.startsWith(`${seqs[1]},`))).toBe(true);

    const lisi = await signIn(client, 'lisi');
    expect((await client.post('/admin/v1/audit-trail/export', body, { token: lisi })).json().code).toBe('E00403');
    expect((await api.post('/audit-trail/export', { startTime: body.endTime, endTime: body.startTime })).json().code).toBe('E00001');
  });

  it('shows the last verification and runs one from the workbench', async () => {
    const ran = await api.ok('/audit-trail/verify', {});
    expect(ran).toMatchObject({ intact: true, kind: null, firstBadSeq: null, actor: 'auditor' });
    const status = await api.ok('/audit-trail/status', {});
    expect(status).toMatchObject({ algorithm: 'sha256', lastVerification: { intact: true, actor: 'auditor' } });
    expect(status.headSeq).toBeGreaterThan(0);
    expect(status.keyFingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});
