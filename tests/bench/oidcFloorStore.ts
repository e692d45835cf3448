/**
 * A second reference for the OpenID Connect bench (tests/bench/oidc.ts), measured but not a budget:
 * the floor provider of oidcFloor.ts with its records in a store of the portal's kind instead of
 * memory. A provider that several instances share must write its codes and tokens somewhere they
 * all read; this adapter is the least that takes: one table, each adapter call one statement on the
 * driver (better-sqlite3, or a pg pool), no query builder, no combined reads. The gap between the
 * two floors is what persistence costs; the portal's place between them says how much of its own
 * gap is that.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';

type Payload = Record<string, unknown>;
interface Adapter {
  upsert(id: string, payload: Payload, expiresIn: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

const TABLE = 'floor_oidc';
const COLUMNS = 'kind text not null, id text not null, payload text not null, grant_id text, uid text, user_code text, expires_at bigint, consumed_at bigint, primary key (kind, id)';

/** What a statement needs, the same on both drivers: `?` placeholders, rows as objects. */
interface Driver {
  run(sql: string, params: unknown[]): Promise<void>;
  one(sql: string, params: unknown[]): Promise<{ payload: string; consumed_at: number | string | null; expires_at: number | string | null } | undefined>;
}

function sqliteDriver(file: string): Driver {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table if not exists ${TABLE} (${COLUMNS})`);
  db.exec(`create index if not exists ${TABLE}_grant on ${TABLE} (grant_id)`);
  const statements = new Map<string, SQLite.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  return {
    run: async (sql, params) => { prepared(sql).run(...params); },
    one: async (sql, params) => prepared(sql).get(...params) as Awaited<ReturnType<Driver['one']>>,
  };
}

async function postgresDriver(url: string): Promise<Driver> {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const pool = new pg.Pool({ connectionString: parsed.toString(), max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await pool.query(`create table if not exists ${TABLE} (${COLUMNS})`);
  await pool.query(`create index if not exists ${TABLE}_grant on ${TABLE} (grant_id)`);
  // Named statements: parsed and planned once per connection, as the portal's are. Each SQL text
  // gets its name and numbered placeholders once, not on every call.
  const named = new Map<string, { name: string; text: string }>();
  const query = (sql: string, values: unknown[]) => {
    let statement = named.get(sql);
    if (!statement) {
      let i = 0;
      named.set(sql, (statement = { name: `floor_${named.size}`, text: sql.replace(/\?/g, () => `$${++i}`) }));
    }
    return pool.query({ ...statement, values });
  };
  return {
    run: async (sql, params) => { await query(sql, params); },
    one: async (sql, params) => (await query(sql, params)).rows[0],
  };
}

/** The floor's adapter factory on the store `databaseUrl` names (`file:` SQLite, else PostgreSQL). */
export async function storedAdapter(databaseUrl: string): Promise<(model: string) => Adapter> {
  const driver = databaseUrl.startsWith('file:') ? sqliteDriver(databaseUrl.slice(5)) : await postgresDriver(databaseUrl);
  const now = () => Math.floor(Date.now() / 1000);
  const live = async (sql: string, params: unknown[]): Promise<Payload | undefined> => {
    const row = await driver.one(sql, params);
    if (!row || (row.expires_at !== null && Number(row.expires_at) <= now())) return undefined;
    const payload = JSON.parse(row.payload) as Payload;
    return row.consumed_at === null ? payload : { ...payload, consumed: Number(row.consumed_at) };
  };
  return (kind) => ({
    upsert: (id, payload, expiresIn) => driver.run(
      `insert into ${TABLE} (kind, id, payload, grant_id, uid, user_code, expires_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (kind, id) do update set payload = excluded.payload, expires_at = excluded.expires_at`,
      [kind, id, JSON.stringify(payload), payload.grantId ?? null, payload.uid ?? null, payload.userCode ?? null, expiresIn ? now() + expiresIn : null],
    ),
    find: (id) => live(`select payload, consumed_at, expires_at from ${TABLE} where kind = ? and id = ?`, [kind, id]),
    findByUid: (uid) => live(`select payload, consumed_at, expires_at from ${TABLE} where kind = ? and uid = ?`, [kind, uid]),
    findByUserCode: (userCode) => live(`select payload, consumed_at, expires_at from ${TABLE} where kind = ? and user_code = ?`, [kind, userCode]),
    consume: (id) => driver.run(`update ${TABLE} set consumed_at = ? where kind = ? and id = ?`, [now(), kind, id]),
    destroy: (id) => driver.run(`delete from ${TABLE} where kind = ? and id = ?`, [kind, id]),
    revokeByGrantId: (grantId) => driver.run(`delete from ${TABLE} where grant_id = ?`, [grantId]),
  });
}
