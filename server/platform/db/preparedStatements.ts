import type pg from 'pg';

/** Distinct SQL texts given a server-side name; beyond it queries run unnamed, as before. */
const MAX_NAMED = 500;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A pool whose clients run each repeated query as a named prepared statement, so PostgreSQL
 * parses and analyses it once per connection instead of on every request. Kysely sends plain
 * text queries; this is the one place that turns them into `{ name, text, values }`.
 */
export function withPreparedStatements(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const prepared = new WeakSet<pg.PoolClient>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED && PREPARABLE.test(text)) {
      name = `idaas_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  Object.assign(pool, {
    async connect() {
      const client = await connect();
      if (!prepared.has(client)) {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
          const name = typeof text === 'string' && Array.isArray(values) ? nameOf(text) : undefined;
          return name ? query({ name, text, values }, callback) : query(text, values, callback);
        }) as typeof client.query;
        prepared.add(client);
      }
      return client;
    },
  });
  return pool;
}
