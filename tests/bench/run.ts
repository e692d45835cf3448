/**
 * Benchmarks of DESIGN.md §8, each printed as a ratio against a baseline measured in the same
 * run on the same machine: `npm run bench` (BENCH_SECONDS, BENCH_LOG_ROWS, BENCH_USERS to size it;
 * DATABASE_URL=postgres://… to run against PostgreSQL). Everything listens on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import smCrypto from 'sm-crypto';
import { verify, hash } from '@node-rs/argon2';
import { readConfig } from '../../server/config.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const size = {
  users: Number(process.env.BENCH_USERS ?? 100_000),
  logRows: Number(process.env.BENCH_LOG_ROWS ?? 1_000_000),
  logRowsForReader: 50_000,
  pendingRequests: 20_000,
  groupMembers: 5_000,
};

type Result = autocannon.Result;
const run = (opts: autocannon.Options) => new Promise<Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
const fmt = (n: number) => n.toFixed(1);
const line = (label: string, value: string, budget: string, pass: boolean) => console.log(`${pass ? 'PASS' : 'FAIL'}  ${label.padEnd(48)} ${value.padEnd(34)} budget ${budget}`);

async function argon2Baseline(storedHash: string, password: string, concurrency: number): Promise<number> {
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      await verify(storedHash, password);
      done++;
    }
  }));
  return done / seconds;
}

/** Starts tests/bench/server.ts in its own process, so the load generator does not share its event loop. */
function startServer(mode: 'app' | 'bare', env: NodeJS.ProcessEnv): Promise<{ address: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/server.ts', mode], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const first = out.split('\n')[0];
      if (out.includes('\n')) resolve({ address: first.trim(), stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`bench server (${mode}) exited with ${code}`)));
  });
}

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { json: (await res.json()) as { code: string; data: unknown }, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-'));
  const databaseUrl = process.env.DATABASE_URL ?? `file:${join(dir, 'bench.db')}`;
  const config = readConfig({ IDAAS_MODE: 'test', DATABASE_URL: databaseUrl }, { staticDir: null });
  console.log(`store: ${databaseUrl.startsWith('file:') ? 'SQLite' : 'PostgreSQL'}; ${seconds}s per measurement; ${size.users} users, ${size.logRows} log rows`);
  const server = await startServer('app', { DATABASE_URL: databaseUrl, BENCH_SIZE: JSON.stringify(size) });
  const bareServer = await startServer('bare', {});
  const address = server.address;
  const bareAddress = bareServer.address;

  const keyRes = await fetch(`${address}/idaas/auth/v1/sm2_key`);
  const key = ((await keyRes.json()) as { data: { pubX: string; pubY: string } }).data;
  const publicKey = `04${key.pubX}${key.pubY}`;
  const headers = { 'content-type': 'application/json', 'x-client-id': 'bench' };
  const signIn = async (account: string) =>
    (await post(`${address}/idaas/auth/v1/login-check`, { userId: smCrypto.sm2.doEncrypt(account, publicKey, 1), password: smCrypto.sm2.doEncrypt('Idaas@2026', publicKey, 1) }, headers)).cookie;
  const cookie = await signIn('lisi');
  const zhangsanCookie = await signIn('zhangsan');

  // 1. Password login against raw argon2 verifications.
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const stored = await hash('Idaas@2026', { algorithm: 2, ...config.argon2 });
  const argonPerSec = await argon2Baseline(stored, 'Idaas@2026', threads);
  const bodies = Array.from({ length: Math.ceil(argonPerSec * seconds * 1.5) + 50 }, () =>
    JSON.stringify({ userId: smCrypto.sm2.doEncrypt('lisi', publicKey, 1), password: smCrypto.sm2.doEncrypt('Idaas@2026', publicKey, 1), deviceId: 'bench', deviceName: 'Chrome' }));
  let next = 0;
  const logins = await run({
    url: `${address}/idaas/auth/v1/login-check`, method: 'POST', headers, connections: threads, duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) }],
  });
  const loginRatio = logins.requests.average / argonPerSec;
  line('password login vs raw argon2 verify', `${fmt(logins.requests.average)}/s vs ${fmt(argonPerSec)}/s = ${(loginRatio * 100).toFixed(0)}%`, '>= 80%', loginRatio >= 0.8);
  if (logins.non2xx) console.log(`      (${logins.non2xx} non-2xx answers)`);

  // 2. Session-authenticated reads against a bare Fastify route.
  const bareRun = await run({ url: `${bareAddress}/bare`, method: 'POST', headers, connections: 10, duration: seconds });
  for (const [label, path, body] of [
    ['current-user-detail', '/idaas/personal/v1/current-user-detail', '{}'],
    ['my requests (paged list)', '/idaas/auty/v1/apply/page-list/by-apply-user-id', '{"pageNum":1,"pageSize":10}'],
  ] as const) {
    const res = await run({ url: `${address}${path}`, method: 'POST', headers: { ...headers, cookie }, body, connections: 10, duration: seconds });
    const ratio = res.requests.average / bareRun.requests.average;
    line(`${label} vs bare route`, `${fmt(res.requests.average)}/s vs ${fmt(bareRun.requests.average)}/s = ${(ratio * 100).toFixed(0)}%`, '>= 40%', ratio >= 0.4 && res.non2xx === 0);
  }

  // 3. Paged lists on the large data set, p95 at concurrency 10.
  const lists: [string, string, string, string][] = [
    ['app-access log, 1st page (lisi)', '/idaas/personal/v1/login-history/page-list', '{"logType":7,"pageNum":1,"pageSize":10}', cookie],
    ['app-access log, page 200, failures only', '/idaas/personal/v1/login-history/page-list', '{"logType":7,"isSuccess":0,"pageNum":200,"pageSize":10}', cookie],
    ['approval queue (zhangsan)', '/idaas/auty/v1/apply/page-list/by-approval-user-id', '{"pageNum":1,"pageSize":10}', zhangsanCookie],
    ['group members (5k)', '/idaas/personal/v1/group/member/page-list', '{"groupCode":"ML-RD-ALL","pageNum":3,"pageSize":20}', zhangsanCookie],
    ['people search', '/idaas/personal/v1/page/normal/by-userid-or-name', '{"keyWord":"bulk0099","pageNum":1,"pageSize":10}', zhangsanCookie],
  ];
  for (const [label, path, body, auth] of lists) {
    const res = await run({ url: `${address}${path}`, method: 'POST', headers: { ...headers, cookie: auth }, body, connections: 10, duration: seconds });
    const p95 = res.latency.p97_5 ?? res.latency.p99;
    const p90 = res.latency.p90;
    // autocannon reports p90 and p97.5; p95 lies between them, so both are shown and the upper one is judged.
    line(`${label}`, `p90 ${p90} ms, p97.5 ${p95} ms, ${fmt(res.requests.average)}/s`, 'p95 <= 20 ms', p95 <= 20 && res.non2xx === 0);
  }

  server.stop();
  bareServer.stop();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
