/**
 * What one OIDC code exchange, refresh and userinfo cost the portal, counted rather than timed
 * (a shared machine moves rates, not counts): statements and transactions per request, each
 * statement listed once, and Node CPU per request over many requests in this process.
 *
 *   npx tsx tests/bench/oidcCost.ts                    # SQLite in a temporary file
 *   DATABASE_URL='postgres://postgres@127.0.0.1:5432/test?schema=<fresh>' npx tsx tests/bench/oidcCost.ts
 *
 * Requests go through app.inject (the same Fastify routes, hooks and middie mount as over a
 * socket, without the socket). OIDC_COST_N sets how many requests each CPU figure averages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { sha256 } from '../../server/platform/lib/crypto.js';
import { reusable } from '../../server/platform/db/reusable.js';
import { BASE, REDIRECT, signedInBrowser } from './oidcBrowser.js';
import { dropSchemaOf } from './postgres.js';

const N = Number(process.env.OIDC_COST_N ?? 300);
const ROUNDS = Number(process.env.OIDC_COST_ROUNDS ?? 5);
const CALLS = Number(process.env.OIDC_COST_CALLS ?? 3000);

let statements: string[] = [];
let transactions = 0;
// Counted at the drivers, so statements run past Kysely's executor (server/platform/db/direct.ts) count too.
const count = (text: unknown) => {
  if (typeof text !== 'string') return;
  const line = text.replace(/\s+/g, ' ').trim();
  if (/^begin\b/i.test(line)) transactions++;
  if (/^(begin|commit|rollback)\b/i.test(line)) return;
  statements.push(line.slice(0, 160));
};
const probe = new SQLite(':memory:');
const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<'run' | 'get' | 'all' | 'iterate', (...a: unknown[]) => unknown>;
probe.close();
for (const method of ['run', 'get', 'all', 'iterate'] as const) {
  const original = statementPrototype[method];
  statementPrototype[method] = function counted(this: { source: string }, ...args: unknown[]) {
    count(this.source);
    return original.apply(this, args);
  };
}
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, text: unknown, ...rest: unknown[]) {
  count(typeof text === 'object' && text !== null ? (text as { text?: unknown }).text : text);
  return query.call(this, text, ...rest);
} as typeof pg.Client.prototype.query;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-oidc-cost-'));
  const databaseUrl = process.env.DATABASE_URL ?? `file:${join(dir, 'cost.db')}`;
  const config = readConfig({ ...process.env, IDAAS_MODE: 'test', DATABASE_URL: databaseUrl, PUBLIC_URL: BASE }, { staticDir: null });
  const app = await buildApp({ config });
  await app.ready();
  try {
    const browser = await signedInBrowser(app);
    const { verifier, code } = browser;
    const token = (form: Record<string, string>) => app.inject({
      method: 'POST', url: '/oidc/token', payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('demo-rp:demo-rp-secret').toString('base64')}` },
    });
    const exchange = async (c: string) => {
      const res = await token({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, code_verifier: verifier });
      if (res.statusCode !== 200) throw new Error(`exchange: ${res.statusCode} ${res.body}`);
      return res.json<{ access_token: string; refresh_token: string }>();
    };
    const refresh = async (t: string) => {
      const res = await token({ grant_type: 'refresh_token', refresh_token: t });
      if (res.statusCode !== 200) throw new Error(`refresh: ${res.statusCode} ${res.body}`);
      return res.json<{ access_token: string; refresh_token: string }>();
    };
    const userinfo = async (accessToken: string) => {
      const res = await app.inject({ url: '/oidc/me', headers: { authorization: `Bearer ${accessToken}` } });
      if (res.statusCode !== 200) throw new Error(`userinfo: ${res.statusCode} ${res.body}`);
    };

    // Warm-up: compiled paths, reusable queries, caches as a running server has them.
    const warm = await exchange(await code());
    await userinfo((await refresh(warm.refresh_token)).access_token);

    const counted = async (label: string, run: () => Promise<unknown>) => {
      statements = [];
      transactions = 0;
      await run();
      console.log(`${label}: ${statements.length} statements, ${transactions} transactions`);
      for (const s of statements) console.log(`    ${s}`);
    };
    const c1 = await code();
    let tokens!: { access_token: string; refresh_token: string };
    await counted('code exchange', async () => { tokens = await exchange(c1); });
    let refreshed!: { access_token: string; refresh_token: string };
    await counted('refresh', async () => { refreshed = await refresh(tokens.refresh_token); });
    await counted('userinfo', () => userinfo(refreshed.access_token));
    await counted('authorisation (signed in, no page)', code);

    const profileDir = process.env.OIDC_COST_PROFILE;
    const inspector = profileDir ? new Session() : null;
    inspector?.connect();
    const cpu = async (label: string, inputs: string[], run: (input: string) => Promise<unknown>) => {
      if (inspector) {
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
      }
      const before = process.cpuUsage();
      for (const input of inputs) await run(input);
      const { user, system } = process.cpuUsage(before);
      if (inspector) {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(join(profileDir!, `${label.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
      }
      console.log(`${label}: ${Math.round((user + system) / inputs.length)} µs CPU a request (${inputs.length} requests, this process)`);
    };
    const codes: string[] = [];
    for (let i = 0; i < N; i++) codes.push(await code());
    const refreshTokens: string[] = [];
    await cpu('code exchange', codes, async (c) => refreshTokens.push((await exchange(c)).refresh_token));
    const accessTokens: string[] = [];
    await cpu('refresh', refreshTokens, async (t) => accessTokens.push((await refresh(t)).access_token));
    await cpu('userinfo', accessTokens, userinfo);

    // The session floor (tests/bench/server.ts's /bare-session) on the same store, in this process.
    const bare = Fastify();
    const db = app.store.db;
    const byHash = reusable(db, (v: { hash: string }) => db.selectFrom('sessions').select(['user_ref', 'expires_at']).where('token_hash', '=', v.hash));
    bare.post('/bare-session', async (request, reply) => {
      const sessionToken = /(?:^|;\s*)idaas_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
      const [row] = sessionToken ? await byHash({ hash: sha256(sessionToken) }) : [];
      if (!row) return reply.code(401).send({ code: 'E00009' });
      return { code: 'D00000', message: '成功', data: { userId: 'lisi', userName: '李四' } };
    });
    await bare.ready();
    const sessionCookie = `idaas_token=${browser.cookie('idaas_token')}`;
    const floor = async () => {
      const res = await bare.inject({ method: 'POST', url: '/bare-session', headers: { 'content-type': 'application/json', cookie: sessionCookie }, payload: '{}' });
      if (res.statusCode !== 200) throw new Error(`floor: ${res.statusCode} ${res.body}`);
    };
    const pool = accessTokens.slice(0, 50);
    const perCall = async (run: (i: number) => Promise<unknown>) => {
      const before = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await run(i);
      const { user, system } = process.cpuUsage(before);
      return (user + system) / CALLS;
    };
    const shortcut = app.oidc.userinfo;
    const viaProvider = async (token: string) => {
      shortcut.enabled = false;
      try {
        await userinfo(token);
      } finally {
        shortcut.enabled = true;
      }
    };
    await counted('userinfo by oidc-provider (shortcut off)', () => viaProvider(pool[0]));
    await counted('userinfo (shortcut on)', () => userinfo(pool[0]));
    for (let i = 0; i < 1000; i++) {
      await floor();
      await userinfo(pool[i % pool.length]);
      await viaProvider(pool[i % pool.length]);
    }
    const floors: number[] = [];
    const reads: number[] = [];
    const provided: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      floors.push(await perCall(floor));
      provided.push(await perCall((i) => viaProvider(pool[i % pool.length])));
      reads.push(await perCall((i) => userinfo(pool[i % pool.length])));
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const range = (v: number[]) => `${Math.round(Math.min(...v))}–${Math.round(Math.max(...v))}`;
    const line = (label: string, v: number[]) => {
      const ratios = floors.map((f, i) => (100 * f) / v[i]);
      return `${label}: ${Math.round(median(v))} µs (${range(v)}), floor/route ${median(ratios).toFixed(0)}% (${range(ratios)}%)`;
    };
    console.log(`${ROUNDS} rounds of ${CALLS} calls, CPU per call in this process (median, range): session floor ${Math.round(median(floors))} µs (${range(floors)})`);
    console.log(`  ${line('userinfo by oidc-provider', provided)}`);
    console.log(`  ${line('userinfo (portal shortcut)', reads)}`);
    if (profileDir) {
      await cpu('session floor', Array.from({ length: CALLS }, () => ''), floor);
      await cpu('userinfo reused', Array.from({ length: CALLS }, (_, i) => pool[i % pool.length]), userinfo);
      await cpu('userinfo by provider', Array.from({ length: CALLS }, (_, i) => pool[i % pool.length]), viaProvider);
    }
    await bare.close();
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    await dropSchemaOf(databaseUrl);
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
