import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../server/platform/db/statementCache.js';

describe('SQLite statement cache', () => {
  it('reuses a prepared statement for the same SQL and still answers fresh data', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw);
    db.prepare('create table t (v integer)').run([]);
    const insert = db.prepare('insert into t (v) values (?)');
    expect(db.prepare('insert into t (v) values (?)')).toBe(insert);
    insert.run([1]);
    db.prepare('insert into t (v) values (?)').run([2]);
    expect(db.prepare('select sum(v) as s from t').all([])).toEqual([{ s: 3 }]);
    db.prepare('insert into t (v) values (?)').run([4]);
    expect(db.prepare('select sum(v) as s from t').all([])).toEqual([{ s: 7 }]);
    db.close();
  });

  it('keeps working past its cap of distinct statements', () => {
    const db = withStatementCache(new SQLite(':memory:'));
    for (let i = 0; i < 1200; i++) expect(db.prepare(`select ${i} as n`).all([])).toEqual([{ n: i }]);
    db.close();
  });
});
