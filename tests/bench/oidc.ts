/**
 * The OpenID Connect provider's speed budgets (DESIGN.md §8), each against a floor measured in
 * the same run; not part of `npm test`, run by `npm run bench` on each store (oidcBench) or alone:
 *
 *   npx tsx tests/bench/oidc.ts       # SQLite; DATABASE_URL=postgres://…?schema=<fresh> for PostgreSQL (dropped after)
 *   BENCH_PROFILE=dir npx tsx tests/bench/oidc.ts   # and a CPU profile of the portal
 *
 * - Code exchange and refresh (client_secret_basic, PKCE, an RS256 id_token each time, the
 *   refresh token rotated) ≥ 70 % of a standalone `oidc-provider` of the same version doing the
 *   same grants on its memory adapter (tests/bench/oidcFloor.ts). Its codes and refresh tokens
 *   are made through its own models; the portal's codes come from a signed-in browser's
 *   authorisations (single sign-on, no page) and its refresh tokens from those exchanges.
 * - Userinfo ≥ 40 % of the session floor: the bare Fastify route reading its cookie's session
 *   row through the same query layer (tests/bench/server.ts's /bare-session).
 * Every server runs in a process of its own, the load (autocannon, the same connections and
 * seconds for each) in this one; next to each rate the servers' CPU per request, which a shared
 * machine distorts less. Then, measured but not budgets: a CAS ticket validation and the SAML
 * and CAS sign-ons of the same browser, as ratios to the code exchange (signOnProtocols.ts),
 * and the portal's grants against the floor provider keeping its records in the same kind of
 * store (oidcFloorStore.ts): how much of the gap to the memory floor is persistence.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sm2Encrypt } from '../support/sm2Encrypt.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { freePort } from '../support/freePort.js';
import { Jar } from './jar.js';
import { FLOOR_CLIENT, serveFloor, type Minted, type MintRequest } from './oidcFloor.js';
import { casSignOns, samlLogins, type SignOnRun } from './signOnProtocols.js';
import { capacityVerdict, type Verdict } from './capacity.js';
import { dropSchema } from './postgres.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** Codes made before the exchange is timed; they live 60 s, so they are made and spent within that. */
const CODES = Number(process.env.BENCH_CODES ?? 8000);
/** What the floor mints of each: more than it can spend in the time, so it never runs dry. */
const FLOOR_MINTS = Number(process.env.BENCH_FLOOR_MINTS ?? 30_000);
const WARMUP = 200;
const CODE_MAKING_MS = 30_000;
const CONNECTIONS = 10;
const REDIRECT = 'http://127.0.0.1:8765/callback';
/** CAS tickets made before their validation is timed: made and spent within their 10 s. */
const TICKETS = Number(process.env.BENCH_CAS_TICKETS ?? 600);
const CAS_SERVICE = 'http://127.0.0.1:8768/bench';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;


interface Child { address: string; child: ChildProcess; stop: () => void }

/** A bench server in a process of its own, with IPC; it prints its address on its first line. */
function start(script: string, args: string[], env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, '--import', 'tsx', script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ address: out.split('\n')[0].trim(), child, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`bench process ${script} ${args[0] ?? ''} exited with ${code}`)));
  });
}

function ask<T>(server: Child, message: unknown): Promise<T> {
  return new Promise((resolve) => {
    server.child.once('message', (m) => resolve(m as T));
    server.child.send(message as string);
  });
}
const cpuOf = async (server: Child) => (await ask<{ cpuMicros: number }>(server, 'cpu')).cpuMicros;

interface Measured { perSecond: number; answered: number; failures: number; firstFailure?: string; cpuMicros: number }

/**
 * One scenario, autocannon in this process, with its server's CPU per answered request.
 * `bodies` (form bodies, each used once) make it stop when they run out: a spent code would
 * measure the refusal, not the exchange. The rate is of successful answers over the time taken.
 */
async function measure(server: Child, opts: { url: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string; bodies?: string[]; onBody?: (body: string) => void }): Promise<Measured> {
  let next = 0;
  let ok = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  let last = 0;
  const before = await cpuOf(server);
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => autocannon({
    url: opts.url, method: opts.method ?? 'GET', headers: opts.headers, body: opts.bodies ? undefined : opts.body, connections: CONNECTIONS, duration: seconds,
    ...(opts.bodies ? { amount: opts.bodies.length } : {}),
    requests: [{
      ...(opts.bodies ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: opts.bodies![next++] }) } : {}),
      onResponse: (status: number, body: string) => {
        last = performance.now();
        if (status === 200) {
          ok++;
          opts.onBody?.(body);
        } else {
          failures++;
          firstFailure ??= `${status} ${body.slice(0, 120)}`;
        }
      },
    }],
  }, (err, res) => (err ? reject(err) : resolve(res))));
  const cpu = (await cpuOf(server)) - before;
  const answered = ok + failures;
  // autocannon stops on a whole second after the bodies ran out: timed here to the last answer.
  return { perSecond: ok / ((last - started) / 1000), answered, failures: failures + result.errors + result.timeouts, firstFailure, cpuMicros: Math.round(cpu / Math.max(1, answered)) };
}

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)}%`;

/** Measures one store at `databaseUrl` (a fresh one: the portal seeds its demo organisation there). */
async function benchOn(databaseUrl: string, signOns: boolean): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  const judge = (label: string, ours: Measured, floor: Measured, budget: number) => {
    const ratio = ours.perSecond / floor.perSecond;
    const v: Verdict = { label, value: `${ours.perSecond.toFixed(1)}/s vs ${floor.perSecond.toFixed(1)}/s = ${pct(ours.perSecond, floor.perSecond)}`, budget: `>= ${budget * 100}%`, pass: ratio >= budget && ours.failures === 0 && floor.failures === 0 };
    verdicts.push(v);
    console.log(`${v.pass ? 'PASS' : 'FAIL'}  ${label.padEnd(44)} ${v.value.padEnd(46)} budget ${v.budget}`);
    console.log(`      server CPU per request ${ours.cpuMicros} µs vs ${floor.cpuMicros} µs (floor) = ${pct(floor.cpuMicros, ours.cpuMicros)} by CPU`);
    for (const [who, m] of [['portal', ours], ['floor', floor]] as const) if (m.failures) console.log(`      (${who}: ${m.failures} failed, first ${m.firstFailure ?? 'connection error'})`);
  };

  const port = await freePort();
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const portal = await start('tests/bench/oidc.ts', ['serve', String(port)], { DATABASE_URL: databaseUrl, PUBLIC_URL: `http://127.0.0.1:${port}` }, profile);
  const servers = [portal];
  try {
    const floor = await start('tests/bench/oidc.ts', ['floor'], {});
    servers.push(floor);
    const sessionFloor = await start('tests/bench/server.ts', ['bare'], { BENCH_SESSION_DB: databaseUrl });
    servers.push(sessionFloor);
    const base = portal.address;
    console.log(`store: ${databaseUrl.startsWith('file:') ? 'SQLite' : 'PostgreSQL'}; ${seconds}s per measurement; ${CONNECTIONS} connections`);

    // lisi signs in to the portal, then to demo-rp once (the interaction); every later code comes with no page.
    const jar = new Jar();
    const key = ((await (await fetch(`${base}/idaas/auth/v1/sm2_key`)).json()) as { data: { pubX: string; pubY: string } }).data;
    const encrypt = (v: string) => sm2Encrypt(v, `04${key.pubX}${key.pubY}`);
    const signedIn = await fetch(`${base}/idaas/auth/v1/login-check`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-client-id': 'bench' }, body: JSON.stringify({ userId: encrypt('lisi'), password: encrypt('Idaas@2026') }),
    });
    jar.take(signedIn);
    const sessionCookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('idaas_token='));
    if (!sessionCookie) throw new Error('lisi could not sign in');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorizeUrl = `${base}/oidc/auth?${new URLSearchParams({ client_id: 'demo-rp', response_type: 'code', scope: 'openid profile', redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256' })}`;
    async function code(): Promise<string> {
      let url = authorizeUrl;
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
        jar.take(res);
        const location = new URL(res.headers.get('location') ?? '', url);
        const found = location.searchParams.get('code');
        if (location.href.startsWith(REDIRECT) && found) return found;
        if (!res.headers.get('location')) throw new Error(`no code: ${res.status} at ${url}`);
        url = location.href;
      }
      throw new Error('no code after 10 hops');
    }
    const exchangeBody = (c: string) => new URLSearchParams({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, code_verifier: verifier }).toString();
    const refreshBody = (t: string) => new URLSearchParams({ grant_type: 'refresh_token', refresh_token: t }).toString();
    const portalToken = { url: `${base}/oidc/token`, method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic('demo-rp', 'demo-rp-secret') } };
    const floorToken = { url: `${floor.address}/token`, method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(FLOOR_CLIENT.id, FLOOR_CLIENT.secret) } };
    const refreshTokensOf = (into: string[]) => (body: string) => {
      const token = (JSON.parse(body) as { refresh_token?: string }).refresh_token;
      if (token) into.push(token);
    };

    // Warm-up of both token endpoints (compiled code paths, pools), answers not counted.
    /**
     * Up to `n` codes, as many authorisations in flight as the load has connections, made within
     * CODE_MAKING_MS: codes live 60 s, and on a slow store the last ones must not expire before use.
     */
    const codesMade = async (n: number): Promise<string[]> => {
      const made: string[] = [];
      const until = Date.now() + CODE_MAKING_MS;
      await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
        while (made.length < n && Date.now() < until) made.push(await code());
      }));
      return made;
    };
    await code();
    const warmCodes = await codesMade(WARMUP);
    const mint = (codes: number, refreshTokens: number) => ask<Minted>(floor, { mint: { codes, refreshTokens, redirectUri: REDIRECT, codeChallenge: challenge } } satisfies MintRequest);
    const floorWarm = await mint(WARMUP, WARMUP);
    const warmRefresh: string[] = [];
    await measure(portal, { ...portalToken, bodies: warmCodes.map(exchangeBody), onBody: refreshTokensOf(warmRefresh) });
    await measure(portal, { ...portalToken, bodies: warmRefresh.map(refreshBody) });
    await measure(floor, { ...floorToken, bodies: floorWarm.codes.map(exchangeBody) });
    await measure(floor, { ...floorToken, bodies: floorWarm.refreshTokens.map(refreshBody) });

    const made = Date.now();
    const codes = await codesMade(CODES);
    console.log(`${codes.length} codes made in ${((Date.now() - made) / 1000).toFixed(1)}s`);

    // 1. Code exchange; its refresh tokens are the ones refreshed next.
    const refreshTokens: string[] = [];
    const exchanges = await measure(portal, { ...portalToken, bodies: codes.map(exchangeBody), onBody: refreshTokensOf(refreshTokens) });
    const floorMinted = await mint(FLOOR_MINTS, FLOOR_MINTS);
    const floorExchanges = await measure(floor, { ...floorToken, bodies: floorMinted.codes.map(exchangeBody) });
    judge('code exchange vs standalone oidc-provider', exchanges, floorExchanges, 0.7);

    // 2. Refresh-token grant, rotation as configured (each use replaces the token).
    const refreshes = await measure(portal, { ...portalToken, bodies: refreshTokens.map(refreshBody) });
    const floorRefreshes = await measure(floor, { ...floorToken, bodies: floorMinted.refreshTokens.map(refreshBody) });
    judge('refresh grant vs standalone oidc-provider', refreshes, floorRefreshes, 0.7);
    if (refreshTokens.length < CODES / 2) console.log(`      (${refreshTokens.length} refresh tokens from the exchanges)`);

    // A reference, not a budget: the same floor provider keeping its records in this kind of store.
    await storedFloorLines(databaseUrl, challenge, exchangeBody, refreshBody, exchanges, refreshes, servers);

    // 3. Userinfo against the session floor.
    const tokenRes = await fetch(portalToken.url, { method: 'POST', headers: portalToken.headers, body: exchangeBody(await code()) });
    const { access_token: accessToken } = (await tokenRes.json()) as { access_token: string };
    // Capacity (capacity.ts): a userinfo answer costs a few hundred microseconds, the session floor
    // tens, which a closed loop cannot saturate without measuring its own generator.
    const cpuOfServer = (server: Child) => () => cpuOf(server);
    const userinfo = { request: { name: 'userinfo', url: `${base}/oidc/me`, headers: { authorization: `Bearer ${accessToken}` } }, cpuMicros: cpuOfServer(portal) };
    const floorSession = { request: { name: 'session floor', url: `${sessionFloor.address}/bare-session`, headers: { 'content-type': 'application/json', cookie: sessionCookie }, body: '{}' }, cpuMicros: cpuOfServer(sessionFloor) };
    verdicts.push(await capacityVerdict('userinfo vs session floor', userinfo, floorSession, 0.4, seconds));

    if (signOns) await otherProtocols(base, jar, exchanges.perSecond);
  } finally {
    for (const server of servers) server.stop();
  }
  return verdicts;
}

/** Codes and refresh tokens the stored floor makes: more than it spends in the time at its rate. */
const STORED_FLOOR_MINTS = Number(process.env.BENCH_STORED_FLOOR_MINTS ?? 12_000);

/**
 * The floor provider with its records in a store of the portal's kind (oidcFloorStore.ts: one
 * table, one statement per adapter call): what persistence alone costs a provider. Printed as the
 * portal's rate against it, measured, not judged; for SQLite in a file of its own beside the portal's.
 */
async function storedFloorLines(
  databaseUrl: string, challenge: string, exchangeBody: (code: string) => string, refreshBody: (token: string) => string,
  exchanges: Measured, refreshes: Measured, servers: Child[],
): Promise<void> {
  const storeUrl = databaseUrl.startsWith('file:') ? `file:${join(dirname(databaseUrl.slice(5)), 'floor-oidc.db')}` : databaseUrl;
  const stored = await start('tests/bench/oidc.ts', ['floor', storeUrl], {});
  servers.push(stored);
  const minted = await ask<Minted>(stored, { mint: { codes: STORED_FLOOR_MINTS + WARMUP, refreshTokens: STORED_FLOOR_MINTS + WARMUP, redirectUri: REDIRECT, codeChallenge: challenge } } satisfies MintRequest);
  const token = { url: `${stored.address}/token`, method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(FLOOR_CLIENT.id, FLOOR_CLIENT.secret) } };
  await measure(stored, { ...token, bodies: minted.codes.slice(0, WARMUP).map(exchangeBody) });
  await measure(stored, { ...token, bodies: minted.refreshTokens.slice(0, WARMUP).map(refreshBody) });
  const line = (label: string, ours: Measured, floor: Measured) => {
    console.log(`      ${label.padEnd(48)} ${ours.perSecond.toFixed(1)}/s vs ${floor.perSecond.toFixed(1)}/s = ${pct(ours.perSecond, floor.perSecond)}; by CPU ${ours.cpuMicros} vs ${floor.cpuMicros} µs = ${pct(floor.cpuMicros, ours.cpuMicros)} (measured)`);
    if (floor.failures) console.log(`      (stored floor: ${floor.failures} failed, first ${floor.firstFailure ?? 'connection error'})`);
  };
  line('exchange vs the floor with a stored adapter', exchanges, await measure(stored, { ...token, bodies: minted.codes.slice(WARMUP).map(exchangeBody) }));
  line('refresh vs the floor with a stored adapter', refreshes, await measure(stored, { ...token, bodies: minted.refreshTokens.slice(WARMUP).map(refreshBody) }));
}

/** CAS and SAML sign-ons of the same signed-in browser, as ratios to the code exchange (measured, no budget). */
async function otherProtocols(base: string, jar: Jar, exchangesPerSecond: number): Promise<void> {
  const line = (label: string, value: string, pass: boolean) => console.log(`${pass ? 'PASS' : 'FAIL'}  ${label.padEnd(44)} ${value.padEnd(46)} measured`);
  // CAS: lisi's browser gets a ticket per /cas/login (one redirect, single sign-on), then each is validated once.
  async function ticket(): Promise<string> {
    const res = await fetch(`${base}/cas/login?${new URLSearchParams({ service: CAS_SERVICE })}`, { headers: { cookie: jar.header() }, redirect: 'manual' });
    const found = new URL(res.headers.get('location') ?? '', base).searchParams.get('ticket');
    if (!found) throw new Error(`no ticket: ${res.status} ${res.headers.get('location')}`);
    return found;
  }
  const tickets: string[] = [];
  const ticketsMade = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (tickets.length < TICKETS) tickets.push(await ticket());
  }));
  console.log(`${tickets.length} CAS tickets made in ${((Date.now() - ticketsMade) / 1000).toFixed(1)}s`);
  let nextTicket = 0;
  let validated = 0;
  const validations = await new Promise<autocannon.Result>((resolve, reject) => autocannon({
    url: `${base}/cas/p3/serviceValidate`, connections: CONNECTIONS, duration: seconds, amount: tickets.length,
    requests: [{
      setupRequest: (req) => ({ ...req, path: `/cas/p3/serviceValidate?${new URLSearchParams({ ticket: tickets[nextTicket++ % tickets.length], service: CAS_SERVICE })}` }),
      onResponse: (_status, body) => { if (String(body).includes('<cas:authenticationSuccess>')) validated += 1; },
    }],
  }, (err, res) => (err ? reject(err) : resolve(res))));
  const perSecond = validated / validations.duration;
  line('CAS ticket validation vs code exchange', `${perSecond.toFixed(1)}/s vs ${exchangesPerSecond.toFixed(1)}/s = ${pct(perSecond, exchangesPerSecond)}`, validated === tickets.length);
  if (validated !== tickets.length) console.log(`      (${tickets.length - validated} of ${tickets.length} validations did not succeed: made too slowly for their 10 s?)`);

  const versus = (label: string, measured: SignOnRun) => {
    line(`${label} vs exchange`, `${measured.perSecond.toFixed(1)}/s vs ${exchangesPerSecond.toFixed(1)}/s = ${pct(measured.perSecond, exchangesPerSecond)}`, measured.failures === 0);
    if (measured.failures) console.log(`      (${measured.failures} failed: ${measured.firstFailure})`);
  };
  versus('SAML AuthnRequest→Response', await samlLogins(base, jar.header(), seconds, CONNECTIONS, CODES));
  versus('CAS login + validation', await casSignOns(base, jar.header(), seconds, CONNECTIONS));
}

/**
 * The OpenID Connect budgets on one store, for tests/bench/run.ts: SQLite in a temporary file,
 * or PostgreSQL at `postgresUrl` (a server URL, e.g. postgres://postgres@127.0.0.1:5432/test) in
 * a schema of its own, dropped afterwards. Prints its lines and returns the verdicts.
 */
export async function oidcBench(store: 'sqlite' | 'postgres', postgresUrl?: string, options: { signOns?: boolean } = {}): Promise<Verdict[]> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-oidc-'));
  let schema: string | null = null;
  let databaseUrl = `file:${join(dir, 'bench.db')}`;
  if (store === 'postgres') {
    const url = new URL(postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/test');
    schema = `bench_oidc_${process.pid}_${Date.now().toString(36)}`;
    url.searchParams.set('schema', schema);
    databaseUrl = url.toString();
  }
  try {
    return await benchOn(databaseUrl, options.signOns ?? false);
  } finally {
    if (schema) await dropSchema(databaseUrl, schema);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Alone: the store DATABASE_URL names (a PostgreSQL URL's schema is dropped after), SQLite otherwise. */
async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    await oidcBench('sqlite', undefined, { signOns: true });
    return;
  }
  const schema = new URL(databaseUrl).searchParams.get('schema');
  try {
    await benchOn(databaseUrl, true);
  } finally {
    if (schema) await dropSchema(databaseUrl, schema);
  }
}

async function serve(port: number): Promise<void> {
  const config = readConfig({ ...process.env, IDAAS_MODE: 'test' }, { staticDir: null });
  const app = await buildApp({ config });
  process.on('message', (message: unknown) => {
    if (message !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  });
  console.log(await app.listen({ port, host: '127.0.0.1' }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // A clean exit on SIGTERM, so that `--cpu-prof` writes the servers' profiles.
  process.on('SIGTERM', () => process.exit(0));
  const [mode, arg] = process.argv.slice(2);
  (mode === 'serve' ? serve(Number(arg)) : mode === 'floor' ? serveFloor(REDIRECT, arg) : main().then(() => process.exit(0))).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
