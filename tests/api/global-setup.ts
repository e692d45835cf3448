import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { compileEntries, type CompiledEntry } from '../support/compiled.js';

/** PostgreSQL for the API suite: TEST_DATABASE_URL, or the local server when one answers. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One database per vitest worker (index: VITEST_POOL_ID − 1), or only the base one; none without PostgreSQL. */
    pgWorkerUrls: string[];
    pgRunPrefix: string;
    /** A SQLite file migrated and seeded as a first start in test mode leaves it, in one file (no WAL beside it). */
    sqliteTemplate: string;
    /** The PostgreSQL database holding the same, for `create database … template`; null without PostgreSQL. */
    pgTemplate: string | null;
    /** The entry points the suite starts as processes, compiled for this run (tests/support/compiled.ts). */
    compiled: Record<CompiledEntry, string>;
  }
}

/**
 * A database of its own for each worker: files run side by side, each drops its schemas when it
 * ends, and a migration lists the tables of every schema of its database (Kysely's migrator);
 * PostgreSQL fails that listing when a schema it has just seen is dropped meanwhile. Within
 * one worker, files run one after another.
 */
async function workerDatabases(base: string, prefix: string, workers: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const urls: string[] = [];
    for (let i = 1; i <= workers; i++) {
      const name = `${prefix}_w${i}`;
      await client.query(`create database "${name}"`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      urls.push(url.toString());
    }
    return urls;
  } catch (error) {
    console.warn(`NOTICE: cannot create a database per worker (${(error as Error).message}); every worker uses ${new URL(base).pathname.slice(1)}, where a file dropping its schemas can fail another's migration.`);
    return [base];
  } finally {
    await client.end();
  }
}

/** What a first start in test mode leaves in an empty store: migrations run, the demo organisation seeded. */
async function firstStart(databaseUrl: string): Promise<void> {
  const { buildApp } = await import('../../server/app.js');
  const { readConfig } = await import('../../server/platform/config.js');
  const app = await buildApp({ config: readConfig({ IDAAS_MODE: 'test', DATABASE_URL: databaseUrl }, { staticDir: null }) });
  await app.close();
}

/**
 * The seeded stores every startClient copies (harness.ts): migrating and seeding the demo
 * organisation took about 0.7 s on SQLite and 2 s on PostgreSQL per app; a copy takes a few ms.
 */
async function seededTemplates(dir: string, base: string | null, prefix: string): Promise<{ sqlite: string; pg: string | null }> {
  const sqlite = join(dir, 'template.db');
  await firstStart(`file:${sqlite}`);
  const db = new SQLite(sqlite);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  if (existsSync(`${sqlite}-wal`)) throw new Error('the SQLite template kept a WAL file');
  if (!base) return { sqlite, pg: null };
  const name = `${prefix}_template`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } catch (error) {
    console.warn(`NOTICE: cannot create a template database (${(error as Error).message}); every PostgreSQL app migrates and seeds its own schema.`);
    return { sqlite, pg: null };
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  await firstStart(url.toString());
  return { sqlite, pg: name };
}

export default async function setup(project: TestProject) {
  const explicit = process.env.TEST_DATABASE_URL;
  const base = explicit ?? ((await reachable('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : null);
  const prefix = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  if (!base) console.warn('NOTICE: no PostgreSQL answers on 127.0.0.1:5432 and TEST_DATABASE_URL is unset — the PostgreSQL API runs are skipped.');
  project.provide('pgWorkerUrls', base ? await workerDatabases(base, prefix, Math.max(1, project.globalConfig.maxWorkers)) : []);
  project.provide('pgRunPrefix', prefix);
  const dir = mkdtempSync(join(tmpdir(), 'idaas-template-'));
  // Inside the project, so the compiled files find the packages in its node_modules.
  const root = project.config.root;
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const compiledDir = mkdtempSync(join(root, '.tmp', 'vitest-compiled-'));
  const [templates, compiled] = await Promise.all([seededTemplates(dir, base, prefix), compileEntries(root, compiledDir)]);
  project.provide('compiled', compiled);
  project.provide('sqliteTemplate', templates.sqlite);
  project.provide('pgTemplate', templates.pg);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(compiledDir, { recursive: true, force: true });
    if (!base) return;
    // Drop what this run created: the template, the workers' and the files' databases, and any schema left in the base one.
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    const { rows: databases } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    for (const { datname } of databases) await client.query(`drop database if exists "${datname}" with (force)`);
    const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [`${prefix}%`]);
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    await client.end();
  };
}
