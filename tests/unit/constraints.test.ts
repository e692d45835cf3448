import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from '../../server/platform/db/constraints.js';

/** What each driver really throws, so a busy store is never mistaken for a refused write (or the reverse). */
function refusals(run: (statement: string) => Promise<unknown>) {
  const caught = async (statement: string) => run(statement).then(() => undefined, (error: unknown) => error);
  return {
    foreignKey: () => caught('insert into child (id, parent) values (1, 42)'),
    unique: () => caught('insert into parent (id) values (1)'),
  };
}

describe.each([
  ['SQLite', () => {
    const db = new SQLite(':memory:');
    db.pragma('foreign_keys = ON');
    return { run: async (s: string) => db.exec(s), close: async () => db.close() };
  }],
  ['PostgreSQL', () => {
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
    const ready = client.connect().then(() => client.query('set search_path to pg_temp'));
    return { run: async (s: string) => { await ready; return client.query(s); }, close: () => client.end() };
  }],
] as const)('constraint refusals on %s', (_name, open) => {
  const store = open();
  beforeAll(async () => {
    await store.run('create table parent (id integer primary key)');
    await store.run('create table child (id integer primary key, parent integer references parent(id))');
    await store.run('insert into parent (id) values (1)');
  });
  afterAll(() => store.close());

  it('tells a foreign key refusal from a unique one', async () => {
    const { foreignKey, unique } = refusals(store.run);
    const fk = await foreignKey();
    const dup = await unique();
    expect([isForeignKeyViolation(fk), isUniqueViolation(fk)]).toEqual([true, false]);
    expect([isForeignKeyViolation(dup), isUniqueViolation(dup)]).toEqual([false, true]);
  });

  it('calls nothing else a constraint refusal', () => {
    for (const error of [new Error('boom'), Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }), Object.assign(new Error('gone'), { code: '57P01' }), null, 'text']) {
      expect(isForeignKeyViolation(error) || isUniqueViolation(error)).toBe(false);
    }
  });
});
