import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sm2Encrypt } from '../support/sm2Encrypt.js';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.js';
import { isDevMode, readConfig, type Config } from '../../server/platform/config.js';
import type { Clock } from '../../server/platform/lib/clock.js';

export const DEMO_PASSWORD = 'Idaas@2026';

export interface StoreCase {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty database (nothing migrated, nothing seeded): for migrations, production mode, the CLI. */
  url(label: string): string;
  /**
   * A fresh database holding what a first start in test mode leaves (migrated, the demo
   * organisation seeded): a copy of the run's template (global-setup.ts). Its seeded dates are
   * relative to when the run began, not to this call.
   */
  seededUrl(label: string): Promise<string>;
}

let counter = 0;
const tempDirs: string[] = [];

const pgSchemas: string[] = [];
const pgDatabases: string[] = [];

/**
 * Drops the file's PostgreSQL schemas once its suites have closed their clients. Left to the end
 * of the run, they pile up, and every later migration pays for them: Kysely's migrator reads
 * every table of the database to find its own. Registered by every call (files call storeCases
 * at their top level): a worker keeps this module from file to file, so a once-only flag here
 * would drop only its first file's schemas.
 */
function dropSchemasAfterFile(base: string): void {
  afterAll(async () => {
    if (pgSchemas.length === 0 && pgDatabases.length === 0) return;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      for (const schema of pgSchemas.splice(0)) await client.query(`drop schema if exists "${schema}" cascade`);
      for (const database of pgDatabases.splice(0)) await client.query(`drop database if exists "${database}" with (force)`);
    } finally {
      await client.end();
    }
  });
}

/** The stores every API suite runs against; PostgreSQL only when a server answers. */
export function storeCases(): StoreCase[] {
  const sqliteUrl = () => {
    const dir = mkdtempSync(join(tmpdir(), 'idaas-api-'));
    tempDirs.push(dir);
    return `file:${join(dir, 'test.db')}`;
  };
  const sqliteTemplate = inject('sqliteTemplate');
  const cases: StoreCase[] = [
    {
      name: 'sqlite',
      url: sqliteUrl,
      seededUrl: async () => {
        const url = sqliteUrl();
        copyFileSync(sqliteTemplate, url.slice('file:'.length));
        return url;
      },
    },
  ];
  const workerUrls = inject('pgWorkerUrls');
  const pgBase = workerUrls.length ? workerUrls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % workerUrls.length] : null;
  if (pgBase) {
    const prefix = inject('pgRunPrefix');
    const template = inject('pgTemplate');
    dropSchemasAfterFile(pgBase);
    const url = (label: string) => {
      const url = new URL(pgBase);
      const schema = `${prefix}_${label.replace(/[^a-z0-9]/gi, '').toLowerCase()}_${process.pid}_${counter++}`;
      pgSchemas.push(schema);
      url.searchParams.set('schema', schema);
      return url.toString();
    };
    cases.push({
      name: 'postgres',
      url,
      seededUrl: async (label) => {
        if (!template) return url(label);
        // A database of its own, copied from the template: the app finds its tables in the
        // default schema, and its migrator lists no other file's tables.
        const name = `${prefix}_${process.pid}_${counter++}_${label.replace(/[^a-z0-9]/gi, '').toLowerCase()}`.slice(0, 63);
        const client = new pg.Client({ connectionString: pgBase });
        await client.connect();
        try {
          await client.query(`create database "${name}" template "${template}"`);
        } finally {
          await client.end();
        }
        pgDatabases.push(name);
        const seeded = new URL(pgBase);
        seeded.pathname = `/${name}`;
        return seeded.toString();
      },
    });
  }
  return cases;
}

/** A clock the test can move forward to cross expiry windows without waiting. */
export function testClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => { offset += ms; } };
}

export interface Client {
  app: FastifyInstance;
  clock: ReturnType<typeof testClock>;
  /** POST JSON with the SPA's headers; `token` signs the request in. */
  post(path: string, body?: unknown, opts?: { token?: string; headers?: Record<string, string>; ip?: string }): Promise<LightMyRequestResponse>;
  get(path: string, opts?: { token?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  encrypt(value: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Every suite sends its texts from 127.0.0.1, so the per-address and per-account SMS budgets
 * are lifted unless a suite asks for the real ones (`env: {}` or its own numbers).
 */
export const ROOMY_SMS_BUDGETS = { SMS_IP_CAPTCHA_AFTER: '10000', SMS_IP_HOURLY_LIMIT: '10000', SMS_ACCOUNT_HOURLY_LIMIT: '10000' };

/** The argon2 cost the template's demo passwords were hashed with (test-mode defaults). */
const templateArgon2 = JSON.stringify(readConfig({ IDAAS_MODE: 'test' }).argon2);

/**
 * An app on the given store, or else on a fresh one: a copy of the seeded template when this
 * config would seed the demo organisation just as the template's did (test mode, default
 * argon2 cost), an empty store otherwise (production mode: nothing seeded).
 */
export async function startClient(store: StoreCase, label: string, overrides: Partial<Config> = {}, env: Record<string, string> = ROOMY_SMS_BUDGETS, databaseUrl?: string): Promise<Client> {
  const clock = testClock();
  const configOn = (url: string) => readConfig({ IDAAS_MODE: 'test', DATABASE_URL: url, ...env }, { staticDir: null, ...overrides });
  let url = databaseUrl;
  if (url === undefined) {
    const planned = configOn('file::memory:');
    const seedsLikeTemplate = isDevMode(planned) && JSON.stringify(planned.argon2) === templateArgon2;
    url = seedsLikeTemplate ? await store.seededUrl(label) : store.url(label);
  }
  return clientFor(await buildApp({ config: configOn(url), clock }), clock);
}

export function sessionTokenOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'idaas_token')?.value;
}

/** A password sign-in's body, its fields freshly encrypted (sent twice, it is a replay). */
export async function loginBody(client: Client, account: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) {
  return {
    userId: await client.encrypt(account),
    password: await client.encrypt(password),
    deviceId: 'test-device',
    deviceName: 'Chrome',
    loginType: 'ACCOUNT',
    ...extra,
  };
}

/** Password sign-in as the browser does it (both fields SM2-encrypted). */
export async function passwordLogin(client: Client, account: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}, ip?: string, headers?: Record<string, string>) {
  return client.post('/auth/v1/login-check', await loginBody(client, account, password, extra), { ip, headers });
}

/** A full sign-in, passing the second factor by SMS when the account requires it. */
export async function signIn(client: Client, account: string): Promise<string> {
  let res = await passwordLogin(client, account);
  if (res.json().data?.secondAuth) {
    const srmi = res.json().data.srmi;
    const sent = (await client.post('/auth/v1/send-msg/second-auth', { srmi })).json().data;
    const user = await client.app.store.db.selectFrom('users').select('mobile_no').where('user_id', '=', account).executeTakeFirstOrThrow();
    res = await client.post('/auth/v1/second-auth', { srmi, smsCodeKey: sent.smsCodeKey, validateCode: await lastSmsCode(client, user.mobile_no!), deviceId: 'test-device' });
  }
  const token = sessionTokenOf(res);
  if (res.statusCode !== 200 || !token) throw new Error(`sign-in of ${account} failed: ${res.body}`);
  return token;
}

export async function captchaAnswer(client: Client, capKey: string): Promise<string> {
  const res = await client.get(`/dev/captcha?capKey=${encodeURIComponent(capKey)}`);
  return res.json().data.answer;
}

process.on('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** The code in the newest demo-outbox message to a number (what the phone would show). */
export async function lastSmsCode(client: Client, mobileNo: string): Promise<string | null> {
  const res = await client.get(`/dev/sms?mobileNo=${mobileNo}`);
  return res.statusCode === 200 ? res.json().data.code : null;
}

/** A captcha the server will accept: created, then read back through the dev endpoint. */
export async function solvedCaptcha(client: Client): Promise<{ capKey: string; capText: string }> {
  const cap = (await client.post('/auth/v1/pacas/get-valid-code')).json().data;
  return { capKey: cap.capKey, capText: await captchaAnswer(client, cap.capKey) };
}

/**
 * The registration code texted to a number (behind a solved captcha), as the register page asks
 * for it; nothing when the server refuses to send (registration closed).
 */
export async function registrationCode(client: Client, mobileNo: string, ip?: string): Promise<{ msgCodeKey?: string; msgCode?: string }> {
  const sent = (await client.post('/personal/v1/add/send-code', { mobileNo, ...(await solvedCaptcha(client)) }, { ip })).json();
  if (sent.code !== 'D00000') return {};
  return { msgCodeKey: sent.data.msgCodeKey, msgCode: (await lastSmsCode(client, mobileNo)) ?? undefined };
}

/** A Client around an app the test built itself (with a logger, say), speaking like startClient's. */
export function clientFor(app: FastifyInstance, clock: ReturnType<typeof testClock> = testClock()): Client {
  let publicKey: string | null = null;
  const auth = (token?: string) => (token ? { cookie: `idaas_token=${token}` } : {});
  return {
    app,
    clock,
    post: (path, body = {}, opts = {}) =>
      app.inject({
        method: 'POST',
        url: `/idaas${path}`,
        payload: body as object,
        remoteAddress: opts.ip ?? '127.0.0.1',
        headers: { 'x-client-id': 'idaas-portal-test', 'content-type': 'application/json', ...auth(opts.token), ...opts.headers },
      }),
    get: (path, opts = {}) => app.inject({ method: 'GET', url: `/idaas${path}`, headers: { ...auth(opts.token), ...opts.headers } }),
    async encrypt(value) {
      if (!publicKey) {
        const { pubX, pubY } = (await app.inject({ method: 'GET', url: '/idaas/auth/v1/sm2_key' })).json().data;
        publicKey = `04${pubX}${pubY}`;
      }
      return sm2Encrypt(value, publicKey);
    },
    async close() {
      // Every suite doubles as a conformance check: each answer's code must be one its endpoint declares.
      const undeclared = [...app.contractCheck.undeclaredAnswers];
      await app.close();
      if (undeclared.length) throw new Error(`answers outside the contract:\n${undeclared.join('\n')}`);
    },
  };
}

/** The first step of the forgotten-password flow, done as the page does: the captcha solved, the account sent. */
export async function forgotPasswordFor(client: Client, account: string, ip?: string) {
  const start = (await client.post('/message/v1/captcha/gen', {}, { ip })).json().data;
  const verified = await client.post('/user/v1/pwd/forget/verify-account', {
    requestId: start.requestId, capKey: start.capKey, capText: await captchaAnswer(client, start.capKey), userId: await client.encrypt(account),
  }, { ip });
  return { requestId: start.requestId as string, verified };
}
