import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sm2Encrypt } from '../support/sm2Encrypt.js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/freePort.js';

interface Outcome { start: number; end: number; status?: number; error?: string }

/** One request on a keep-alive agent; the outcome, never a throw. */
function send(agent: http.Agent, port: number, method: string, path: string, body?: unknown): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent,
      headers: { 'x-client-id': 'idaas-portal-test', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ start, end: performance.now(), status: res.statusCode }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ start, end: performance.now(), error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ start, end: performance.now(), error: error.code ?? error.message }));
    req.end(payload);
  });
}

describe('graceful shutdown of the real server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-shutdown-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes every accepted request after SIGTERM and exits 0', { timeout: 120_000 }, async () => {
    const port = await freePort();
    let log = '';
    child = spawn(process.execPath, [inject('compiled').server], {
      env: {
        ...process.env, IDAAS_MODE: 'test', DATABASE_URL: `file:${join(dir, 'idaas.db')}`, PORT: String(port), HOST: '127.0.0.1',
        STATIC_DIR: '', METRICS_PORT: '0', LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '20', LOGIN_IP_FAILURES_PER_HOUR: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    child.stderr!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));

    const probe = new http.Agent({ keepAlive: false });
    for (let i = 0; ; i++) {
      const res = await send(probe, port, 'GET', '/healthz');
      if (res.status === 200) break;
      if (i > 600 || child.exitCode !== null) throw new Error(`server did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const key = JSON.parse(await new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/idaas/auth/v1/sm2_key' }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => { text += c.toString(); });
        res.on('end', () => resolve(text));
      }).on('error', reject);
    })).data;
    const publicKey = `04${key.pubX}${key.pubY}`;
    const encrypt = (value: string) => sm2Encrypt(value, publicKey);

    const outcomes: Outcome[] = [];
    let stop = false;
    // Sign-ins (argon2, several statements) and cheap reads, on connections kept alive as a load balancer does.
    const workers = Array.from({ length: 8 }, async (_, w) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; !stop; i++) {
        const outcome = (w + i) % 2
          ? await send(agent, port, 'POST', '/idaas/auth/v1/login-check', {
            userId: encrypt('lisi'), password: encrypt('Idaas@2026'), deviceId: `dev-${w}`, deviceName: 'Chrome', loginType: 'ACCOUNT',
          })
          : await send(agent, port, 'GET', '/idaas/auth/v1/sm2_key');
        outcomes.push(outcome);
        if (outcome.error === 'ECONNREFUSED') break;
      }
      agent.destroy();
    });

    // Under way: enough answers that every worker is in its loop (however busy the machine).
    for (let i = 0; outcomes.length < 24 && i < 600; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const sigtermAt = performance.now();
    child.kill('SIGTERM');
    const code = await exited;
    stop = true;
    await Promise.all(workers);

    expect(code, log).toBe(0);
    const before = outcomes.filter((o) => o.start < sigtermAt);
    expect(before.length).toBeGreaterThanOrEqual(24);
    // Whatever was sent before the signal got its answer, and a good one.
    expect(before.filter((o) => o.status !== 200), log).toEqual([]);
    // Answers that were still running when the signal came finished.
    expect(before.filter((o) => o.end > sigtermAt).length).toBeGreaterThan(0);
    // Afterwards no request is turned away with an error status: it is served while the
    // listener settles, or finds the listener gone (refused, or reset from the accept queue).
    const after = outcomes.filter((o) => o.start >= sigtermAt);
    expect(after.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
    for (const o of after) if (o.error) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(o.error);
    expect(log).toMatch(/shutting down/);
    expect(log).toMatch(/"msg":"shut down"/);
  });
});
