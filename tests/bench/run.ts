/**
 * Benchmarks of DESIGN.md §8, each judged as a ratio against a baseline measured in the same run
 * on the same machine, on SQLite and then on PostgreSQL:
 *
 *   npm run bench                                   # both stores, a few minutes each
 *   npm run bench -- --store=sqlite                 # one store (or BENCH_STORES=postgres)
 *   BENCH_SECONDS=600 npm run bench -- --soak       # mixed load, memory growth per 10,000 requests
 *   npm run bench -- --cluster 3                    # 3 instances behind HAProxy on PostgreSQL: costs, failover (cluster.ts)
 *
 * BENCH_SECONDS (per measurement), BENCH_USERS, BENCH_LOG_ROWS size it. PostgreSQL is
 * DATABASE_URL when it names one, else postgres://postgres@127.0.0.1:5432/test; the run makes a
 * fresh schema there and drops it. The portal, the bare Fastify route and the load generator
 * (tests/bench/load.ts) each run in a process of their own on 127.0.0.1. Every run writes its
 * numbers to tests/bench/results/<time>-<store>.json (git-ignored) so runs can be compared.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Job, LoadMessage, Scenario, ScenarioResult } from './load.js';
import { sm2Encryptor } from '../support/sm2Encrypt.js';
import { clusterBench } from './cluster.js';
import { benchSize, postgresAnswers } from './postgres.js';
import { oidcBench } from './oidc.js';
import { capacityVerdict, EQUAL_RATE, warmupFor, type Verdict } from './capacity.js';
import { quantile, type OpenLoopJob, type OpenLoopResult } from './openLoop.js';

const args = process.argv.slice(2);
const soak = args.includes('--soak');
const seconds = Number(process.env.BENCH_SECONDS ?? (soak ? 600 : 8));
const storesWanted = (args.find((a) => a.startsWith('--store='))?.slice(8) ?? process.env.BENCH_STORES ?? 'sqlite,postgres').split(',');
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgres://postgres@127.0.0.1:5432/test';
const size = benchSize({ users: 100_000, logRows: 1_000_000 });
const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const PASSWORD = 'Idaas@2026';
const fmt = (n: number) => n.toFixed(1);
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;


interface Server {
  address: string;
  child: ChildProcess;
  stop: () => void;
}

/** tests/bench/server.ts in its own process: the portal on a seeded store, or the bare route. */
function startServer(mode: 'app' | 'bare', env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, '--import', 'tsx', 'tests/bench/server.ts', mode], {
      env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ address: out.split('\n')[0].trim(), child, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code, signal) => reject(new Error(`bench server (${mode}) exited with ${code ?? signal}`)));
  });
}

/** Runs one job in a fresh load-generator process; `onProgress` hears the answered count every second. */
function load(job: Job, onProgress?: (answered: number) => void): Promise<ScenarioResult[]> {
  return new Promise((resolve, reject) => {
    const child = fork('tests/bench/load.ts', [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: LoadMessage) => {
      if (message.type === 'progress') onProgress?.(message.answered);
      else if (message.type === 'done') resolve(message.results);
    });
    child.on('exit', (code) => (code ? reject(new Error(`load generator exited with ${code}`)) : undefined));
    child.send(job);
  });
}

/** An open-loop job (openLoop.ts) in a fresh load-generator process. */
function openLoadOf(job: OpenLoopJob): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const child = fork('tests/bench/load.ts', [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: LoadMessage) => { if (message.type === 'open-loop') resolve(message.result); });
    child.on('exit', (code) => (code ? reject(new Error(`load generator exited with ${code}`)) : undefined));
    child.send({ openLoop: job });
  });
}

/** Seconds of load before each measurement's clock starts. */
const warmupSeconds = warmupFor(seconds);
/** A folder for CPU profiles of the portal during each measurement (open them in Chrome's DevTools). */
const profileDir = process.env.BENCH_PROFILE;

function ask(server: Server, message: unknown, answer: string): Promise<void> {
  return new Promise((resolve) => {
    const listen = (m: unknown) => {
      if (m !== answer) return;
      server.child.off('message', listen);
      resolve();
    };
    server.child.on('message', listen);
    server.child.send(message as string);
  });
}

function cpuOf(server: Server): Promise<{ cpuMicros: number; mainThreadMicros: number | null }> {
  return new Promise((resolve) => {
    server.child.once('message', (m) => resolve(m as { cpuMicros: number; mainThreadMicros: number | null }));
    server.child.send('cpu');
  });
}

function memoryOf(server: Server): Promise<{ rss: number; heapUsed: number }> {
  return new Promise((resolve) => {
    server.child.once('message', (m) => resolve(m as { rss: number; heapUsed: number }));
    server.child.send('memory');
  });
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den ? num / den : 0;
}

const failed = (r: ScenarioResult) => (r.failures ? `, ${r.failures} failed (${r.firstFailure ?? 'connection'})` : '');
const latencyText = (r: ScenarioResult) => `p50 ${r.latency.p50} p95 ${r.latency.p95} p99 ${r.latency.p99} ms`;

async function benchStore(store: 'sqlite' | 'postgres'): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-'));
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  let databaseUrl = `file:${join(dir, 'bench.db')}`;
  if (store === 'postgres') {
    const url = new URL(postgresUrl);
    url.searchParams.set('schema', schema);
    databaseUrl = url.toString();
  }
  const label = store === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const startedAt = new Date();
  const load1 = loadavg()[0];
  console.log(`\n== ${label}: ${soak ? 'soak, ' : ''}${seconds}s per measurement; ${size.users} users, ${size.logRows} log rows; load average ${load1.toFixed(2)} on ${cpus().length} cores`);
  const servers: Server[] = [];
  const verdicts: Verdict[] = [];
  const measurements: Record<string, unknown> = {};
  const judge = (v: Verdict) => {
    verdicts.push(v);
    console.log(`${v.pass ? 'PASS' : 'FAIL'}  ${v.label.padEnd(44)} ${v.value.padEnd(46)} budget ${v.budget}`);
  };
  try {
    const app = await startServer('app', { DATABASE_URL: databaseUrl, BENCH_SIZE: JSON.stringify(size) }, soak ? ['--expose-gc'] : []);
    servers.push(app);
    const bare = await startServer('bare', { BENCH_SESSION_DB: databaseUrl });
    servers.push(bare);
    const base = app.address;
    const headers = { 'content-type': 'application/json', 'x-client-id': 'bench' };

    const key = ((await (await fetch(`${base}/idaas/auth/v1/sm2_key`)).json()) as { data: { pubX: string; pubY: string } }).data;
    const publicKey = `04${key.pubX}${key.pubY}`;
    const encrypt = sm2Encryptor(publicKey);
    const signIn = async (account: string) => {
      const res = await fetch(`${base}/idaas/auth/v1/login-check`, { method: 'POST', headers, body: JSON.stringify({ userId: encrypt(account), password: encrypt(PASSWORD) }) });
      const body = (await res.json()) as { code: string };
      if (body.code !== 'D00000') throw new Error(`${account} could not sign in: ${body.code}`);
      return res.headers.get('set-cookie')!.split(';')[0];
    };
    const lisi = await signIn('lisi');
    // The bulk employees share lisi's password; sign-ins rotate over them (load.ts).
    const signInAccounts = Array.from({ length: Math.min(size.users, 1000) }, (_, i) => `bulk${String(i).padStart(6, '0')}`);
    await signIn(signInAccounts[0]);
    const zhangsan = await signIn('zhangsan');
    /**
     * One scenario measured alone, with the server's CPU time per request: on a machine others
     * share, throughput follows the share of the cores a process gets, CPU time per request much less.
     */
    const one = async (scenario: Scenario): Promise<ScenarioResult & { serverCpuMicros: number; mainThreadCpuMicros: number | null }> => {
      const server = scenario.url.startsWith(base) ? app : bare;
      const profiled = profileDir && server === app;
      if (profiled) await ask(app, 'profile-start', 'profiling');
      const cpuBefore = await cpuOf(server);
      const [result] = await load({ seconds, warmupSeconds, scenarios: [scenario] });
      const cpuAfter = await cpuOf(server);
      const answered = Math.max(1, result.requests + result.warmupRequests);
      const serverCpuMicros = (cpuAfter.cpuMicros - cpuBefore.cpuMicros) / answered;
      const mainThread = cpuAfter.mainThreadMicros !== null && cpuBefore.mainThreadMicros !== null ? (cpuAfter.mainThreadMicros - cpuBefore.mainThreadMicros) / answered : null;
      if (profiled) {
        mkdirSync(profileDir, { recursive: true });
        await ask(app, { profileTo: join(profileDir, `${store}-${scenario.name.replace(/\W+/g, '-')}.cpuprofile`) }, 'profiled');
      }
      return { ...result, serverCpuMicros: Math.round(serverCpuMicros), mainThreadCpuMicros: mainThread === null ? null : Math.round(mainThread) };
    };
    const post = (name: string, path: string, body: string, cookie: string, connections = 10): Scenario =>
      ({ name, url: `${base}${path}`, method: 'POST', headers: { ...headers, cookie }, body, connections });
    /** Fresh password sign-ins, to the portal or to another route taking the same body (the sign-in floor). */
    const signIns = (connections: number, prepared: number, at = { name: 'password sign-in', url: `${base}/idaas/auth/v1/login-check`, publicKey }): Scenario => ({
      name: at.name, url: at.url, method: 'POST', headers, connections,
      signIn: { accounts: signInAccounts, password: PASSWORD, publicKey: at.publicKey, deviceId: 'bench', prepared },
    });
    const myRequests = post('my requests (paged list)', '/idaas/auty/v1/apply/page-list/by-apply-user-id', '{"pageNum":1,"pageSize":10}', lisi);
    const launches = post('SSO launch (apply-token)', '/idaas/auth/v1/apply-token', '{"clientId":"mail-client"}', lisi);
    const probe = (await (await fetch(launches.url, { method: 'POST', headers: launches.headers, body: launches.body })).json()) as { code: string };
    if (probe.code !== 'D00000') throw new Error(`lisi cannot launch mail-client: ${probe.code}`);

    if (soak) {
      const samples: { answered: number; rss: number; heapUsed: number }[] = [];
      let sampling = Promise.resolve();
      let ticks = 0;
      const results = await load({ seconds, warmupSeconds, scenarios: [signIns(2, 100 * seconds), { ...myRequests, connections: 4 }, { ...launches, connections: 4 }] }, (answered) => {
        // One sample every five seconds; a full collection first, so heap growth is what stays.
        if (ticks++ % 5 === 0) sampling = sampling.then(async () => { samples.push({ answered, ...(await memoryOf(app)) }); });
      });
      await sampling;
      const steady = samples.slice(Math.floor(samples.length / 10));
      const per10k = (key: 'rss' | 'heapUsed') => (slope(steady.map((s) => ({ x: s.answered, y: s[key] }))) * 10_000) / 1024;
      const total = results.reduce((s, r) => s + r.requests, 0);
      for (const r of results) console.log(`      ${r.name.padEnd(40)} ${fmt(r.perSecond)}/s, ${latencyText(r)}${failed(r)}`);
      const first = steady[0];
      const last = steady.at(-1);
      console.log(`      ${total} requests; RSS ${((first?.rss ?? 0) / 2 ** 20).toFixed(1)} → ${((last?.rss ?? 0) / 2 ** 20).toFixed(1)} MB; growth per 10,000 requests after warm-up: RSS ${per10k('rss').toFixed(1)} KB, heap ${per10k('heapUsed').toFixed(1)} KB`);
      Object.assign(measurements, { soak: { results, samples, rssKbPer10k: per10k('rss'), heapKbPer10k: per10k('heapUsed') } });
      const failures = results.reduce((n, r) => n + r.failures, 0);
      judge({ label: 'soak: memory growth per 10,000 requests', value: `RSS ${per10k('rss').toFixed(1)} KB, heap ${per10k('heapUsed').toFixed(1)} KB${failures ? `, ${failures} failed` : ''}`, budget: '<= 1 MB', pass: per10k('rss') <= 1024 && per10k('heapUsed') <= 1024 && !failures });
    } else {
      // 1. Password sign-in against its floor: two SM2 decryptions, one argon2 verify, one session insert (floorSignIn.ts).
      const floorKey = ((await (await fetch(`${bare.address}/floor-sign-in/key`)).json()) as { publicKey: string }).publicKey;
      // Twice as many in flight as libuv threads: while some decrypt or write, the pool still has work.
      const inFlight = threads * 2;
      const prepared = (perSecond: number) => Math.ceil(perSecond * (seconds + warmupSeconds) * 1.3) + 50;
      const floor = await one(signIns(inFlight, prepared(120), { name: 'sign-in floor', url: `${bare.address}/floor-sign-in`, publicKey: floorKey }));
      const logins = await one(signIns(inFlight, prepared(floor.perSecond)));
      measurements.signInFloor = floor;
      measurements.signIn = logins;
      judge({ label: 'password sign-in vs its floor', value: `${fmt(logins.perSecond)}/s vs ${fmt(floor.perSecond)}/s = ${pct(logins.perSecond, floor.perSecond)}${failed(logins)}${failed(floor)}`, budget: '>= 85%', pass: logins.perSecond >= 0.85 * floor.perSecond && !logins.failures && !floor.failures });
      console.log(`      server CPU per sign-in ${logins.serverCpuMicros} µs vs ${floor.serverCpuMicros} µs (floor) = ${pct(floor.serverCpuMicros, logins.serverCpuMicros)} by CPU; JavaScript thread ${logins.mainThreadCpuMicros ?? '?'} vs ${floor.mainThreadCpuMicros ?? '?'} µs`);

      // 2. Session-checked reads as capacity against the session floor (capacity.ts): a bare
      // route reading its cookie's session row, both offered the same constant load in turn.
      const target = (server: Server, name: string, url: string, cookie: string, body: string) =>
        ({ request: { name, url, headers: { ...headers, cookie }, body }, cpuMicros: async () => (await cpuOf(server)).cpuMicros });
      const sessionFloor = target(bare, 'session floor', `${bare.address}/bare-session`, lisi, '{}');
      const reads = [];
      for (const [name, path, body, cookie, budget] of [
        ['current-user-detail', '/idaas/personal/v1/current-user-detail', '{}', lisi, 0.6],
        ['my requests', '/idaas/auty/v1/apply/page-list/by-apply-user-id', '{"pageNum":1,"pageSize":10}', lisi, 0.4],
        ['approval queue (zhangsan)', '/idaas/auty/v1/apply/page-list/by-approval-user-id', '{"pageNum":1,"pageSize":10}', zhangsan, 0.4],
        ['app-access log, 1st page (lisi)', '/idaas/personal/v1/login-history/page-list', '{"logType":7,"pageNum":1,"pageSize":10}', lisi, 0.4],
      ] as const) {
        const verdict = await capacityVerdict(`${name} vs session floor`, target(app, name, `${base}${path}`, cookie, body), sessionFloor, budget, seconds, openLoadOf);
        verdicts.push(verdict);
        reads.push(verdict);
      }
      Object.assign(measurements, { equalRate: EQUAL_RATE, sessionReads: reads });
      console.log(`      (CPU per request of the route / of the session floor, each round both offered ${EQUAL_RATE}/s)`);

      // 3. List latency at a constant offered load (open loop), the lists mixed.
      const lists = [
        ['app-access log, 1st page', '/idaas/personal/v1/login-history/page-list', '{"logType":7,"pageNum":1,"pageSize":10}', lisi],
        ['app-access log, page 200, failures', '/idaas/personal/v1/login-history/page-list', '{"logType":7,"isSuccess":0,"pageNum":200,"pageSize":10}', lisi],
        ['my requests', '/idaas/auty/v1/apply/page-list/by-apply-user-id', '{"pageNum":1,"pageSize":10}', lisi],
        ['approval queue', '/idaas/auty/v1/apply/page-list/by-approval-user-id', '{"pageNum":1,"pageSize":10}', zhangsan],
        ['group members (5k), page 3', '/idaas/personal/v1/group/member/page-list', '{"groupCode":"ML-RD-ALL","pageNum":3,"pageSize":20}', zhangsan],
        ['people search', '/idaas/personal/v1/page/normal/by-userid-or-name', '{"keyWord":"bulk0099","pageNum":1,"pageSize":10}', zhangsan],
      ].map(([name, path, body, cookie]) => ({ name, url: `${base}${path}`, headers: { ...headers, cookie }, body }));
      const open = await openLoadOf({ ratePerSecond: 200, seconds: Math.max(seconds, 10), warmupSeconds, requests: lists });
      const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(open.latencies, q));
      measurements.openLoop = { offered: open.offered, answered: open.answered, failures: open.failures, p50, p95, p99 };
      judge({ label: 'mixed lists at 200/s offered (open loop)', value: `p50 ${p50} p95 ${p95} p99 ${p99} ms, ${open.answered}/${open.offered} answered${open.failures ? `, ${open.failures} failed (${open.firstFailure})` : ''}`, budget: 'p95 <= 20, p99 <= 50 ms', pass: p95 <= 20 && p99 <= 50 && !open.failures && open.answered === open.offered });
      for (const [name, times] of Object.entries(open.byName)) console.log(`      ${name.padEnd(40)} p50 ${quantile(times, 0.5)} p95 ${quantile(times, 0.95)} p99 ${quantile(times, 0.99)} ms`);

      // 4. Mixed load: sign-ins, lists and launches at once, each reported (no budget of its own).
      const mixed = await load({ seconds, warmupSeconds, scenarios: [signIns(2, prepared(floor.perSecond)), { ...myRequests, connections: 4 }, { ...launches, connections: 4 }] });
      measurements.mixed = mixed;
      console.log('      mixed load, together:');
      for (const r of mixed) console.log(`      ${r.name.padEnd(40)} ${fmt(r.perSecond)}/s, ${latencyText(r)}${failed(r)}`);
    }
  } finally {
    for (const server of servers) server.stop();
    if (store === 'postgres') {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
  // The OpenID Connect budgets: a portal of its own (demo data) against a standalone oidc-provider (oidc.ts).
  if (!soak) verdicts.push(...(await oidcBench(store, postgresUrl)));
  const results = join('tests', 'bench', 'results');
  mkdirSync(results, { recursive: true });
  const file = join(results, `${startedAt.toISOString().replace(/[:.]/g, '-')}-${store}${soak ? '-soak' : ''}.json`);
  writeFileSync(file, `${JSON.stringify({
    store, soak, startedAt: startedAt.toISOString(), seconds, size, threads, node: process.version, cpus: cpus().length,
    loadAverage: { before: load1, after: loadavg()[0] }, verdicts, measurements,
  }, null, 2)}\n`);
  console.log(`      results: ${file}; load average ${loadavg()[0].toFixed(2)} at the end`);
}

const postgresReachable = () => postgresAnswers(postgresUrl);

/** `--cluster N` or `--cluster=N`: the number of instances, or null. */
function clusterSize(): number | null {
  const at = args.findIndex((a) => a === '--cluster' || a.startsWith('--cluster='));
  if (at < 0) return null;
  return Number(args[at].includes('=') ? args[at].split('=')[1] : (args[at + 1] ?? 3));
}

async function main(): Promise<void> {
  const cluster = clusterSize();
  if (cluster !== null) {
    if (!(await postgresReachable())) throw new Error(`--cluster needs PostgreSQL: nothing answers at ${postgresUrl}`);
    await clusterBench(cluster, postgresUrl);
    return;
  }
  if (storesWanted.includes('sqlite')) await benchStore('sqlite');
  if (storesWanted.includes('postgres')) {
    if (await postgresReachable()) await benchStore('postgres');
    else console.log(`\n== PostgreSQL: skipped, nothing answers at ${postgresUrl}`);
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
