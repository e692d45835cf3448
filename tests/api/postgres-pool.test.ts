import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openPostgresPool } from '../../server/platform/db/postgresPool.js';

const base = inject('pgWorkerUrls')[0];

describe.skipIf(!base)('the PostgreSQL pool losing a connection', () => {
  it('reports a terminated idle connection once, and serves the next query on a new one', async () => {
    const lost: Error[] = [];
    const pool = openPostgresPool(base!, null, {}, (error) => lost.push(error));
    try {
      const client = await pool.connect();
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      client.release();
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      for (let i = 0; i < 50 && lost.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lost).toHaveLength(1);
      const again = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(again.rows[0].pid).not.toBe(pid);
    } finally {
      await pool.end();
    }
  });
});
