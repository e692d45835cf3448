/**
 * The session-checked reads of DESIGN.md §8 measured in one process, without sockets or a load
 * generator: CPU microseconds and statements per call of each read against the session floor (a
 * bare route reading its cookie's session row through the same store), each through `inject`.
 * On a shared two-core machine a closed or open loop over HTTP moves by more than the changes it
 * judges; CPU time of many calls in one process, and statement counts, move much less.
 *
 *   npx tsx tests/bench/readsInProcess.ts                      # SQLite (a file kept in BENCH_DIR)
 *   BENCH_STORE=postgres npx tsx tests/bench/readsInProcess.ts # a schema kept at BENCH_PG_URL
 *
 * BENCH_PG_SCHEMA names the PostgreSQL schema (reads_bench_<size> by default).
 * BENCH_CALLS (4,000) calls per round, BENCH_ROUNDS (3) rounds, median round; BENCH_USERS,
 * BENCH_LOG_ROWS size the seeded store (20,000 and 200,000: lisi's 50,000 log rows, the queue's
 * 20,000 requests and the count caps are those of the full bench). The seeded store is kept and
 * reused while its size is unchanged; BENCH_FRESH=1 seeds again.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Session } from 'node:inspector/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { seedBulk } from '../../server/demo/seedBulk.js';
import { sha256 } from '../../server/platform/lib/crypto.js';
import { reusable } from '../../server/platform/db/reusable.js';
import { metrics } from '../../server/platform/ops/metrics.js';
import { sm2Encryptor } from '../support/sm2Encrypt.js';
import { benchSize } from './postgres.js';

const store = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'sqlite';
const calls = Number(process.env.BENCH_CALLS ?? 4000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const size = benchSize({ users: 20_000, logRows: 200_000 });
const sizeTag = `${size.users}_${size.logRows}`;
const dir = process.env.BENCH_DIR ?? join(tmpdir(), 'idaas-reads-bench');
mkdirSync(dir, { recursive: true });
const fresh = process.env.BENCH_FRESH === '1';

let databaseUrl: string;
let seeded: boolean;
if (store === 'sqlite') {
  const file = join(dir, `reads-${sizeTag}.db`);
  if (fresh) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  seeded = existsSync(file);
  databaseUrl = `file:${file}`;
} else {
  const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = process.env.BENCH_PG_SCHEMA ?? `reads_bench_${sizeTag}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  if (fresh) await client.query(`drop schema if exists ${schema} cascade`);
  seeded = (await client.query('select 1 from pg_namespace where nspname = $1', [schema])).rowCount === 1;
  await client.end();
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  databaseUrl = url.toString();
}

const config = readConfig({ ...process.env, IDAAS_MODE: 'test', DATABASE_URL: databaseUrl, LOGIN_IP_FAILURES_PER_HOUR: '1000000' }, { staticDir: null });
const app = await buildApp({ config });
if (!seeded) {
  const started = Date.now();
  await seedBulk(app.store, Date.now(), size);
  await (app.store.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(app.store.db);
  console.error(`seeded in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

// Statements counted where every one is reported (connect.ts hands Kysely's log to metrics.query).
let statements = 0;
const report = metrics.query.bind(metrics);
metrics.query = (kind, ms, failed) => {
  statements++;
  report(kind, ms, failed);
};

const headers = { 'content-type': 'application/json', 'x-client-id': 'bench' };
const key = (await app.inject({ method: 'GET', url: '/idaas/auth/v1/sm2_key' })).json() as { data: { pubX: string; pubY: string } };
const encrypt = sm2Encryptor(`04${key.data.pubX}${key.data.pubY}`);
async function signIn(account: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/idaas/auth/v1/login-check', headers, payload: { userId: encrypt(account), password: encrypt('Idaas@2026') } });
  if (res.json<{ code: string }>().code !== 'D00000') throw new Error(`${account} could not sign in: ${res.body}`);
  return String(res.headers['set-cookie']).split(';')[0];
}
const lisi = await signIn('lisi');
const zhangsan = await signIn('zhangsan');

// The session floor of tests/bench/server.ts, on the same store.
const bare = Fastify();
const db = app.store.db;
const byHash = reusable(db, (v: { hash: string }) => db.selectFrom('sessions').select(['user_ref', 'expires_at']).where('token_hash', '=', v.hash));
bare.post('/bare-session', async (request, reply) => {
  const token = /(?:^|;\s*)idaas_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const [row] = token ? await byHash({ hash: sha256(token) }) : [];
  if (!row) return reply.code(401).send({ code: 'E00009' });
  return { code: 'D00000', message: '成功', data: { userId: 'lisi', userName: '李四' } };
});
await bare.ready();

interface Read {
  name: string;
  on: FastifyInstance;
  url: string;
  body: string;
  cookie: string;
}
const allReads: Read[] = [
  { name: 'session floor', on: bare, url: '/bare-session', body: '{}', cookie: lisi },
  { name: 'current-user-detail', on: app, url: '/idaas/personal/v1/current-user-detail', body: '{}', cookie: lisi },
  { name: 'my requests', on: app, url: '/idaas/auty/v1/apply/page-list/by-apply-user-id', body: '{"pageNum":1,"pageSize":10}', cookie: lisi },
  { name: 'approval queue', on: app, url: '/idaas/auty/v1/apply/page-list/by-approval-user-id', body: '{"pageNum":1,"pageSize":10}', cookie: zhangsan },
  { name: 'access log, 1st page', on: app, url: '/idaas/personal/v1/login-history/page-list', body: '{"logType":7,"pageNum":1,"pageSize":10}', cookie: lisi },
];
// BENCH_ONLY=name,name: those reads alone (a CPU profile of one read), the floor always; a name
// may be the start of one ("access log", whose own name has a comma).
const only = process.env.BENCH_ONLY?.split(',').map((o) => o.trim()).filter(Boolean);
// A profile is of the named reads only.
const reads = allReads.filter((r) => !only || (r.name === 'session floor' && !process.env.BENCH_PROFILE) || only.some((o) => r.name.startsWith(o)));

async function measure(read: Read, n: number): Promise<{ cpu: number; statements: number; body: string }> {
  let body = '';
  const before = process.cpuUsage();
  const counted = statements;
  for (let i = 0; i < n; i++) {
    const res = await read.on.inject({ method: 'POST', url: read.url, headers: { ...headers, cookie: read.cookie }, payload: read.body });
    if (res.statusCode !== 200) throw new Error(`${read.name}: ${res.statusCode} ${res.body}`);
    body = res.body;
  }
  const used = process.cpuUsage(before);
  return { cpu: (used.user + used.system) / n, statements: (statements - counted) / n, body };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = new Map<string, { cpu: number[]; statements: number; body: string }>();
for (const read of reads) await measure(read, Math.min(calls, 1000));
// BENCH_PROFILE=file: a CPU profile of the measured rounds only (not of start-up and seeding).
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
for (let round = 0; round < rounds; round++) {
  for (const read of reads) {
    const m = await measure(read, calls);
    const r = results.get(read.name) ?? { cpu: [], statements: m.statements, body: m.body };
    r.cpu.push(m.cpu);
    results.set(read.name, r);
  }
}
if (profiler) writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify((await profiler.post('Profiler.stop')).profile));
const floors = results.get('session floor')?.cpu ?? [];
console.log(`${store}, ${size.users} users, ${size.logRows} log rows, ${calls} calls × ${rounds} rounds, in-process CPU per call (median round, least round; the floor's over the route's in the same round, median):`);
for (const [name, r] of results) {
  const ratio = floors.length ? `${(100 * median(r.cpu.map((cpu, i) => floors[i] / cpu))).toFixed(0)}%` : '-';
  console.log(`  ${name.padEnd(22)} ${median(r.cpu).toFixed(0).padStart(6)} µs, least ${Math.min(...r.cpu).toFixed(0).padStart(5)} µs  ${r.statements.toFixed(2)} statements  floor/route ${ratio}`);
}
if (process.env.BENCH_SHOW) for (const [name, r] of results) console.log(`${name}: ${r.body}`);
await bare.close();
await app.close();
