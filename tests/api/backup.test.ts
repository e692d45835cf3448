import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLogin, startClient, storeCases, type Client } from './harness.js';
import { runAdmin, runAdminHere } from './adminCli.js';

const dir = mkdtempSync(join(tmpdir(), 'idaas-backup-'));

describe.each(storeCases())('backup command ($name)', (store) => {
  let client: Client;
  // A seeded copy, there for every test whichever runs first (the PostgreSQL one only reads its scheme).
  let databaseUrl = '';
  beforeAll(async () => { databaseUrl = store.name === 'sqlite' ? await store.seededUrl('backup') : store.url('backup'); });
  afterAll(async () => { await client?.close(); });

  if (store.name === 'postgres') {
    it('refuses PostgreSQL and points to pg_dump', async () => {
      const target = join(dir, 'pg.db');
      const run = await runAdminHere(['backup', target], databaseUrl);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/pg_dump/);
      expect(existsSync(target)).toBe(false);
    });
    return;
  }

  it('copies the live database consistently while the server writes to it', async () => {
    client = await startClient(store, 'backup', {}, undefined, databaseUrl);
    const target = join(dir, 'nested', 'copy.db');
    let writing = true;
    const writes = (async () => {
      let n = 0;
      while (writing) {
        await passwordLogin(client, 'lisi');
        n++;
      }
      return n;
    })();
    const run = await runAdmin(['backup', target], databaseUrl);
    writing = false;
    expect(await writes).toBeGreaterThan(0);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Backed up .* pages\)/);
    const copy = new SQLite(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare("select count(*) as n from users where user_id = 'lisi'").get()).toEqual({ n: 1 });
      expect((copy.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
  });

  it('never overwrites a file and refuses a missing database', async () => {
    const existing = join(dir, 'existing.db');
    writeFileSync(existing, 'keep me');
    const refused = await runAdminHere(['backup', existing], databaseUrl);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/exists/);
    const missing = await runAdminHere(['backup', join(dir, 'x.db')], `file:${join(dir, 'absent', 'none.db')}`);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no SQLite database/);
    expect((await runAdminHere(['backup'], databaseUrl)).code).toBe(2);
  });
});
