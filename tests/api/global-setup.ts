import net from 'node:net';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

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
    pgBaseUrl: string | null;
    pgRunPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const explicit = process.env.TEST_DATABASE_URL;
  const base = explicit ?? ((await reachable('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : null);
  const prefix = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  if (!base) console.warn('NOTICE: no PostgreSQL answers on 127.0.0.1:5432 and TEST_DATABASE_URL is unset — the PostgreSQL API runs are skipped.');
  project.provide('pgBaseUrl', base);
  project.provide('pgRunPrefix', prefix);
  return async () => {
    if (!base) return;
    // Drop every schema this run created (one per test file).
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [`${prefix}%`]);
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    await client.end();
  };
}
