/**
 * What the audit chain costs a sign-in (budget: ≥ 95 % of the sign-ins per second without it),
 * not part of `npm test`:
 *
 *   npx tsx tests/bench/auditChain.ts
 *
 * On each store — SQLite (a temporary file) and PostgreSQL when BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/test) answers — two real servers on 127.0.0.1, each on a
 * fresh demo store in a process of its own: one chaining every record (the default), one with
 * AUDIT_CHAIN=off (unchained rows, the baseline; refused in production). autocannon drives
 * password sign-ins (fresh SM2 ciphertexts, made before the clock starts, over 150 demo
 * employees) against each in turn, BENCH_ROUNDS (2) rounds of BENCH_SECONDS (8) each after a
 * warm-up, alternating so that drift on a shared machine falls on both. Printed: sign-ins per
 * second with and without the chain, the ratio, and PASS/FAIL against 95 %.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sm2Encryptor } from '../support/sm2Encrypt.js';
import { serveOrRun, startAppProcess, type AppProcess } from './appProcess.js';
import { onBothStores } from './postgres.js';

const PASSWORD = 'Idaas@2026';
const BUDGET = 0.95;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
// Employees 1–150 without the temporary ones (every 25th), whose accounts may lapse.
const ACCOUNTS = Array.from({ length: 150 }, (_, i) => i + 1).filter((i) => i % 25 !== 0).map((i) => `emp${String(i).padStart(4, '0')}`);
const headers = { 'content-type': 'application/json', 'x-client-id': 'bench' };

interface Target { label: string; app: AppProcess; bodies: () => string }

async function target(label: string, databaseUrl: string, chain: boolean): Promise<Target> {
  const app = await startAppProcess(new URL(import.meta.url).pathname, { DATABASE_URL: databaseUrl, AUDIT_CHAIN: chain ? 'on' : 'off', LOG_LEVEL: 'silent' });
  const key = ((await (await fetch(`${app.address}/idaas/auth/v1/sm2_key`)).json()) as { data: { pubX: string; pubY: string } }).data;
  const encrypt = sm2Encryptor(`04${key.pubX}${key.pubY}`);
  let turn = 0;
  const bodies = () => JSON.stringify({ userId: encrypt(ACCOUNTS[turn++ % ACCOUNTS.length]), password: encrypt(PASSWORD), deviceId: 'bench', deviceName: 'Chrome' });
  const probe = (await (await fetch(`${app.address}/idaas/auth/v1/login-check`, { method: 'POST', headers, body: bodies() })).json()) as { code: string };
  if (probe.code !== 'D00000') throw new Error(`${label}: a demo employee could not sign in (${probe.code})`);
  return { label, app, bodies };
}

/** Sign-ins per second for `ms`; ciphertexts are single-use, so each request takes one made beforehand. */
async function measure(t: Target, ms: number): Promise<{ perSecond: number; failures: number }> {
  const prepared = Array.from({ length: Math.ceil((ms / 1000) * 40) }, t.bodies);
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => autocannon({
    url: `${t.app.address}/idaas/auth/v1/login-check`, method: 'POST', headers, connections, duration: ms / 1000,
    requests: [{ setupRequest: (req) => ({ ...req, body: prepared[next++] ?? t.bodies() }) }],
  }, (err, res) => (err ? reject(err) : resolve(res))));
  return { perSecond: result.requests.total / (ms / 1000), failures: result.non2xx + result.errors + result.timeouts };
}

async function bench(store: string, urlOf: (label: string) => string): Promise<boolean> {
  const on = await target('chain on', urlOf('on'), true);
  const off = await target('chain off', urlOf('off'), false);
  try {
    await measure(off, 2000);
    await measure(on, 2000);
    const totals = { on: 0, off: 0, failures: 0 };
    for (let r = 0; r < rounds; r++) {
      // Alternating which goes first, so a slow moment of the machine is shared.
      for (const t of r % 2 ? [on, off] : [off, on]) {
        const m = await measure(t, seconds * 1000);
        totals[t === on ? 'on' : 'off'] += m.perSecond / rounds;
        totals.failures += m.failures;
      }
    }
    const ratio = totals.on / totals.off;
    const pass = ratio >= BUDGET && totals.failures === 0;
    console.log(`${store}: password sign-ins ${totals.on.toFixed(1)}/s with the audit chain vs ${totals.off.toFixed(1)}/s without = ${(ratio * 100).toFixed(1)}% (budget >= ${BUDGET * 100}%)${totals.failures ? `, ${totals.failures} failed answers` : ''} ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    on.app.stop();
    off.app.stop();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-chain-'));
  let results: boolean[] = [];
  try {
    results = await onBothStores(dir, 'bench_chain', bench);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (results.some((pass) => !pass)) throw new Error('the audit chain costs sign-ins more than its budget');
}

await serveOrRun(main);
