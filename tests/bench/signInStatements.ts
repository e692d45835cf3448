/**
 * What one successful password sign-in asks of its store, counted rather than timed (the machine
 * is shared, so rates are noise): statements and commits per sign-in on SQLite and PostgreSQL,
 * the JavaScript thread's CPU per sign-in and, on PostgreSQL, its backends' CPU per sign-in.
 * Not part of `npm test`:
 *
 *   npx tsx tests/bench/signInStatements.ts            (SIGN_INS=300 measured; PRINT=1 lists one sign-in's statements)
 *
 * Each demo employee signs in once first (their profile, network and device are learnt), so the
 * counted sign-ins are the steady state a returning person makes. Statements are counted at the
 * drivers (better-sqlite3's statements, pg's clients), so nothing in the product is changed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { sm2Encryptor } from '../support/sm2Encrypt.js';
import { onEachStore } from './postgres.js';

const PASSWORD = 'Idaas@2026';
const SIGN_INS = Number(process.env.SIGN_INS ?? 300);
// Employees 1–150 without the temporary ones (every 25th), whose accounts may lapse.
const ACCOUNTS = Array.from({ length: 150 }, (_, i) => i + 1).filter((i) => i % 25 !== 0).map((i) => `emp${String(i).padStart(4, '0')}`);

/** Every statement a sign-in's request ran, with the connection it ran on (commits are counted per connection). */
const log: { sql: string; conn: object }[] = [];
// The portal's background jobs (outbox, retention, caches) run meanwhile: only the request's own statements count.
const inSignIn = new AsyncLocalStorage<true>();
const backends = new Set<pg.Client>();

function countSqlite(): void {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = proto[method];
    proto[method] = function (this: { source: string; database: object }, ...args: unknown[]) {
      if (inSignIn.getStore()) log.push({ sql: this.source, conn: this.database });
      return original.apply(this, args);
    };
  }
}

/** Backends' CPU as last read before their connection closed (the pool closes idle ones). */
const retired = new Map<number, number>();

function countPostgres(): void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; end: (...args: unknown[]) => unknown };
  const end = proto.end;
  proto.end = function (this: pg.Client, ...args: unknown[]) {
    const pid = pidOf(this);
    if (pid) retired.set(pid, cpuMs(`/proc/${pid}/stat`));
    return end.apply(this, args);
  };
  const original = proto.query;
  proto.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : (config as { text?: string }).text ?? '';
    if (inSignIn.getStore()) log.push({ sql: text, conn: this });
    backends.add(this);
    return original.call(this, config, ...rest);
  };
}

/**
 * Transactions among statements (each BEGIN … COMMIT, and each statement run outside one), and
 * those that wrote: only a writing commit waits for its WAL to reach the disk.
 */
function commitsOf(entries: typeof log): { transactions: number; writing: number } {
  const open = new Map<object, boolean>();
  const writes = (s: string) => /^(insert|update|delete)\b/.test(s) || (s.startsWith('with') && /\b(insert|update|delete)\b/.test(s));
  let transactions = 0;
  let writing = 0;
  for (const { sql, conn } of entries) {
    const s = sql.trim().toLowerCase();
    if (s.startsWith('begin') || s.startsWith('start transaction')) open.set(conn, false);
    else if (s.startsWith('commit')) {
      transactions++;
      if (open.get(conn)) writing++;
      open.delete(conn);
    } else if (s.startsWith('rollback') && !s.startsWith('rollback to')) open.delete(conn);
    else if (open.has(conn)) open.set(conn, open.get(conn) || writes(s));
    else {
      transactions++;
      if (writes(s)) writing++;
    }
  }
  return { transactions, writing };
}

/** CPU (ms, user + system) of one thread or process, from /proc (Linux; 10 ms ticks). */
function cpuMs(path: string): number {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
const mainThreadMs = () => cpuMs(`/proc/self/task/${process.pid}/stat`);
const pidOf = (c: pg.Client) => (c as unknown as { processID: number }).processID;
const backendsCpu = () => new Map([...backends].map((c) => [pidOf(c), retired.get(pidOf(c)) ?? cpuMs(`/proc/${pidOf(c)}/stat`)]));
/** The backends' CPU between two readings; a connection the pool opened meanwhile counts from zero. */
const backendsMs = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => (Number.isNaN(ms) ? sum : sum + ms - (before.get(pid) || 0)), 0);

async function measure(store: string, databaseUrl: string): Promise<void> {
  const app = await buildApp({ config: readConfig({ IDAAS_MODE: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, { staticDir: null }) });
  try {
    const { pubX, pubY } = (await app.inject({ method: 'GET', url: '/idaas/auth/v1/sm2_key' })).json().data;
    const encrypt = sm2Encryptor(`04${pubX}${pubY}`);
    let turn = 0;
    const signIn = async () => {
      const account = ACCOUNTS[turn++ % ACCOUNTS.length];
      const res = await inSignIn.run(true, async () => await app.inject({
        method: 'POST', url: '/idaas/auth/v1/login-check', remoteAddress: '127.0.0.1',
        headers: { 'x-client-id': 'idaas-portal-test', 'content-type': 'application/json' },
        payload: { userId: encrypt(account), password: encrypt(PASSWORD), deviceId: 'bench', deviceName: 'Chrome', loginType: 'ACCOUNT' },
      }));
      const body = res.json();
      if (body.code !== 'D00000' || body.data.secondAuth || !res.cookies.some((c) => c.name === 'idaas_token')) throw new Error(`${account}: ${res.body}`);
    };
    // First sign-ins: profiles, networks and devices are created.
    for (let i = 0; i < 2 * ACCOUNTS.length; i++) await signIn();
    log.length = 0;
    await signIn();
    const one = log.splice(0);
    if (process.env.PRINT) for (const { sql } of one) console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    const [js0, db0] = [mainThreadMs(), backendsCpu()];
    for (let i = 0; i < SIGN_INS; i++) await signIn();
    const [js1, db1] = [mainThreadMs(), backendsCpu()];
    const statements = log.filter((e) => !/^\s*(begin|commit|rollback)\b/i.test(e.sql)).length / SIGN_INS;
    const transactionVerbs = log.length / SIGN_INS - statements;
    const commits = commitsOf(log);
    console.log(
      `${store}: per sign-in ${statements.toFixed(2)} statements (+${transactionVerbs.toFixed(2)} begin/commit), `
      + `${(commits.transactions / SIGN_INS).toFixed(2)} transactions of which ${(commits.writing / SIGN_INS).toFixed(2)} wrote; `
      + `JavaScript thread ${(((js1 - js0) * 1000) / SIGN_INS).toFixed(0)} µs${store === 'PostgreSQL' ? `, PostgreSQL backends ${((backendsMs(db0, db1) * 1000) / SIGN_INS).toFixed(0)} µs` : ''} `
      + `(${SIGN_INS} sign-ins)`,
    );
    if (process.env.PRINT) {
      const byText = new Map<string, number>();
      for (const { sql } of log) byText.set(sql.slice(0, 70), (byText.get(sql.slice(0, 70)) ?? 0) + 1);
      for (const [text, n] of byText) if (n % SIGN_INS) console.log(`  ${(n / SIGN_INS).toFixed(2)} × ${text}`);
    }
    log.length = 0;
  } finally {
    await app.close();
  }
}

countSqlite();
countPostgres();
await onEachStore('signin-count', measure);
