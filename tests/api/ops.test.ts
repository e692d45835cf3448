import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { startMetricsServer } from '../../server/platform/ops/metricsRoute.js';
import { clientFor, passwordLogin, signIn, startClient, storeCases, type Client } from './harness.js';

const TOKEN = 'metrics-token-for-tests';

describe.each(storeCases())('health, readiness and metrics ($name)', (store) => {
  let client: Client;
  beforeAll(async () => {
    client = await startClient(store, 'ops', { metrics: { port: 0, host: '127.0.0.1', token: TOKEN } });
  });
  afterAll(async () => { await client?.close(); });

  const scrape = (authorization?: string) => client.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers /healthz outside the /idaas envelope', async () => {
    const res = await client.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 200 when the database answers and every migration ran, 503 otherwise', async () => {
    expect((await client.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const db = client.app.store.db;
    const newest = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const { name, timestamp } = newest.rows[0];
    await sql`delete from kysely_migration where name = ${name}`.execute(db);
    try {
      const res = await client.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'migrations pending', pending: 1 });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(db);
    }
    expect((await client.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers /readyz 503 while draining', async () => {
    client.app.ops.state.draining = true;
    try {
      expect((await client.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      client.app.ops.state.draining = false;
    }
  });

  it('hides /metrics on the main port from callers without the token', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(404);
    expect((await scrape(TOKEN)).statusCode).toBe(404);
  });

  it('counts requests by route pattern, sign-ins by method and result, codes, sessions and queries', async () => {
    await client.app.inject({ method: 'GET', url: '/healthz' });
    await signIn(client, 'lisi');
    await passwordLogin(client, 'lisi', 'Wrong-password1');
    await signIn(client, 'zhaoliu');
    await client.post('/auth/v1/second-auth', { srmi: 'nope', smsCodeKey: 'nope', validateCode: '000000', deviceId: 'x' });
    await client.app.inject({ method: 'GET', url: '/idaas/auth/v1/sso/go/secret-looking-client?ticket=abcdef123' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/idaas_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toMatch(/idaas_http_request_duration_seconds_count\{method="POST",route="\/idaas\/auth\/v1\/login-check",status="200"\} \d+/);
    expect(text).toContain('route="/idaas/auth/v1/sso/go/:clientId"');
    expect(text).not.toMatch(/secret-looking-client|abcdef123/);
    expect(text).toMatch(/idaas_sign_ins_total\{method="ACCOUNT",code="D00000"\} [1-9]/);
    expect(text).toMatch(/idaas_sign_ins_total\{method="ACCOUNT",code="E\d+"\} [1-9]/);
    expect(text).toMatch(/idaas_sign_ins_total\{method="SECOND_AUTH",code="D00000"\} [1-9]/);
    expect(text).toMatch(/idaas_otp_checks_total\{purpose="second-auth",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/idaas_sms_deliveries_total\{outcome="sent"\} [1-9]/);
    expect(Number(/idaas_active_sessions (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(new RegExp(`idaas_db_query_duration_seconds_count\\{store="${store.name}",outcome="ok"\\} [1-9]`));
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (store.name === 'postgres') expect(text).toMatch(/idaas_db_pool_connections\{state="total"\} [1-9]/);
  });
});

describe.each(storeCases())('access log ($name)', (store) => {
  const lines: Record<string, unknown>[] = [];
  let client: Client;
  beforeAll(async () => {
    const config = readConfig({ IDAAS_MODE: 'test', DATABASE_URL: await store.seededUrl('accesslog'), LOG_LEVEL: 'info' }, { staticDir: null });
    client = clientFor(await buildApp({ config, logger: true, logStream: { write: (line) => { lines.push(JSON.parse(line)); } } }));
  });
  afterAll(async () => { await client?.close(); });

  it('writes one line per request with method, route, status, time and request id; probes stay out at info', async () => {
    lines.length = 0;
    await client.app.inject({ method: 'GET', url: '/healthz' });
    await client.app.inject({ method: 'GET', url: '/readyz' });
    await client.get('/auth/v1/sm2_key?x=1');
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 30, msg: 'request completed', method: 'GET', route: '/idaas/auth/v1/sm2_key', status: 200 });
    expect(typeof requestLines[0].ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('x=1');
  });

  it('logs an unknown path once, as unmatched, without its URL', async () => {
    lines.length = 0;
    await client.app.inject({ method: 'GET', url: '/no/such/page?code=123456' });
    expect(lines.filter((l) => l.reqId !== undefined)).toMatchObject([{ msg: 'request completed', route: '(unmatched)', status: 404 }]);
    expect(JSON.stringify(lines)).not.toContain('123456');
  });
});

describe('metrics listener of its own', () => {
  it('serves /metrics on loopback and nothing else', async () => {
    const server = await startMetricsServer('127.0.0.1', 0);
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE idaas_http_request_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe.each(storeCases())('SMS metrics ($name)', (store) => {
  let client: Client;
  beforeAll(async () => {
    // Nothing listens on port 9: every delivery attempt fails at once.
    client = await startClient(store, 'opssms', { metrics: { port: 0, host: '127.0.0.1', token: TOKEN } }, {
      SMS_IP_CAPTCHA_AFTER: '10000', SMS_IP_HOURLY_LIMIT: '10000', SMS_ACCOUNT_HOURLY_LIMIT: '10000', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms', SMS_WORKER_INTERVAL_MS: '0',
    });
  });
  afterAll(async () => { await client?.close(); });

  it('counts gateway failures and deliveries to retry', async () => {
    expect((await client.post('/auth/v1/send-msg/msg-login', { mobileNo: '13800000002' })).json().code).toBe('D00000');
    await client.app.services.sms.deliverDue();
    const text = (await client.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(text).toMatch(/idaas_sms_gateway_failures_total [1-9]/);
    expect(text).toMatch(/idaas_sms_deliveries_total\{outcome="retry"\} [1-9]/);
  });
});
