import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { knownTotal, reusablePage } from '../../server/platform/db/reusablePage.js';

interface Db {
  t: { id: number; owner: number; at: number };
}

describe('paged lists built once (SQLite)', () => {
  it('is exact below the cap and says "capped" only past it, whether or not the page tells the total', async () => {
    const raw = new SQLite(':memory:');
    raw.exec('create table t (id integer primary key, owner integer not null, at integer not null); create index t_owner_at on t (owner, at)');
    const insert = raw.prepare('insert into t (owner, at) values (?, ?)');
    const sizes = [0, 1, 10, 25, 9_999, 10_000, 10_001, 12_345];
    raw.transaction(() => sizes.forEach((n, owner) => { for (let i = 0; i < n; i++) insert.run(owner, i); }))();
    const statements: string[] = [];
    const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: raw }), log: (e) => { statements.push(e.query.sql); } });
    const page = reusablePage(db, 'id', (v: { owner: number }) => {
      const filtered = db.selectFrom('t').where('owner', '=', v.owner);
      return { filtered, rows: filtered.select(['id', 'at']).orderBy('at', 'desc').orderBy('id', 'desc'), order: 'p.at desc, p.id desc' };
    });

    for (const [owner, n] of sizes.entries()) {
      for (const pageNum of [1, 2, 1_000, 1_001]) {
        statements.length = 0;
        const result = await page({ owner }, pageNum, 10);
        const expected = n > 10_000 ? { total: 10_000, totalCapped: true } : { total: n };
        expect(result, `${n} rows, page ${pageNum}`).toEqual({ ...expected, datas: expect.any(Array) });
        expect(result.datas).toHaveLength(Math.max(0, Math.min(10, n - (pageNum - 1) * 10)));
        // A page neither empty nor full, or an empty first page, is all the statements there are.
        expect(statements).toHaveLength(knownTotal((pageNum - 1) * 10, 10, result.datas.length) === null ? 2 : 1);
      }
    }
    await db.destroy();
  });

  it('knows a total from a page only when the page ends the list', () => {
    expect(knownTotal(0, 10, 0)).toBe(0);
    expect(knownTotal(0, 10, 3)).toBe(3);
    expect(knownTotal(20, 10, 7)).toBe(27);
    expect(knownTotal(0, 10, 10)).toBeNull();
    expect(knownTotal(20, 10, 0)).toBeNull();
  });
});
