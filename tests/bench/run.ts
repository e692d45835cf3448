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
import { hash, verify } from '@node-rs/argon2';
import { readConfig } from '../../server/platform/config.js';
import type { Job, LoadMessage, Scenario, ScenarioResult } from './load.js';
import { sm2Encryptor } from '../support/sm2Encrypt.js';
import { clusterBench } from './cluster.js';
import { postgresAnswers } from './postgres.js';

const args = process.argv.slice(2);
const soak = args.includes('--soak');
const seconds = Number(process.env.BENCH_SECONDS ?? (soak ? 600 : 8));
const storesWanted = (args.find((a) => a.startsWith('--store='))?.slice(8) ?? process.env.BENCH_STORES ?? 'sqlite,postgres').split(',');
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgres://postgres@127.0.0.1:5432/test';
const size = {
  users: Number(process.env.BENCH_USERS ?? 100_000),
  logRows: Number(process.env.BENCH_LOG_ROWS ?? 1_000_000),
  logRowsForReader: 50_000,
  pendingRequests: 20_000,
  groupMembers: 5_000,
};
const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const PASSWORD = 'Idaas@2026';
const fmt = (n: number) => n.toFixed(1);

interface Verdict {
  label: string;
  value: string;
  budget: string;
  pass: boolean;
}

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
      else resolve(message.results);
    });
    child.on('exit', (code) => (code ? reject(new Error(`load generator exited with ${code}`)) : undefined));
    child.send(job);
  });
}

/** Seconds of load before each measurement's clock starts. */
const warmupSeconds = Math.min(2, Math.max(1, Math.round(seconds / 4)));
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

/** Raw argon2 verifications per second with as many in flight as the pool has threads. */
async function argon2Baseline(storedHash: string): Promise<{ perSecond: number; cpuMicros: number }> {
  let done = 0;
  const cpu = process.cpuUsage();
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: threads }, async () => {
    while (Date.now() < until) {
      await verify(storedHash, PASSWORD);
      done++;
    }
  }));
  const used = process.cpuUsage(cpu);
  return { perSecond: done / seconds, cpuMicros: Math.round((used.user + used.system) / done) };
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
    const signIns = (connections: number, prepared: number): Scenario => ({
      name: 'password sign-in', url: `${base}/idaas/auth/v1/login-check`, method: 'POST', headers, connections,
      signIn: { accounts: signInAccounts, password: PASSWORD, publicKey, deviceId: 'bench', prepared },
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
    } else {
      // 1. Password sign-in against raw argon2 verifications with every pool thread kept busy.
      const config = readConfig({ IDAAS_MODE: 'test', DATABASE_URL: databaseUrl }, { staticDir: null });
      const argon = await argon2Baseline(await hash(PASSWORD, { algorithm: 2, ...config.argon2 }));
      const argonPerSec = argon.perSecond;
      // Twice as many sign-ins in flight as threads: while some are decrypting or writing, the pool still has work (the baseline keeps it full too).
      const logins = await one(signIns(threads * 2, Math.ceil(argonPerSec * (seconds + warmupSeconds) * 1.2) + 50));
      const loginRatio = logins.perSecond / argonPerSec;
      measurements.argon2 = argon;
      measurements.signIn = logins;
      judge({ label: 'password sign-in vs raw argon2 verify', value: `${fmt(logins.perSecond)}/s vs ${fmt(argonPerSec)}/s = ${(loginRatio * 100).toFixed(0)}%${failed(logins)}`, budget: '>= 80%', pass: loginRatio >= 0.8 && !logins.failures });
      console.log(`      server CPU per sign-in ${logins.serverCpuMicros} µs (its argon2 included) vs ${argon.cpuMicros} µs per raw verification = ${((100 * argon.cpuMicros) / logins.serverCpuMicros).toFixed(0)}% by CPU; ${logins.mainThreadCpuMicros ?? '?'} µs of it on the JavaScript thread`);

      // 2. Session-authenticated reads against a bare Fastify route.
      const bareRun = await one({ name: 'bare route', url: `${bare.address}/bare`, method: 'POST', headers, body: '{}', connections: 10 });
      measurements.bare = bareRun;
      // Not a budget: the same bare route reading its cookie's session row, the least any session-checked read does.
      const bareSession = await one({ name: 'bare route + session row', url: `${bare.address}/bare-session`, method: 'POST', headers: { ...headers, cookie: lisi }, body: '{}', connections: 10 });
      measurements.bareSession = bareSession;
      console.log(`      bare route + session row: ${fmt(bareSession.perSecond)}/s = ${((100 * bareSession.perSecond) / bareRun.perSecond).toFixed(0)}% of the bare route, ${bareSession.serverCpuMicros} µs of CPU per request vs ${bareRun.serverCpuMicros} µs${failed(bareSession)}`);
      for (const scenario of [post('current-user-detail', '/idaas/personal/v1/current-user-detail', '{}', lisi), myRequests]) {
        const res = await one(scenario);
        const ratio = res.perSecond / bareRun.perSecond;
        measurements[scenario.name] = res;
        judge({ label: `${scenario.name} vs bare route`, value: `${fmt(res.perSecond)}/s vs ${fmt(bareRun.perSecond)}/s = ${(ratio * 100).toFixed(0)}%${failed(res)}`, budget: '>= 40%', pass: ratio >= 0.4 && !res.failures });
        console.log(`      server CPU per request ${res.serverCpuMicros} µs vs ${bareRun.serverCpuMicros} µs (bare) = ${((100 * bareRun.serverCpuMicros) / res.serverCpuMicros).toFixed(0)}% by CPU; ${((100 * res.perSecond) / bareSession.perSecond).toFixed(0)}% of bare + session row`);
      }

      // 3. Paged lists on the large data set: p95 at concurrency 10.
      for (const scenario of [
        post('app-access log, 1st page (lisi)', '/idaas/personal/v1/login-history/page-list', '{"logType":7,"pageNum":1,"pageSize":10}', lisi),
        post('app-access log, page 200, failures only', '/idaas/personal/v1/login-history/page-list', '{"logType":7,"isSuccess":0,"pageNum":200,"pageSize":10}', lisi),
        post('approval queue (zhangsan)', '/idaas/auty/v1/apply/page-list/by-approval-user-id', '{"pageNum":1,"pageSize":10}', zhangsan),
        post('group members (5k)', '/idaas/personal/v1/group/member/page-list', '{"groupCode":"ML-RD-ALL","pageNum":3,"pageSize":20}', zhangsan),
        post('people search', '/idaas/personal/v1/page/normal/by-userid-or-name', '{"keyWord":"bulk0099","pageNum":1,"pageSize":10}', zhangsan),
      ]) {
        const res = await one(scenario);
        measurements[scenario.name] = res;
        judge({ label: scenario.name, value: `${latencyText(res)}, ${fmt(res.perSecond)}/s${failed(res)}`, budget: 'p95 <= 20 ms', pass: res.latency.p95 <= 20 && !res.failures });
      }

      // 4. Mixed load: sign-ins, lists and launches at once, each reported (no budget of its own).
      const mixed = await load({ seconds, warmupSeconds, scenarios: [signIns(2, Math.ceil(argonPerSec * seconds) + 50), { ...myRequests, connections: 4 }, { ...launches, connections: 4 }] });
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
