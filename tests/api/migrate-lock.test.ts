import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrate, openStore } from '../../server/platform/db/connect.js';
import { storeCases } from './harness.js';
import { testSigningKeyPath } from './auditTrailSupport.js';
import { freePort } from '../support/freePort.js';

const status = (port: number, path: string) => new Promise<number>((resolve) => {
  http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', () => resolve(0));
});

/** A production server process on the store; resolves once it answers /readyz 200. */
async function instance(databaseUrl: string, children: ChildProcess[]): Promise<{ child: ChildProcess; port: number; exit: Promise<number | null> }> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [inject('compiled').server], {
    env: {
      ...process.env, IDAAS_MODE: 'production', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms', AUDIT_SIGNING_KEY: testSigningKeyPath(), DATABASE_URL: databaseUrl, PORT: String(port),
      HOST: '127.0.0.1', STATIC_DIR: '', METRICS_PORT: '0', LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (c: Buffer) => { log += c.toString(); });
  child.stderr!.on('data', (c: Buffer) => { log += c.toString(); });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; (await status(port, '/readyz')) !== 200; i++) {
    if (child.exitCode !== null || i > 600) throw new Error(`instance did not come up (exit ${child.exitCode}):\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, exit };
}

describe.each(storeCases())('two instances starting at once on a fresh store ($name)', (store) => {
  const children: ChildProcess[] = [];
  afterAll(() => { for (const child of children) if (child.exitCode === null) child.kill('SIGKILL'); });

  it('both come up and every migration ran once', { timeout: 120_000 }, async () => {
    const databaseUrl = store.url('migratelock');
    const [a, b] = await Promise.all([instance(databaseUrl, children), instance(databaseUrl, children)]);
    expect(await status(a.port, '/healthz')).toBe(200);
    expect(await status(b.port, '/healthz')).toBe(200);

    const check = openStore(databaseUrl);
    try {
      const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(check.db);
      const names = rows.rows.map((r) => r.name);
      expect(names.length).toBeGreaterThanOrEqual(6);
      expect(new Set(names).size).toBe(names.length);
      expect(names[0]).toBe('0001_init');
      // The lock is free again for the next upgrade.
      if (check.kind === 'sqlite') {
        const lock = await sql<{ is_locked: number }>`select is_locked from kysely_migration_lock`.execute(check.db);
        expect(lock.rows[0].is_locked).toBe(0);
      }
    } finally {
      await check.db.destroy();
    }

    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await a.exit).toBe(0);
    expect(await b.exit).toBe(0);
  });
});

describe.each(storeCases().filter((s) => s.name === 'postgres'))('migrations racing in one process ($name)', (store) => {
  it('eight stores migrating one fresh schema at the same moment all succeed, each migration once', async () => {
    const databaseUrl = store.url('migraterace');
    const stores = Array.from({ length: 8 }, () => openStore(databaseUrl));
    try {
      const results = await Promise.allSettled(stores.map((s) => migrate(s)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(stores[0].db);
      expect(new Set(rows.rows.map((r) => r.name)).size).toBe(rows.rows.length);
      // The one that found the store empty, and only it, makes the first signing keys ahead.
      expect(results.map((r) => r.status === 'fulfilled' && r.value.fresh).filter(Boolean)).toHaveLength(1);
      expect(await migrate(stores[0])).toEqual({ fresh: false });
    } finally {
      await Promise.all(stores.map((s) => s.db.destroy()));
    }
  });
});

interface Migrator { ready: Promise<void>; go(): void; done: Promise<{ code: number | null; output: string }> }

/** A process that only migrates (tests/support/migrateAt.ts): ready once its store is open, migrating on `go`. */
function migrator(databaseUrl: string, children: ChildProcess[]): Migrator {
  const child = spawn(process.execPath, [inject('compiled').migrateAt, databaseUrl], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  child.stdin!.on('error', () => undefined); // one that died early is reported by its exit code
  let output = '';
  let readied: () => void;
  const ready = new Promise<void>((resolve) => { readied = resolve; });
  child.stdout!.on('data', (c: Buffer) => { output += c.toString(); if (output.includes('ready')) readied(); });
  child.stderr!.on('data', (c: Buffer) => { output += c.toString(); });
  const done = new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => { readied(); resolve({ code, output }); });
  });
  return { ready, go: () => child.stdin!.end('go\n'), done };
}

describe.each(storeCases())('migrations racing in several processes ($name)', (store) => {
  const children: ChildProcess[] = [];
  afterAll(() => { for (const child of children) if (child.exitCode === null) child.kill('SIGKILL'); });

  it('five processes released at the same instant on a fresh store all succeed', { timeout: 120_000 }, async () => {
    const databaseUrl = store.url('migrateprocs');
    const migrators = Array.from({ length: 5 }, () => migrator(databaseUrl, children));
    // Released together once all five have started, as five instances rolled out at once.
    await Promise.all(migrators.map((m) => m.ready));
    for (const m of migrators) m.go();
    const runs = await Promise.all(migrators.map((m) => m.done));
    for (const run of runs) expect(run.code, run.output).toBe(0);
    const check = openStore(databaseUrl);
    try {
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(check.db);
      expect(rows.rows.length).toBeGreaterThanOrEqual(6);
      expect(new Set(rows.rows.map((r) => r.name)).size).toBe(rows.rows.length);
    } finally {
      await check.db.destroy();
    }
  });
});
