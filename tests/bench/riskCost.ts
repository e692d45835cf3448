/**
 * What judging each sign-in by risk costs (issue 33; budget: ≥ 95 % of the sign-ins per second),
 * not part of `npm test`:
 *
 *   npm run bench:risk            (SQLite, then PostgreSQL at BENCH_PG_URL or 127.0.0.1:5432/test when one answers)
 *
 * Three real servers on 127.0.0.1, each on a fresh demo store in a process of its own:
 * - "enabled": the default risk policy (every signal computed, acted on, recorded, learnt from);
 * - "disabled": the policy switched off through the workbench API by the security administrator
 *   (signals still computed and recorded — "record only" — but never acted on);
 * - "unjudged": RISK_SIGNALS=off, no judgement at all (a benchmark's baseline, refused in production).
 * autocannon drives password sign-ins (fresh SM2 ciphertexts made before the clock starts, over
 * 144 demo employees on two devices) against each in turn, BENCH_ROUNDS (2) rounds of
 * BENCH_SECONDS (8) after a warm-up, alternating the order so drift on a shared machine falls on
 * all. Printed: sign-ins per second of each, enabled ÷ disabled (the policy's own cost) and
 * enabled ÷ unjudged (everything the risk check adds), PASS/FAIL against 95 %; and the server's
 * CPU per sign-in of each, which a loaded machine disturbs far less than throughput.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

type Kind = 'enabled' | 'disabled' | 'unjudged';
interface Target { kind: Kind; app: AppProcess; bodies: () => string }

async function json<T>(url: string, body: unknown, extra: Record<string, string> = {}): Promise<{ body: T; cookie: string | null }> {
  const res = await fetch(url, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  return { body: (await res.json()) as T, cookie: res.headers.get('set-cookie') };
}

async function target(kind: Kind, databaseUrl: string): Promise<Target> {
  const app = await startAppProcess(new URL(import.meta.url).pathname, { DATABASE_URL: databaseUrl, RISK_SIGNALS: kind === 'unjudged' ? 'off' : 'on', LOG_LEVEL: 'silent' });
  const key = ((await (await fetch(`${app.address}/idaas/auth/v1/sm2_key`)).json()) as { data: { pubX: string; pubY: string } }).data;
  const encrypt = sm2Encryptor(`04${key.pubX}${key.pubY}`);
  const login = `${app.address}/idaas/auth/v1/login-check`;
  if (kind === 'disabled') {
    const signedIn = await json<{ code: string }>(login, { userId: encrypt('secadmin'), password: encrypt(PASSWORD), deviceId: 'bench-admin' });
    const token = /idaas_token=([^;]+)/.exec(signedIn.cookie ?? '')?.[1];
    if (!token) throw new Error(`the security administrator could not sign in (${signedIn.body.code})`);
    const saved = await json<{ code: string }>(`${app.address}/idaas/admin/v1/policies/update`, { risk: { enabled: false } }, { cookie: `idaas_token=${token}` });
    if (saved.body.code !== 'D00000') throw new Error(`the risk policy could not be switched off (${saved.body.code})`);
  }
  let turn = 0;
  // Two devices per person, so the new-device lookup has rows to find and the rest to miss.
  const bodies = () => {
    const i = turn++;
    return JSON.stringify({ userId: encrypt(ACCOUNTS[i % ACCOUNTS.length]), password: encrypt(PASSWORD), deviceId: `bench-${Math.floor(i / ACCOUNTS.length) % 2}`, deviceName: 'Chrome' });
  };
  const probe = await json<{ code: string; data: { secondAuth: boolean } }>(login, JSON.parse(bodies()));
  if (probe.body.code !== 'D00000' || probe.body.data.secondAuth) throw new Error(`${kind}: a demo employee could not sign in (${probe.body.code})`);
  return { kind, app, bodies };
}

/** CPU time (ms, all threads: argon2 runs in libuv's pool) the server process has used, from /proc (Linux). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Sign-ins per second for `ms`, and the server's CPU per sign-in (far steadier than throughput on
 * a shared machine); ciphertexts are single-use, so each request takes one made beforehand.
 */
async function measure(t: Target, ms: number): Promise<{ perSecond: number; cpuPerSignIn: number; failures: number }> {
  const prepared = Array.from({ length: Math.ceil((ms / 1000) * 40) }, t.bodies);
  let next = 0;
  const cpuBefore = cpuMs(t.app.pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => autocannon({
    url: `${t.app.address}/idaas/auth/v1/login-check`, method: 'POST', headers, connections, duration: ms / 1000,
    requests: [{ setupRequest: (req) => ({ ...req, body: prepared[next++] ?? t.bodies() }) }],
  }, (err, res) => (err ? reject(err) : resolve(res))));
  const cpuPerSignIn = (cpuMs(t.app.pid) - cpuBefore) / Math.max(1, result.requests.total);
  return { perSecond: result.requests.total / (ms / 1000), cpuPerSignIn, failures: result.non2xx + result.errors + result.timeouts };
}

async function bench(store: string, urlOf: (label: string) => string): Promise<boolean> {
  const targets = [await target('enabled', urlOf('enabled')), await target('disabled', urlOf('disabled')), await target('unjudged', urlOf('unjudged'))];
  try {
    for (const t of targets) await measure(t, 2000);
    const totals: Record<Kind, number> = { enabled: 0, disabled: 0, unjudged: 0 };
    const cpu: Record<Kind, number> = { enabled: 0, disabled: 0, unjudged: 0 };
    let failures = 0;
    for (let r = 0; r < rounds; r++) {
      // A different order each round, so a slow moment of the machine is shared.
      const order = r % 2 ? [...targets].reverse() : targets;
      for (const t of order) {
        const m = await measure(t, seconds * 1000);
        totals[t.kind] += m.perSecond / rounds;
        cpu[t.kind] += m.cpuPerSignIn / rounds;
        failures += m.failures;
      }
    }
    const policyRatio = totals.enabled / totals.disabled;
    const wholeRatio = totals.enabled / totals.unjudged;
    const pass = policyRatio >= BUDGET && failures === 0;
    console.log(
      `${store}: password sign-ins ${totals.enabled.toFixed(1)}/s risk enabled, ${totals.disabled.toFixed(1)}/s disabled (record only), `
      + `${totals.unjudged.toFixed(1)}/s unjudged; enabled/disabled = ${(policyRatio * 100).toFixed(1)}%, enabled/unjudged = ${(wholeRatio * 100).toFixed(1)}% `
      + `(budget >= ${BUDGET * 100}%)${failures ? `, ${failures} failed answers` : ''} ${pass ? 'PASS' : 'FAIL'}${wholeRatio < BUDGET ? ' (the check itself is over budget)' : ''}`,
    );
    // CPU per sign-in: the throughput a saturated server would keep, as a ratio (unjudged ÷ enabled).
    console.log(
      `${store}: server CPU per sign-in ${cpu.enabled.toFixed(2)} ms enabled, ${cpu.disabled.toFixed(2)} ms disabled, ${cpu.unjudged.toFixed(2)} ms unjudged; `
      + `as throughput enabled/disabled = ${((cpu.disabled / cpu.enabled) * 100).toFixed(1)}%, enabled/unjudged = ${((cpu.unjudged / cpu.enabled) * 100).toFixed(1)}%`,
    );
    return pass;
  } finally {
    for (const t of targets) t.app.stop();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-risk-'));
  let results: boolean[] = [];
  try {
    results = await onBothStores(dir, 'bench_risk', bench);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (results.some((pass) => !pass)) throw new Error('the risk check costs sign-ins more than its budget');
}

await serveOrRun(main);
