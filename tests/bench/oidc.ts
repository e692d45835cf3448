/**
 * The OpenID Connect provider's throughput (DESIGN.md §8), not part of `npm test`:
 *
 *   npx tsx tests/bench/oidc.ts       # SQLite; DATABASE_URL=postgres://… for PostgreSQL
 *   BENCH_PROFILE=dir npx tsx tests/bench/oidc.ts   # and a CPU profile of the portal
 *
 * The token endpoint exchanging codes (client_secret_basic, PKCE, an id_token signed each time)
 * and userinfo, each as a ratio of a bare Fastify route measured in the same run (budget ≥ 40 %).
 * The portal and the bare route run in their own processes on 127.0.0.1; codes are made before
 * the exchange is timed (a signed-in browser gets one per request: single sign-on).
 * A CAS service ticket's validation (/cas/p3/serviceValidate with attributes) is measured in the
 * same run, as a ratio to the code exchange; its tickets live 10 s, so they are made in a batch
 * just before and every answer is checked to be a success. Then the same signed-in browser's SAML
 * login (AuthnRequest → signed Response) and whole CAS sign-on (login → ticket → serviceValidate),
 * each as a ratio to the code exchange too (tests/bench/signOnProtocols.ts).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sm2Encrypt } from '../support/sm2Encrypt.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { freePort } from '../support/freePort.js';
import { Jar } from './jar.js';
import { casSignOns, samlLogins, type SignOnRun } from './signOnProtocols.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
/** Codes made before the exchange is timed; they live 60 s, so they are made and spent within that. */
const CODES = Number(process.env.BENCH_CODES ?? 4000);
const CONNECTIONS = 10;
const REDIRECT = 'http://127.0.0.1:8765/callback';
/** CAS tickets made before their validation is timed: made and spent within their 10 s. */
const TICKETS = Number(process.env.BENCH_CAS_TICKETS ?? 600);
const CAS_SERVICE = 'http://127.0.0.1:8768/bench';
const BASIC = `Basic ${Buffer.from('demo-rp:demo-rp-secret').toString('base64')}`;

const run = (opts: autocannon.Options) => new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
const line = (label: string, value: string, budget: string, pass: boolean) => console.log(`${pass ? 'PASS' : 'FAIL'}  ${label.padEnd(40)} ${value.padEnd(40)} budget ${budget}`);

/** This file again in its own process: the portal (`serve <port>`) or the bare route (`bare`); prints its address. */
function start(args: string[], env: NodeJS.ProcessEnv): Promise<{ address: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE=dir: a CPU profile of the portal's whole run (written when it stops).
    const profile = process.env.BENCH_PROFILE && args[0] === 'serve' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'tests/bench/oidc.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ address: out.split('\n')[0].trim(), stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`bench process ${args[0]} exited with ${code}`)));
  });
}


async function orchestrate(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-bench-oidc-'));
  const databaseUrl = process.env.DATABASE_URL ?? `file:${join(dir, 'bench.db')}`;
  const port = await freePort();
  const portal = await start(['serve', String(port)], { DATABASE_URL: databaseUrl, PUBLIC_URL: `http://127.0.0.1:${port}` });
  const bare = await start(['bare'], {});
  const base = portal.address;
  console.log(`store: ${databaseUrl.startsWith('file:') ? 'SQLite' : 'PostgreSQL'}; ${seconds}s per measurement; ${CONNECTIONS} connections`);

  // lisi signs in to the portal, then to demo-rp once (the interaction); every later code comes with no page.
  const jar = new Jar();
  const key = ((await (await fetch(`${base}/idaas/auth/v1/sm2_key`)).json()) as { data: { pubX: string; pubY: string } }).data;
  const encrypt = (v: string) => sm2Encrypt(v, `04${key.pubX}${key.pubY}`);
  jar.take(await fetch(`${base}/idaas/auth/v1/login-check`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-client-id': 'bench' }, body: JSON.stringify({ userId: encrypt('lisi'), password: encrypt('Idaas@2026') }),
  }));
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
  await code();
  const made = Date.now();
  const codes: string[] = [];
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (codes.length < CODES) codes.push(await code());
  }));
  console.log(`${codes.length} codes made in ${((Date.now() - made) / 1000).toFixed(1)}s`);

  const bareRun = await run({ url: `${bare.address}/bare`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', connections: CONNECTIONS, duration: seconds });
  const tokenHeaders = { 'content-type': 'application/x-www-form-urlencoded', authorization: BASIC };
  let next = 0;
  // Stops when the codes run out: a spent code would measure the refusal, not the exchange.
  const exchanges = await run({
    url: `${base}/oidc/token`, method: 'POST', headers: tokenHeaders, connections: CONNECTIONS, duration: seconds, amount: codes.length,
    requests: [{ setupRequest: (req) => ({ ...req, body: new URLSearchParams({ grant_type: 'authorization_code', code: codes[next++ % codes.length], redirect_uri: REDIRECT, code_verifier: verifier }).toString() }) }],
  });
  const exchangeRatio = exchanges.requests.average / bareRun.requests.average;
  line('code exchange (token endpoint) vs bare', `${exchanges.requests.average.toFixed(1)}/s vs ${bareRun.requests.average.toFixed(1)}/s = ${(exchangeRatio * 100).toFixed(0)}%`, '>= 40%', exchangeRatio >= 0.4 && exchanges.non2xx === 0);
  if (exchanges.non2xx) console.log(`      (${exchanges.non2xx} non-2xx answers)`);

  const tokenRes = await fetch(`${base}/oidc/token`, { method: 'POST', headers: tokenHeaders, body: new URLSearchParams({ grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT, code_verifier: verifier }) });
  const { access_token: accessToken } = (await tokenRes.json()) as { access_token: string };
  const userinfo = await run({ url: `${base}/oidc/me`, headers: { authorization: `Bearer ${accessToken}` }, connections: CONNECTIONS, duration: seconds });
  const userinfoRatio = userinfo.requests.average / bareRun.requests.average;
  line('userinfo vs bare', `${userinfo.requests.average.toFixed(1)}/s vs ${bareRun.requests.average.toFixed(1)}/s = ${(userinfoRatio * 100).toFixed(0)}%`, '>= 40%', userinfoRatio >= 0.4 && userinfo.non2xx === 0);

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
  const validations = await run({
    url: `${base}/cas/p3/serviceValidate`, connections: CONNECTIONS, duration: seconds, amount: tickets.length,
    requests: [{
      setupRequest: (req) => ({ ...req, path: `/cas/p3/serviceValidate?${new URLSearchParams({ ticket: tickets[nextTicket++ % tickets.length], service: CAS_SERVICE })}` }),
      onResponse: (_status, body) => { if (String(body).includes('<cas:authenticationSuccess>')) validated += 1; },
    }],
  });
  const casRatio = validations.requests.average / exchanges.requests.average;
  line('CAS ticket validation vs code exchange', `${validations.requests.average.toFixed(1)}/s vs ${exchanges.requests.average.toFixed(1)}/s = ${(casRatio * 100).toFixed(0)}%`, 'measured', validated === tickets.length);
  if (validated !== tickets.length) console.log(`      (${tickets.length - validated} of ${tickets.length} validations did not succeed: made too slowly for their 10 s?)`);

  // The other protocols' sign-ons of the same signed-in browser, against the code exchange above.
  const versus = (label: string, measured: SignOnRun) => {
    const ratio = measured.perSecond / exchanges.requests.average;
    line(`${label} vs exchange`, `${measured.perSecond.toFixed(1)}/s vs ${exchanges.requests.average.toFixed(1)}/s = ${(ratio * 100).toFixed(0)}%`, 'measured', measured.failures === 0);
    if (measured.failures) console.log(`      (${measured.failures} failed: ${measured.firstFailure})`);
  };
  versus('SAML AuthnRequest→Response', await samlLogins(base, jar.header(), seconds, CONNECTIONS, CODES));
  versus('CAS login + validation', await casSignOns(base, jar.header(), seconds, CONNECTIONS));

  portal.stop();
  bare.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function serve(port: number): Promise<void> {
  const config = readConfig({ ...process.env, IDAAS_MODE: 'test' }, { staticDir: null });
  const app = await buildApp({ config });
  console.log(await app.listen({ port, host: '127.0.0.1' }));
}

async function bareRoute(): Promise<void> {
  const app = Fastify();
  app.post('/bare', async () => ({ sub: 'x', name: '李四', preferred_username: 'lisi' }));
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
}

// A clean exit on SIGTERM, so that `NODE_OPTIONS=--cpu-prof` writes the servers' profiles.
process.on('SIGTERM', () => process.exit(0));

const [mode, arg] = process.argv.slice(2);
(mode === 'serve' ? serve(Number(arg)) : mode === 'bare' ? bareRoute() : orchestrate()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
