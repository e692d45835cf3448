/**
 * What a large users-import check costs everyone else (DESIGN.md §8), not part of `npm test`:
 *
 *   npm run bench:import        # SQLite; DATABASE_URL=postgres://… for PostgreSQL
 *
 * A signed-in read (current-user-detail) at concurrency BENCH_READERS (4): its p95 alone, then
 * while BENCH_CHECKS (4) administrators check a BENCH_IMPORT_ROWS (99,999)-row file over and over
 * (IMPORTS_AT_ONCE is raised to as many, so every one of them is read). Budget: the p95 under
 * checks at most 2× the p95 alone. Also printed: checks done, busy answers, the server's RSS
 * before and at its peak. The server runs in its own process, as `npm start` runs it (tsx).
 */
import { serveOrRun, startAppProcess } from './appProcess.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { sm2Encrypt } from '../support/sm2Encrypt.js';
import { openStore } from '../../server/platform/db/connect.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 99_999);
const checkers = Number(process.env.BENCH_CHECKS ?? 4);
const readers = Number(process.env.BENCH_READERS ?? 4);
const BUDGET = 2;

function storeUrl(base: string | undefined, dir: string): string {
  if (!base) return `file:${join(dir, 'bench_import.db')}`;
  const url = new URL(base);
  url.searchParams.set('schema', `bench_import_${process.pid}`);
  return url.toString();
}

const startServer = (env: NodeJS.ProcessEnv) => startAppProcess('tests/bench/importLoad.ts', env);

/** The server's resident memory (Linux), MB. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The reads for `duration` seconds: exact percentiles from every response time. */
function reads(url: string, headers: Record<string, string>, duration: number): Promise<{ p50: number; p95: number; p99: number; count: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url, method: 'POST', headers, body: '{}', connections: readers, duration,
      requests: [{ onResponse: (status: number, body: string) => { if (status !== 200 || !body.includes('"code":"D00000"')) failures++; } }],
    }, (err) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
      resolve({ p50: at(0.5), p95: at(0.95), p99: at(0.99), count: times.length, failures });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-import-'));
  const url = storeUrl(process.env.DATABASE_URL, dir);
  console.log(`store: ${url.startsWith('file:') ? 'SQLite' : 'PostgreSQL'}; ${readers} readers; ${checkers} checks of ${rows} rows at once; ${seconds}s per measurement`);
  const server = await startServer({ DATABASE_URL: url, IMPORTS_AT_ONCE: String(checkers) });
  try {
    const headers = { 'content-type': 'application/json', 'x-client-id': 'bench' };
    const key = ((await (await fetch(`${server.address}/idaas/auth/v1/sm2_key`)).json()) as { data: { pubX: string; pubY: string } }).data;
    const publicKey = `04${key.pubX}${key.pubY}`;
    const signIn = async (account: string) => {
      const res = await fetch(`${server.address}/idaas/auth/v1/login-check`, {
        method: 'POST', headers, body: JSON.stringify({ userId: sm2Encrypt(account, publicKey), password: sm2Encrypt('Idaas@2026', publicKey) }),
      });
      return res.headers.get('set-cookie')?.split(';')[0] ?? '';
    };
    const admin = await signIn('admin');
    const reader = await signIn('lisi');
    const readUrl = `${server.address}/idaas/personal/v1/current-user-detail`;
    const readHeaders = { ...headers, cookie: reader };

    // Nobody in the file is in the store: every row is looked up, every row is valid (the costliest check).
    const body = JSON.stringify({
      csv: ['account,name,type,phone,email,department', ...Array.from({ length: rows }, (_, i) => `chk${String(i).padStart(6, '0')},批量员工${i},STAFF,1${7}${String(i).padStart(9, '0')},chk${i}@corp.example.com,`)].join('\n'),
    });
    console.log(`file: ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(1)} MB of JSON`);
    let busy = 0;
    const check = async () => {
      const res = await fetch(`${server.address}/idaas/admin/v1/users/import/check`, { method: 'POST', headers: { ...headers, cookie: admin }, body });
      const answer = (await res.json()) as { code: string; data: { total: number } };
      if (answer.code === 'E40130') busy++;
      else if (answer.code !== 'D00000' || answer.data.total !== rows) throw new Error(`check answered ${answer.code}`);
      return answer.code === 'D00000';
    };

    // Warm-up: compiled code paths, the workers started, connections planned.
    await Promise.all(Array.from({ length: checkers }, check));
    await reads(readUrl, readHeaders, 2);
    const rssBefore = rssMb(server.pid);

    const alone = await reads(readUrl, readHeaders, seconds);

    let running = true;
    let checks = 0;
    let peak = rssBefore;
    const sampler = setInterval(() => { peak = Math.max(peak, rssMb(server.pid)); }, 200);
    const loops = Array.from({ length: checkers }, async () => {
      while (running) if (await check()) checks++;
    });
    // The checks are under way (their uploads sent, the workers reading) before the clock starts.
    await new Promise((r) => setTimeout(r, 500));
    const during = await reads(readUrl, readHeaders, seconds);
    running = false;
    await Promise.all(loops);
    clearInterval(sampler);

    const ratio = during.p95 / alone.p95;
    console.log(`reads alone:          p50 ${alone.p50} ms, p95 ${alone.p95} ms, p99 ${alone.p99} ms (${alone.count} reads, ${alone.failures} failed)`);
    console.log(`reads during checks:  p50 ${during.p50} ms, p95 ${during.p95} ms, p99 ${during.p99} ms (${during.count} reads, ${during.failures} failed)`);
    console.log(`checks: ${checks} of ${rows} rows done during the ${seconds}s, ${busy} answered busy; server RSS ${rssBefore} MB before, ${peak} MB at peak`);
    console.log(`${ratio <= BUDGET && during.failures === 0 ? 'PASS' : 'FAIL'}  signed-in read p95 during ${checkers} large checks vs alone: ${during.p95} / ${alone.p95} ms = ${ratio.toFixed(2)}x   budget <= ${BUDGET}x`);
  } finally {
    server.stop();
    if (!url.startsWith('file:')) {
      const store = openStore(url);
      await sql.raw(`drop schema if exists ${store.schema} cascade`).execute(store.db);
      await store.db.destroy();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await serveOrRun(main);
