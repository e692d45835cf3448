/**
 * The process under test for tests/bench/run.ts: the real app on a bulk-seeded store, or a bare
 * Fastify route as the baseline. It prints its address on the first line of stdout, and answers
 * a 'memory' message over IPC with its memory after a full collection (the soak mode) and can
 * a 'cpu' message with the CPU time it has used, and can profile a window of a run (BENCH_PROFILE).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { seedBulk } from '../../server/demo/seedBulk.js';
import { openStore } from '../../server/platform/db/connect.js';
import { sha256 } from '../../server/platform/lib/crypto.js';
import { reusable } from '../../server/platform/db/reusable.js';
import { floorSignIn } from './floorSignIn.js';

const mode = process.argv[2];

// A clean exit on SIGTERM, so that `node --cpu-prof` writes the profile of a bench run.
process.on('SIGTERM', () => process.exit(0));

/**
 * CPU time of the JavaScript thread alone (Linux), apart from libuv's pool where argon2 runs:
 * when the pool keeps the cores busy, this thread's share decides how many sign-ins get through.
 */
function mainThreadCpuMicros(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

/** CPU profiles of a measurement window only (not of the seeding): 'profile-start', then {profileTo: file}. */
const inspector = new Session();
process.on('message', (message: unknown) => {
  if (message === 'profile-start') {
    inspector.connect();
    inspector.post('Profiler.enable', () => inspector.post('Profiler.start', () => process.send?.('profiling')));
    return;
  }
  if (typeof message === 'object' && message && 'profileTo' in message) {
    inspector.post('Profiler.stop', (err, result) => {
      writeFileSync(String(message.profileTo), JSON.stringify(err ? {} : result.profile));
      inspector.disconnect();
      process.send?.('profiled');
    });
    return;
  }
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system, mainThreadMicros: mainThreadCpuMicros() });
    return;
  }
  if (message !== 'memory') return;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed });
});

if (mode === 'bare') {
  const bare = Fastify();
  // The session floor: the least a session-checked read does — its cookie's session row, by
  // primary key, from the same store (BENCH_SESSION_DB) through the same query layer.
  if (process.env.BENCH_SESSION_DB) {
    const store = openStore(process.env.BENCH_SESSION_DB);
    const byHash = reusable(store.db, (v: { hash: string }) => store.db.selectFrom('sessions').select(['user_ref', 'expires_at']).where('token_hash', '=', v.hash));
    bare.post('/bare-session', async (request, reply) => {
      const token = /(?:^|;\s*)idaas_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
      const [row] = token ? await byHash({ hash: sha256(token) }) : [];
      if (!row) return reply.code(401).send({ code: 'E00009' });
      return { code: 'D00000', message: '成功', data: { userId: 'lisi', userName: '李四' } };
    });
    await floorSignIn(bare, store);
  }
  console.log(await bare.listen({ port: 0, host: '127.0.0.1' }));
} else {
  const config = readConfig({ ...process.env, IDAAS_MODE: 'test', LOGIN_IP_FAILURES_PER_HOUR: '1000000' }, { staticDir: null });
  const app = await buildApp({ config });
  const started = Date.now();
  await seedBulk(app.store, Date.now(), JSON.parse(process.env.BENCH_SIZE ?? '{}'));
  // Fresh statistics (and, on PostgreSQL, the visibility map index-only scans need), as a
  // production store gets from autovacuum or its maintenance job.
  await (app.store.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(app.store.db);
  console.error(`bulk seed and analyze took ${((Date.now() - started) / 1000).toFixed(1)}s`);
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
}
