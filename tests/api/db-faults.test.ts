import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/freePort.js';
import { sm2Encrypt } from '../support/sm2Encrypt.js';
import { startSmsGateway } from '../support/smsGateway.js';

/**
 * What a PostgreSQL restart, a failover or an idle-connection reaper does to running servers:
 * their connections are terminated, and for a while no new one is accepted. Two real server
 * processes share one database of this file's own (so terminating its backends touches nobody
 * else), and must stay up, answer 503 E00503 (never 500, never a reset) while it is away, and
 * serve again by themselves when it is back.
 */

interface Answer { status: number; code?: string; body: string; ms: number; error?: string }

function request(port: number, method: string, path: string, options: { body?: unknown; cookie?: string } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent: false,
      headers: {
        'x-client-id': 'idaas-portal-test',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      },
    }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      res.on('end', () => {
        let code: string | undefined;
        try { code = (JSON.parse(body) as { code?: string }).code; } catch { /* not JSON */ }
        const cookie = res.headers['set-cookie']?.find((c) => c.startsWith('idaas_token='));
        resolve({ status: res.statusCode ?? 0, code, body: cookie ? `${body}\n${cookie}` : body, ms: performance.now() - started });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, body: '', ms: performance.now() - started, error: error.code ?? error.message }));
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until `ok` holds or `ms` passed; the last answer either way. */
async function until(ms: number, ask: () => Promise<Answer>, ok: (a: Answer) => boolean): Promise<Answer> {
  const deadline = performance.now() + ms;
  for (;;) {
    const answer = await ask();
    if (ok(answer) || performance.now() > deadline) return answer;
    await sleep(100);
  }
}

interface Instance { port: number; child: ChildProcess; log: () => string }

async function startInstance(databaseUrl: string, gatewayUrl: string): Promise<Instance> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [inject('compiled').server], {
    env: {
      ...process.env, IDAAS_MODE: 'test', DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1',
      STATIC_DIR: '', METRICS_PORT: '0', LOG_LEVEL: 'warn', SMS_GATEWAY_URL: gatewayUrl, SMS_WORKER_INTERVAL_MS: '200',
      OIDC_LOGOUT_SWEEP_MS: '500', DB_CONNECT_TIMEOUT_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  const ready = await until(90_000, () => request(port, 'GET', '/readyz'), (a) => a.status === 200 || child.exitCode !== null);
  if (ready.status !== 200) throw new Error(`server did not start:\n${log}`);
  return { port, child, log: () => log };
}

const pgBase = inject('pgWorkerUrls')[0];

describe.skipIf(!pgBase)('PostgreSQL going away under running servers', () => {
  const name = `${inject('pgRunPrefix')}_faults_${process.pid}`;
  const admin = (connectionString = pgBase) => {
    const client = new pg.Client({ connectionString });
    client.on('error', () => undefined);
    return client;
  };
  const runIn = async (connectionString: string | undefined, ...statements: string[]) => {
    const client = admin(connectionString);
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const run = (...statements: string[]) => runIn(pgBase, ...statements);
  const terminate = () => run(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
  let instances: Instance[] = [];
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let databaseUrl = '';
  const cookies: string[] = [];

  beforeAll(async () => {
    await run(`create database "${name}"`);
    const url = new URL(pgBase!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    gateway = await startSmsGateway();
    // One after the other: the first migrates and seeds, the second finds it done.
    instances.push(await startInstance(databaseUrl, gateway.url));
    instances.push(await startInstance(databaseUrl, gateway.url));
    for (const instance of instances) {
      const key = JSON.parse((await request(instance.port, 'GET', '/idaas/auth/v1/sm2_key')).body).data as { pubX: string; pubY: string };
      const encrypt = (value: string) => sm2Encrypt(value, `04${key.pubX}${key.pubY}`);
      const signedIn = await request(instance.port, 'POST', '/idaas/auth/v1/login-check', {
        body: { userId: encrypt('lisi'), password: encrypt('Idaas@2026'), deviceId: 'fault-test', deviceName: 'Chrome', loginType: 'ACCOUNT' },
      });
      const cookie = /idaas_token=[^;]+/.exec(signedIn.body)?.[0];
      if (!cookie) throw new Error(`sign-in failed: ${signedIn.body}`);
      cookies.push(cookie);
    }
  }, 240_000);

  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    instances = [];
    await gateway?.close();
    await run(`alter database "${name}" allow_connections true`).catch(() => undefined);
    await terminate().catch(() => undefined);
    await run(`drop database if exists "${name}"`).catch(() => undefined);
  });

  const read = (i: number) => request(instances[i].port, 'POST', '/idaas/user/v1/current-user-detail', { cookie: cookies[i], body: {} });
  const allUp = () => {
    for (const instance of instances) expect(instance.child.exitCode, instance.log()).toBeNull();
  };
  const cleanRefusal = (a: Answer) => a.status === 503 && a.code === 'E00503';

  it('serves again at once after its idle connections were terminated', async () => {
    for (const i of [0, 1]) expect((await read(i)).status).toBe(200);
    await terminate();
    await sleep(300);
    for (const i of [0, 1]) {
      const answer = await until(5_000, () => read(i), (a) => a.status === 200);
      expect(answer.status, answer.body).toBe(200);
    }
    allUp();
  });

  it('answers every request under load with a result or a clean 503 while connections are terminated, then recovers', { timeout: 60_000 }, async () => {
    const answers: Answer[] = [];
    let stop = false;
    const loops = Array.from({ length: 12 }, async (_, w) => {
      while (!stop) answers.push(await read(w % 2));
    });
    for (let round = 0; round < 4; round++) {
      await sleep(400);
      await terminate();
    }
    await sleep(400);
    stop = true;
    await Promise.all(loops);
    allUp();
    const unexpected = answers.filter((a) => a.status !== 200 && !cleanRefusal(a));
    expect(unexpected.map((a) => `${a.status} ${a.error ?? ''} ${a.body.slice(0, 120)}`)).toEqual([]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(20);
    for (const i of [0, 1]) expect((await until(5_000, () => read(i), (a) => a.status === 200)).status).toBe(200);
  });

  it('says not ready within two seconds during an outage, stays healthy, refuses cleanly, and is ready again by itself', { timeout: 60_000 }, async () => {
    await run(`alter database "${name}" allow_connections false`);
    await terminate();
    try {
      for (const { port } of instances) {
        const ready = await request(port, 'GET', '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.ms).toBeLessThan(2_000);
        expect((await request(port, 'GET', '/healthz')).status).toBe(200);
      }
      for (const i of [0, 1]) {
        const refused = await read(i);
        expect(refused.status, refused.body).toBe(503);
        expect(refused.code).toBe('E00503');
        expect(refused.ms).toBeLessThan(3_000);
      }
      // Long enough for every background loop (outbox worker, logout sweep) to fail a few times.
      await sleep(1_500);
      allUp();
    } finally {
      await run(`alter database "${name}" allow_connections true`);
    }
    for (const [i, { port }] of instances.entries()) {
      const ready = await until(10_000, () => request(port, 'GET', '/readyz'), (a) => a.status === 200);
      expect(ready.status, instances[i].log()).toBe(200);
      expect((await until(5_000, () => read(i), (a) => a.status === 200)).status).toBe(200);
    }
  });

  it('keeps its background loops: a text queued after the outage leaves through the outbox worker', { timeout: 30_000 }, async () => {
    // Queued straight into the table, so only the worker's own timer can deliver it.
    await runIn(databaseUrl, `insert into sms_outbox (mobile_no, purpose, content, sent_at, status, attempts, next_at, charges)
      values ('13800009999', 'LOGIN', 'after the outage', ${Date.now()}, 'pending', 0, 0, '[]')`);
    const deadline = Date.now() + 10_000;
    while (!gateway.received.some((m) => m.content === 'after the outage') && Date.now() < deadline) await sleep(100);
    expect(gateway.received.map((m) => m.content)).toContain('after the outage');
    allUp();
    for (const instance of instances) expect(instance.log()).not.toMatch(/Unhandled|uncaught/i);
  });
});
