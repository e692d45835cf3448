import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { BulkSize } from '../../server/demo/seedBulk.js';

/** Whether a PostgreSQL server answers at `url` within 1.5 s: a bench measures that store only when one does. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops a bench's schema at the database `databaseUrl` names (its own ?schema= left out). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`drop schema if exists "${schema.replace(/"/g, '')}" cascade`);
  await client.end();
}

/** Drops the schema a store's URL names (`?schema=`); a SQLite store has none and nothing is done. */
export async function dropSchemaOf(databaseUrl: string): Promise<void> {
  const schema = databaseUrl.startsWith('postgres') ? new URL(databaseUrl).searchParams.get('schema') : null;
  if (schema) await dropSchema(databaseUrl, schema);
}

/** The bulk data a bench seeds (server/demo/seedBulk.ts): BENCH_USERS and BENCH_LOG_ROWS over the bench's own defaults. */
export function benchSize(defaults: { users: number; logRows: number }): BulkSize {
  return {
    users: Number(process.env.BENCH_USERS ?? defaults.users),
    logRows: Number(process.env.BENCH_LOG_ROWS ?? defaults.logRows),
    logRowsForReader: 50_000,
    pendingRequests: 20_000,
    groupMembers: 5_000,
  };
}

/**
 * Runs a bench on SQLite (files under `dir`), then on PostgreSQL (BENCH_PG_URL or the local
 * server) in schemas of its own, dropped afterwards, when one answers: whether each run passed.
 */
export async function onBothStores(dir: string, schemaPrefix: string, bench: (store: string, urlFor: (label: string) => string) => Promise<boolean>): Promise<boolean[]> {
  const results = [await bench('SQLite', (label) => `file:${join(dir, label, 'idaas.db')}`)];
  const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await postgresAnswers(pgBase))) {
    console.log(`PostgreSQL: ${pgBase} does not answer; skipped`);
    return results;
  }
  const schemas: string[] = [];
  try {
    results.push(await bench('PostgreSQL', (label) => {
      const url = new URL(pgBase);
      const schema = `${schemaPrefix}_${label}_${process.pid}`;
      schemas.push(schema);
      url.searchParams.set('schema', schema);
      return url.toString();
    }));
  } finally {
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
  return results;
}

/**
 * Runs `measure` on a SQLite file in a temporary folder, then on PostgreSQL (BENCH_PG_URL or the
 * local server, when one answers) in a schema of its own, dropped afterwards. STORE=sqlite or
 * STORE=postgres keeps to one.
 */
export async function onEachStore(prefix: string, measure: (store: 'SQLite' | 'PostgreSQL', databaseUrl: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `idaas-${prefix}-`));
  try {
    if (process.env.STORE !== 'postgres') await measure('SQLite', `file:${join(dir, 'idaas.db')}`);
    const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    if (process.env.STORE !== 'sqlite' && (await postgresAnswers(pgBase))) {
      const schema = `${prefix.replace(/-/g, '_')}_${process.pid}`;
      const url = new URL(pgBase);
      url.searchParams.set('schema', schema);
      try {
        await measure('PostgreSQL', url.toString());
      } finally {
        await dropSchema(url.toString(), schema);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
