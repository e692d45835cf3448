import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { DAY } from '../../server/platform/lib/clock.js';
import { devKeyPath } from '../../server/audit/trail/signingKey.js';
import { ROOMY_SMS_BUDGETS, passwordLogin, startClient, storeCases, type Client } from './harness.js';
import { runAdminHere } from './adminCli.js';

/**
 * The audit trail over time and outside the database: retention deletes only whole checkpointed
 * ranges older than the age and leaves a signed prune record verification starts from; SM3
 * chains; checkpoints reach an HTTP sink, retried until it answers; a wrong key is refused.
 */
describe.each(storeCases())('audit trail over time ($name)', (store) => {
  let client: Client;
  let url: string;
  const exportDir = mkdtempSync(join(tmpdir(), 'idaas-trail-ret-'));
  const received: unknown[] = [];
  let failNext = 1;
  let sink: Server;

  beforeAll(async () => {
    sink = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        if (failNext > 0) {
          failNext--;
          res.writeHead(503).end();
          return;
        }
        received.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/checkpoints`;
    url = await store.seededUrl('trailret');
    client = await startClient(store, 'trailret', {}, { ...ROOMY_SMS_BUDGETS, AUDIT_CHECKPOINT_DIR: exportDir, AUDIT_CHECKPOINT_URL: sinkUrl }, url);
  });
  afterAll(async () => {
    await client?.close();
    await new Promise((resolve) => sink?.close(resolve));
  });

  const verify = async () => {
    const run = await runAdminHere(['audit', 'verify', '--json'], url, { AUDIT_SIGNING_KEY: devKeyPath(client.app.config), AUDIT_CHECKPOINT_DIR: exportDir });
    return { code: run.code, ...JSON.parse(run.stdout) };
  };
  const head = async () => client.app.services.admin.trail.status();
  // Recorded as the sign-in service records them (the moved clock would expire real passwords).
  const signIns = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await client.app.services.audit.signIn({ userRef: null, account: 'lisi', optType: 'ACCOUNT', result: 'D00000', caller: { ip: '10.8.8.8', userAgent: null, deviceId: null, deviceName: null, trustTokens: {} } });
    }
  };
  const count = async (seqFrom: number, seqTo: number) => {
    let n = 0;
    for (const table of ['login_history', 'operation_log'] as const) {
      const r = await client.app.store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('seq', '>=', seqFrom).where('seq', '<=', seqTo).executeTakeFirstOrThrow();
      n += Number(r.n);
    }
    return n;
  };

  it('prunes only whole checkpointed ranges older than the age, behind a signed prune record, and the trail still verifies', async () => {
    await signIns(3);
    const first = await client.app.ops.auditCheckpoints.run(true);
    expect(first).not.toBeNull();
    // Old too, but not sealed by a checkpoint before the cut-off: it must stay.
    await signIns(2);
    const unsealedFrom = first!.seqTo + 1;
    client.clock.advance(181 * DAY);
    await client.app.ops.auditCheckpoints.run(true);
    await signIns(1);

    const deleted = await client.app.ops.retention.run();
    expect(deleted.login_history + deleted.operation_log).toBeGreaterThanOrEqual(first!.seqTo - first!.seqFrom + 1);
    expect(await count(first!.seqFrom, first!.seqTo)).toBe(0);
    const status = await head();
    // The range sealed before the cut-off went; the old records sealed only now stayed.
    expect(status.prunedThrough).toBe(first!.seqTo);
    expect(await count(unsealedFrom, status.headSeq)).toBe(status.headSeq - unsealedFrom + 1);

    const prunes = await client.app.store.db.selectFrom('audit_checkpoints').selectAll().where('kind', '=', 'prune').execute();
    expect(prunes.map((p) => Number(p.seq_to))).toContain(status.prunedThrough);
    expect(readdirSync(exportDir).some((f) => f.startsWith('prune-'))).toBe(true);
    expect(await verify()).toMatchObject({ code: 0, intact: true, checkedFrom: status.prunedThrough + 1 });
  });

  it('delivers checkpoints to the HTTP sink, retrying the one it refused at the next round', async () => {
    await signIns(1);
    failNext = 1;
    const refused = await client.app.ops.auditCheckpoints.run(true);
    expect(received.some((c) => (c as { seqTo: number }).seqTo === refused!.seqTo)).toBe(false);
    await client.app.ops.auditCheckpoints.run(false);
    expect(received).toContainEqual(expect.objectContaining({ kind: 'checkpoint', seqTo: refused!.seqTo, signature: refused!.signature }));
  });
});

describe.each(storeCases())('audit trail algorithm and key ($name)', (store) => {
  it('chains with SM3 when asked, and a chain keeps its algorithm', async () => {
    const url = await store.seededUrl('trailsm3');
    const client = await startClient(store, 'trailsm3', {}, { ...ROOMY_SMS_BUDGETS, AUDIT_HASH: 'sm3' }, url);
    try {
      expect((await passwordLogin(client, 'lisi')).json().code).toBe('D00000');
      expect((await client.app.services.admin.trail.status()).algorithm).toBe('sm3');
      expect(await client.app.services.admin.trail.verify('test')).toMatchObject({ intact: true, algorithm: 'sm3' });
    } finally {
      await client.close();
    }
    const config = readConfig({ IDAAS_MODE: 'test', DATABASE_URL: url, AUDIT_HASH: 'sha256' }, { staticDir: null });
    await expect(buildApp({ config })).rejects.toThrow(/chain was started with sm3/);
  });

  it('refuses to start on a signing key that is missing or not Ed25519', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idaas-badkey-'));
    const rsa = join(dir, 'rsa.pem');
    writeFileSync(rsa, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    for (const [key, message] of [[join(dir, 'absent.pem'), /cannot read/], [rsa, /rsa key; the audit trail signs with Ed25519/]] as const) {
      const config = readConfig({ IDAAS_MODE: 'production', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms', AUDIT_SIGNING_KEY: key, DATABASE_URL: store.url('badkey') }, { staticDir: null });
      await expect(buildApp({ config })).rejects.toThrow(message);
    }
  });
});
