import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../server/platform/db/connect.js';
import { directOf } from '../../server/platform/db/direct.js';
import { reusable } from '../../server/platform/db/reusable.js';

type Db = Kysely<{ t: { x: number } }>;

describe('statements run on the SQLite driver past Kysely', () => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idaas-direct-'));
    db = openStore(`file:${join(dir, 'direct.db')}`).db as unknown as Db;
    await sql`create table t (x integer)`.execute(db);
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const values = async () => (await db.selectFrom('t').select('x').orderBy('x').execute()).map((r) => r.x);

  it('reads and writes like Kysely', async () => {
    const insert = reusable(db, (v: { x: number }) => db.insertInto('t').values({ x: v.x }), { direct: true });
    const read = reusable(db, (v: { x: number }) => db.selectFrom('t').select('x').where('x', '>=', v.x).orderBy('x'), { direct: true });
    expect(await insert({ x: 1 })).toEqual([]);
    await insert({ x: 2 });
    expect(await read({ x: 2 })).toEqual([{ x: 2 }]);
    expect(await values()).toEqual([1, 2]);
  });

  it('never runs inside a transaction another caller has open on the one connection', async () => {
    const insert = reusable(db, (v: { x: number }) => db.insertInto('t').values({ x: v.x }), { direct: true });
    let opened!: () => void;
    const open = new Promise<void>((resolve) => { opened = resolve; });
    const rolledBack = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ x: 1 }).execute();
      opened();
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('roll back');
    }).catch(() => 'rolled back');
    await open;
    // Issued while the transaction is open: it waits for it, so the rollback cannot take it along.
    const single = insert({ x: 2 });
    const direct = directOf(db);
    if (direct?.kind !== 'sqlite') throw new Error('a SQLite store offers its driver');
    const both = direct.transaction((prepare) => {
      prepare('insert into t (x) values (3)').run();
    });
    await Promise.all([single, both]);
    expect(await rolledBack).toBe('rolled back');
    expect(await values()).toEqual([2, 3]);
  });
});
