/**
 * Scale-out, shown (DESIGN.md §8, docs/SIZING.md): `npm run bench -- --cluster N`.
 *
 * N real portal processes (server/main.ts, test mode) on one fresh PostgreSQL schema behind
 * Debian's HAProxy (health checks on /readyz). Two parts:
 *
 * 1. What one operation costs, measured on one instance with the others idle: the portal's CPU
 *    (/proc), PostgreSQL's CPU (every postgres process), WAL bytes, statements (the portal's own
 *    statement histogram on /metrics) per password sign-in, per list, per refresh-token grant,
 *    per userinfo; bytes per session row; an instance's memory. SIZING.md is written from these.
 * 2. Failover under mixed load through HAProxy: one instance is killed (SIGKILL) and later
 *    another is restarted (SIGTERM, then started again). Reported: requests failed (only those
 *    in flight on the killed instance may fail), how long until HAProxy stopped sending to it and
 *    until the restarted one served again, and that sessions, the sign-in lock count and OIDC
 *    grants made on one instance hold on the others.
 *
 * BENCH_SECONDS sizes the failover run (default 24); BENCH_OPS the operations per cost
 * measurement (default 400). PostgreSQL is DATABASE_URL when it names one, else
 * postgres://postgres@127.0.0.1:5432/test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../support/freePort.js';
import { Jar } from './jar.js';
import { sm2Encryptor } from '../support/sm2Encrypt.js';

const PASSWORD = 'Idaas@2026';
const METRICS_TOKEN = 'bench-cluster';
const REDIRECT = 'http://127.0.0.1:8765/callback';
const BASIC = `Basic ${Buffer.from('demo-rp:demo-rp-secret').toString('base64')}`;
const JSON_HEADERS = { 'content-type': 'application/json', 'x-client-id': 'bench' };
/** The sign-in lock the limits check drives across instances (failures before the account locks). */
const LOCK_AFTER = 6;
const TICK_HZ = 100;
/** Requests the failover's load keeps in flight (one per worker). */
const LOAD_WORKERS = 8;

interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process, in ms. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICK_HZ;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process's CPU, in ms (backends come and go; the pools keep theirs open during a measurement). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

function rssMbOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
}

async function waitReady(base: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${base} not ready in ${timeoutMs / 1000}s`);
}

function startInstance(name: string, port: number, databaseUrl: string, publicUrl: string): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      IDAAS_MODE: 'test', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl, STATIC_DIR: '',
      METRICS_TOKEN, LOGIN_LOCK_AFTER: String(LOCK_AFTER), LOGIN_CAPTCHA_AFTER: '1000', LOGIN_IP_CAPTCHA_AFTER: '1000000', LOGIN_IP_FAILURES_PER_HOUR: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (/error|fatal/i.test(text) && !/Unsupported runtime/.test(text)) process.stderr.write(`[${name}] ${text}`);
  });
  return { name, port, base: `http://127.0.0.1:${port}`, child };
}

function haproxyConfig(frontPort: number, instances: Instance[], dir: string): string {
  return [
    'global',
    '  maxconn 4096',
    `  stats socket ${join(dir, 'haproxy.sock')} mode 600 level admin`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    // A refused connection (an instance gone) is tried again on another: nothing was sent yet.
    '  retries 3',
    '  option redispatch',
    'frontend portal',
    `  bind 127.0.0.1:${frontPort}`,
    '  default_backend portals',
    'backend portals',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    '  http-response set-header X-Served-By %s',
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
    '',
  ].join('\n');
}


async function envelope(res: Response): Promise<{ code: string; data: unknown }> {
  return (await res.json()) as { code: string; data: unknown };
}

function clientOf(base: string) {
  let encrypt: ((v: string) => string) | null = null;
  const key = async () => {
    if (!encrypt) {
      const k = (await envelope(await fetch(`${base}/idaas/auth/v1/sm2_key`))).data as { pubX: string; pubY: string };
      encrypt = sm2Encryptor(`04${k.pubX}${k.pubY}`);
    }
    return encrypt;
  };
  return {
    /** A password sign-in's body (SM2 ciphertexts are single use: one body per attempt). */
    async body(account: string, password = PASSWORD): Promise<string> {
      const e = await key();
      return JSON.stringify({ userId: e(account), password: e(password), deviceId: 'bench-cluster' });
    },
    async signIn(jar: Jar, account: string, password = PASSWORD, at = base): Promise<string> {
      const res = await fetch(`${at}/idaas/auth/v1/login-check`, { method: 'POST', headers: JSON_HEADERS, body: await this.body(account, password) });
      jar.take(res);
      return (await envelope(res)).code;
    },
  };
}

/** lisi's browser (signed in through `jar`) gets a code for demo-rp at `base`; PKCE verifier alongside. */
async function authorizationCode(base: string, jar: Jar): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  let url = `${base}/oidc/auth?${new URLSearchParams({ client_id: 'demo-rp', response_type: 'code', scope: 'openid profile', redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256' })}`;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
    jar.take(res);
    const location = new URL(res.headers.get('location') ?? '', url);
    const code = location.searchParams.get('code');
    if (location.href.startsWith(REDIRECT) && code) return { code, verifier };
    if (!res.headers.get('location')) throw new Error(`no code: ${res.status} at ${url}`);
    url = location.href;
  }
  throw new Error('no code after 12 hops');
}

async function token(base: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${base}/oidc/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: BASIC }, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

async function statements(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return text.split('\n').filter((l) => l.startsWith('idaas_db_query_duration_seconds_count')).reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/** Commits in the database: each is a WAL flush (an fsync) with synchronous_commit on, the write IOPS a sign-in costs. */
async function commits(db: pg.Client): Promise<number> {
  return Number((await db.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()')).rows[0].n);
}

async function walLsn(db: pg.Client): Promise<string> {
  return (await db.query<{ lsn: string }>('select pg_current_wal_lsn() as lsn')).rows[0].lsn;
}

interface Cost {
  operation: string;
  count: number;
  perSecond: number;
  portalCpuMs: number;
  postgresCpuMs: number;
  walBytes: number;
  statements: number;
  /** Committed transactions (the bench's own few reads excepted), each a WAL flush. */
  commits: number;
  failures: number;
}

/** `count` operations, `concurrency` at a time, on one instance: what each cost. */
async function measureCost(operation: string, instance: Instance, db: pg.Client, count: number, concurrency: number, one: (i: number, worker: number) => Promise<boolean>): Promise<Cost> {
  for (let i = 0; i < Math.min(20, count); i++) await one(-1 - i, i % concurrency); // warm: compiled paths, pools
  const [cpu0, pg0, wal0, st0, tx0] = [cpuMsOf(instance.child.pid!), postgresCpuMs(), await walLsn(db), await statements(instance.base), await commits(db)];
  const started = performance.now();
  let next = 0;
  let failures = 0;
  await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
    while (next < count) if (!(await one(next++, worker))) failures += 1;
  }));
  const seconds = (performance.now() - started) / 1000;
  const [cpu1, pg1, wal1, st1, tx1] = [cpuMsOf(instance.child.pid!), postgresCpuMs(), await walLsn(db), await statements(instance.base), await commits(db)];
  const walBytes = Number((await db.query<{ d: string }>('select pg_wal_lsn_diff($1, $2) as d', [wal1, wal0])).rows[0].d);
  // Two metrics scrapes and this bench's own WAL reads are inside the window: negligible against hundreds of operations.
  return {
    operation, count, perSecond: count / seconds, failures,
    portalCpuMs: (cpu1 - cpu0) / count, postgresCpuMs: (pg1 - pg0) / count, walBytes: walBytes / count, statements: (st1 - st0) / count,
    // pg_stat_database counts every statement outside a transaction as one; the stats collector may lag a little.
    commits: (tx1 - tx0 - 4) / count,
  };
}

interface Tally { ok: number; failed: number; byServer: Map<string, number> }

/** Mixed load through HAProxy until `stop()`: per second, answers that succeeded and failed, and who served them. */
function mixedLoad(front: string, cookies: string[], signInBodies: string[], accessToken: string) {
  const seconds = new Map<number, Tally>();
  const started = Date.now();
  let running = true;
  let firstFailure = '';
  const tally = (ok: boolean, server: string | null, why: string) => {
    const s = Math.floor((Date.now() - started) / 1000);
    const t = seconds.get(s) ?? { ok: 0, failed: 0, byServer: new Map() };
    if (ok) t.ok += 1;
    else {
      t.failed += 1;
      firstFailure ||= why;
    }
    if (server) t.byServer.set(server, (t.byServer.get(server) ?? 0) + 1);
    seconds.set(s, t);
  };
  const send = async (path: string, init: RequestInit, isOk: (status: number, body: string) => boolean) => {
    try {
      const res = await fetch(`${front}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
      const body = await res.text();
      tally(isOk(res.status, body), res.headers.get('x-served-by'), `${res.status} ${body.slice(0, 80)}`);
    } catch (error) {
      tally(false, null, String(error));
    }
  };
  const envelopeOk = (status: number, body: string) => status === 200 && body.includes('"D00000"');
  const workers: Promise<void>[] = [];
  // LOAD_WORKERS in all: six readers, one signing in, one calling userinfo.
  const reads: [string, string][] = [
    ['/idaas/personal/v1/current-user-detail', '{}'],
    ['/idaas/personal/v1/user-app/list-by-user', '{}'],
    ['/idaas/personal/v1/login-history/page-list', '{"pageNum":1,"pageSize":10}'],
  ];
  for (let w = 0; w < 6; w++) {
    workers.push((async () => {
      for (let i = w; running; i++) {
        const [path, body] = reads[i % reads.length];
        await send(path, { method: 'POST', headers: { ...JSON_HEADERS, cookie: cookies[i % cookies.length] }, body }, envelopeOk);
      }
    })());
  }
  workers.push((async () => {
    for (let i = 0; running && i < signInBodies.length; i++) {
      await send('/idaas/auth/v1/login-check', { method: 'POST', headers: JSON_HEADERS, body: signInBodies[i] }, envelopeOk);
    }
  })());
  workers.push((async () => {
    while (running) await send('/oidc/me', { headers: { authorization: `Bearer ${accessToken}` } }, (status) => status === 200);
  })());
  return {
    seconds,
    started,
    firstFailure: () => firstFailure,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function haproxyStates(socket: string): Promise<Map<string, string>> {
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const conn = createConnection(socket);
    let out = '';
    conn.on('data', (d) => { out += d.toString(); });
    conn.on('end', () => {
      const states = new Map<string, string>();
      for (const line of out.split('\n')) {
        const f = line.split(',');
        if (f[0] === 'portals' && f[1] !== 'BACKEND' && f[1] !== 'FRONTEND' && f[17]) states.set(f[1], f[17]);
      }
      resolve(states);
    });
    conn.on('error', () => resolve(new Map()));
    conn.write('show stat\n');
  });
}

export async function clusterBench(n: number, postgresUrl: string): Promise<void> {
  if (n < 2) throw new Error('--cluster needs at least 2 instances');
  const failoverSeconds = Number(process.env.BENCH_SECONDS ?? 24);
  const ops = Number(process.env.BENCH_OPS ?? 400);
  const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-cluster-'));
  const schema = `bench_cluster_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(postgresUrl);
  url.searchParams.set('schema', schema);
  const databaseUrl = url.toString();
  const db = new pg.Client({ connectionString: postgresUrl });
  await db.connect();
  await db.query(`create schema ${schema}`);
  const frontPort = await freePort();
  const front = `http://127.0.0.1:${frontPort}`;
  const instances: Instance[] = [];
  let haproxy: ChildProcess | null = null;
  const report: Record<string, unknown> = { instances: n, cpus: cpus().length, when: new Date().toISOString() };
  try {
    console.log(`== cluster: ${n} portal instances behind HAProxy on one PostgreSQL (schema ${schema}), ${cpus().length} CPUs`);
    // The first migrates and seeds the demo organisation; the others start on what it made.
    for (let i = 0; i < n; i++) {
      const instance = startInstance(`p${i + 1}`, await freePort(), databaseUrl, front);
      instances.push(instance);
      if (i === 0) await waitReady(instance.base);
    }
    await Promise.all(instances.map((i) => waitReady(i.base)));
    writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig(frontPort, instances, dir));
    haproxy = spawn('haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitReady(front, 15_000);

    // ---- 1. What one operation costs (instance p1 alone) ----
    const p1 = instances[0];
    const client = clientOf(p1.base);
    const accounts = ['lisi', 'zhangsan', 'sunqi'];
    const bodies = await Promise.all(Array.from({ length: ops + 20 }, (_, i) => client.body(accounts[i % accounts.length])));
    const lisiJar = new Jar();
    if ((await client.signIn(lisiJar, 'lisi')) !== 'D00000') throw new Error('lisi cannot sign in');
    const lisi = lisiJar.header();
    const post = (path: string, body: string, cookie: string) => fetch(`${p1.base}${path}`, { method: 'POST', headers: { ...JSON_HEADERS, cookie }, body }).then(envelope).then((e) => e.code === 'D00000');
    const costs: Cost[] = [];
    costs.push(await measureCost('password sign-in', p1, db, ops, 4, (i) =>
      fetch(`${p1.base}/idaas/auth/v1/login-check`, { method: 'POST', headers: JSON_HEADERS, body: bodies[i < 0 ? ops - i - 1 : i] }).then(envelope).then((e) => e.code === 'D00000')));
    costs.push(await measureCost('list (my access log, 10 rows)', p1, db, ops * 3, 10, () => post('/idaas/personal/v1/login-history/page-list', '{"pageNum":1,"pageSize":10}', lisi)));
    costs.push(await measureCost('list (my applications)', p1, db, ops * 3, 10, () => post('/idaas/personal/v1/user-app/list-by-user', '{}', lisi)));
    // Ten refresh-token chains, one per worker, each grant handing on the token it got (a rotated token used twice revokes its chain).
    const chains: string[] = [];
    for (let c = 0; c < 10; c++) {
      const { code, verifier } = await authorizationCode(p1.base, lisiJar);
      const exchanged = await token(p1.base, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
      if (!exchanged.body.refresh_token) throw new Error(`no refresh token: ${JSON.stringify(exchanged.body)}`);
      chains.push(exchanged.body.refresh_token);
    }
    let accessToken = '';
    costs.push(await measureCost('refresh-token grant', p1, db, ops * 2, 10, async (_i, c) => {
      const res = await token(p1.base, { grant_type: 'refresh_token', refresh_token: chains[c] });
      chains[c] = res.body.refresh_token ?? chains[c];
      accessToken = res.body.access_token ?? accessToken;
      return res.status === 200;
    }));
    costs.push(await measureCost('userinfo', p1, db, ops * 3, 10, () =>
      fetch(`${p1.base}/oidc/me`, { headers: { authorization: `Bearer ${accessToken}` } }).then((r) => r.ok)));
    const sessions = await db.query<{ n: string; bytes: string }>(`select count(*) as n, pg_total_relation_size('${schema}.sessions') as bytes from ${schema}.sessions`);
    const bytesPerSession = Number(sessions.rows[0].bytes) / Math.max(1, Number(sessions.rows[0].n));
    const rss = instances.map((i) => rssMbOf(i.child.pid!));
    console.log('   per operation, one instance (portal CPU, PostgreSQL CPU, WAL, statements):');
    for (const c of costs) {
      console.log(`      ${c.operation.padEnd(32)} ${c.perSecond.toFixed(0).padStart(5)}/s  portal ${c.portalCpuMs.toFixed(2)} ms  pg ${c.postgresCpuMs.toFixed(2)} ms  WAL ${c.walBytes.toFixed(0)} B  ${c.statements.toFixed(1)} statements  ${c.commits.toFixed(1)} commits${c.failures ? `  (${c.failures} failed)` : ''}`);
    }
    console.log(`      a session row with its indexes: ${bytesPerSession.toFixed(0)} B (${sessions.rows[0].n} sessions); instance RSS ${rss.map((r) => r.toFixed(0)).join(' / ')} MB`);
    Object.assign(report, { costs, bytesPerSession, rssMb: rss });

    // ---- 2. Failover under mixed load ----
    const lb = clientOf(front);
    // Sessions made on the instance about to be killed, and through the balancer.
    const victim = instances[1];
    const restarted = instances[n > 2 ? 2 : 0];
    const onVictim: string[] = [];
    for (const account of ['lisi', 'zhangsan', 'sunqi']) {
      const jar = new Jar();
      if ((await client.signIn(jar, account, PASSWORD, victim.base)) !== 'D00000') throw new Error(`${account} cannot sign in on ${victim.name}`);
      onVictim.push(jar.header());
    }
    const cookies = [...onVictim];
    for (let i = 0; i < 9; i++) {
      const jar = new Jar();
      if ((await lb.signIn(jar, accounts[i % accounts.length])) !== 'D00000') throw new Error('sign-in through the balancer failed');
      cookies.push(jar.header());
    }
    // An OIDC grant made on the victim: a code not yet exchanged, and a refresh token.
    const victimJar = new Jar();
    await client.signIn(victimJar, 'lisi', PASSWORD, victim.base);
    const pendingCode = await authorizationCode(victim.base, victimJar);
    const granted = await authorizationCode(victim.base, victimJar);
    const victimTokens = await token(victim.base, { grant_type: 'authorization_code', code: granted.code, redirect_uri: REDIRECT, code_verifier: granted.verifier });
    // Half the lock's failures on the victim.
    const locked = 'zhaoliu';
    for (let i = 0; i < LOCK_AFTER / 2; i++) await client.signIn(new Jar(), locked, 'Wrong@2026x', victim.base);

    const loadBodies = await Promise.all(Array.from({ length: 60 * failoverSeconds }, (_, i) => lb.body(accounts[i % accounts.length])));
    const load = mixedLoad(front, cookies, loadBodies, victimTokens.body.access_token);
    const killAt = Math.round(failoverSeconds / 3);
    const restartAt = Math.round((failoverSeconds * 2) / 3);
    await sleep(killAt * 1000);
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    let downAfterMs: number | null = null;
    while (Date.now() - killedAt < 10_000) {
      if ((await haproxyStates(join(dir, 'haproxy.sock'))).get(victim.name) === 'DOWN') {
        downAfterMs = Date.now() - killedAt;
        break;
      }
      await sleep(50);
    }
    await sleep(Math.max(0, killedAt + (restartAt - killAt) * 1000 - Date.now()));
    // A rolling restart of another instance: stopped gracefully, started again on its port.
    const stoppedAt = Date.now();
    restarted.child.kill('SIGTERM');
    await new Promise((r) => restarted.child.once('exit', r));
    const again = startInstance(restarted.name, restarted.port, databaseUrl, front);
    instances[instances.indexOf(restarted)] = again;
    await waitReady(again.base);
    let servingAfterMs: number | null = null;
    const seenBefore = [...load.seconds.values()].reduce((s, t) => s + (t.byServer.get(again.name) ?? 0), 0);
    const readyAfterMs = Date.now() - stoppedAt;
    while (Date.now() - stoppedAt < 60_000) {
      const seen = [...load.seconds.values()].reduce((s, t) => s + (t.byServer.get(again.name) ?? 0), 0);
      if (seen > seenBefore) {
        servingAfterMs = Date.now() - stoppedAt;
        break;
      }
      await sleep(50);
    }
    await sleep(Math.max(0, load.started + failoverSeconds * 1000 - Date.now()));
    await load.stop();

    const timeline = [...load.seconds.entries()].sort(([a], [b]) => a - b);
    const total = timeline.reduce((s, [, t]) => s + t.ok + t.failed, 0);
    const failed = timeline.reduce((s, [, t]) => s + t.failed, 0);
    const failedSeconds = timeline.filter(([, t]) => t.failed > 0).map(([s]) => s);
    console.log(`   failover: ${total} requests in ${failoverSeconds}s through HAProxy (${(total / failoverSeconds).toFixed(0)}/s); ${victim.name} killed at ${killAt}s, ${restarted.name} restarted at ${restartAt}s`);
    console.log(`      per second (ok/failed): ${timeline.map(([s, t]) => `${s}:${t.ok}${t.failed ? `/${t.failed}` : ''}`).join(' ')}`);
    console.log(`      failed: ${failed} (${failedSeconds.length ? `in seconds ${failedSeconds.join(', ')}` : 'none'})${failed ? `; first: ${load.firstFailure()}` : ''}`);
    console.log(`      ${victim.name} marked DOWN by HAProxy ${downAfterMs === null ? 'not within 10 s' : `after ${downAfterMs} ms`}; restarted ${restarted.name} ready ${(readyAfterMs / 1000).toFixed(1)} s after its stop (process start, connect, migrations checked) and serving through HAProxy ${servingAfterMs === null ? 'not within 60 s' : `at ${(servingAfterMs / 1000).toFixed(1)} s`}`);
    const served = new Map<string, number>();
    for (const [, t] of timeline) for (const [server, count] of t.byServer) served.set(server, (served.get(server) ?? 0) + count);
    console.log(`      answered by: ${[...served].sort().map(([server, count]) => `${server} ${count}`).join(', ')}`);

    // ---- What carried over ----
    const survivors = instances.filter((i) => i !== victim);
    const sessionChecks = await Promise.all(onVictim.flatMap((cookie) => survivors.map((s) =>
      fetch(`${s.base}/idaas/personal/v1/current-user-detail`, { method: 'POST', headers: { ...JSON_HEADERS, cookie }, body: '{}' }).then(envelope).then((e) => e.code === 'D00000'))));
    const lockCodes: string[] = [];
    for (let i = 0; i < LOCK_AFTER / 2; i++) {
      const s = survivors[i % survivors.length];
      const res = await fetch(`${s.base}/idaas/auth/v1/login-check`, { method: 'POST', headers: JSON_HEADERS, body: await client.body(locked, 'Wrong@2026x') });
      lockCodes.push((await envelope(res)).code);
    }
    const rightPassword = (await envelope(await fetch(`${survivors[0].base}/idaas/auth/v1/login-check`, { method: 'POST', headers: JSON_HEADERS, body: await client.body(locked) }))).code;
    const exchangedLater = await token(survivors[0].base, { grant_type: 'authorization_code', code: pendingCode.code, redirect_uri: REDIRECT, code_verifier: pendingCode.verifier });
    const refreshedLater = await token(survivors.at(-1)!.base, { grant_type: 'refresh_token', refresh_token: victimTokens.body.refresh_token });
    const carried = {
      sessions: sessionChecks.every(Boolean),
      lock: lockCodes.at(-1) === 'E30053' && rightPassword === 'E30053',
      oidcCode: exchangedLater.status === 200,
      oidcRefresh: refreshedLater.status === 200,
    };
    console.log(`      sessions made on ${victim.name} answer on every other instance: ${carried.sessions ? 'yes' : 'NO'} (${sessionChecks.filter(Boolean).length}/${sessionChecks.length})`);
    console.log(`      sign-in lock counted across instances (${LOCK_AFTER / 2} failures on ${victim.name}, ${LOCK_AFTER / 2} on the others → ${lockCodes.join(', ')}; right password then ${rightPassword}): ${carried.lock ? 'yes' : 'NO'}`);
    console.log(`      OIDC code made on ${victim.name} exchanged on ${survivors[0].name}: ${carried.oidcCode ? 'yes' : `NO (${exchangedLater.status})`}; its refresh token refreshed on ${survivors.at(-1)!.name}: ${carried.oidcRefresh ? 'yes' : `NO (${refreshedLater.status})`}`);
    // At most one request per load worker can be in flight on the killed instance.
    const inFlightBound = LOAD_WORKERS;
    const pass = Object.values(carried).every(Boolean) && downAfterMs !== null && servingAfterMs !== null && failed <= inFlightBound;
    console.log(`${pass ? 'PASS' : 'FAIL'}  cluster failover: ${failed} failed (at most ${inFlightBound}, the requests that can be in flight on the killed instance), sessions, lock count and OIDC grants carried over`);
    Object.assign(report, { failover: { seconds: failoverSeconds, total, failed, failedSeconds, downAfterMs, servingAfterMs, timeline: timeline.map(([s, t]) => ({ s, ok: t.ok, failed: t.failed, byServer: Object.fromEntries(t.byServer) })) }, carried, pass });
    mkdirSync('tests/bench/results', { recursive: true });
    writeFileSync(join('tests/bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}-cluster${n}.json`), JSON.stringify(report, null, 2));
    if (!pass) process.exitCode = 1;
  } finally {
    haproxy?.kill('SIGTERM');
    for (const i of instances) i.child.kill('SIGTERM');
    await sleep(1500);
    await db.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await db.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
