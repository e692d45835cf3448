import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { startEntry } from './processes';

/**
 * The portal one Playwright worker's journeys run against: the real server (tests/e2e/serve.ts,
 * with its own OpenLDAP when slapd is installed) on a port of the worker's own, with a fresh
 * SQLite database seeded with the demo organisation. Each worker has its own, so no journey
 * sees another worker's changes, and a worker that restarts after a failure starts afresh.
 */

/**
 * The first worker's port; worker n listens on BASE_PORT + n and its other servers on
 * BASE_PORT + 10 + 5n…: another run on the same machine picks a base at least 20 apart.
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 18090);
/** Built SPA to serve; parallel runs build into their own folder (vite build --outDir …). */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist';
/** Ports the workers' other servers may take (the sample applications): SPARE_FROM + 5 × worker + slot; two workers fit below BASE_PORT + 20. */
const SPARE_FROM = BASE_PORT + 10;

export interface Portal {
  /** http://localhost:<port>: localhost, not 127.0.0.1, since an IP address is no valid WebAuthn relying-party id. */
  origin: string;
  port: number;
  /** The SQLite file the server uses: journeys write starting points into it (tests/e2e/db.ts). */
  dbFile: string;
  /** A port of this worker's own for another server (slot 0–4), such as a sample application. */
  ownPort(slot: number): number;
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the portal of the worker with this parallel index and resolves once it answers. */
export async function startPortal(index: number): Promise<Portal> {
  const port = BASE_PORT + index;
  // A worker that replaces one which failed may start while the old server is still leaving.
  for (let waited = 0; await listening(port); waited += 250) {
    if (waited > 20_000) throw new Error(`port ${port} is taken: another run uses E2E_PORT=${BASE_PORT}? Pick another base.`);
    await sleep(250);
  }
  const dataDir = `.tmp/e2e-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const origin = `http://localhost:${port}`;
  const child: ChildProcess = startEntry('e2eServe', {
    ...process.env,
    IDAAS_MODE: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    // The OpenID Connect issuer must be the address the browser and the sample applications use.
    PUBLIC_URL: origin,
    // Applications hear of a portal sign-out within a second even if the immediate sweep misses it.
    OIDC_LOGOUT_SWEEP_MS: '1000',
    DATABASE_URL: `file:${dataDir}/idaas.db`,
    STATIC_DIR,
    // The browser reaches the server directly, so the one "proxy hop" is the test itself: each
    // test sends its own X-Forwarded-For (tests/e2e/support.ts) and so its own client address.
    TRUST_PROXY: '1',
    // The real per-address numbers: the SMS captcha journey spends exactly these 3 free texts.
    SMS_IP_CAPTCHA_AFTER: '3',
    SMS_IP_HOURLY_LIMIT: '20',
    // Journeys text the same demo accounts (lisi, zhangsan…) many times within the hour the
    // real budget of 5 covers; the per-account refusal has its own API tests.
    SMS_ACCOUNT_HOURLY_LIMIT: '1000',
  }, ['ignore', 'ignore', 'pipe']);
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    said += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[portal ${port}] ${line}\n`);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  // A worker that ends without its fixtures' teardown (killed, crashed) takes its portal along.
  const orphaned = () => child.kill('SIGTERM');
  process.once('exit', orphaned);
  void exited.then(() => {
    gone = true;
    process.off('exit', orphaned);
  });

  const started = Date.now();
  for (;;) {
    if (gone) throw new Error(`the portal on ${port} exited before it answered: ${said}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/idaas/auth/v1/sm2_key`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the portal on ${port} did not answer within 120 s: ${said}`);
    }
    await sleep(200);
  }

  return {
    origin,
    port,
    dbFile: `${dataDir}/idaas.db`,
    ownPort: (slot) => SPARE_FROM + 5 * index + slot,
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      // The server closes its connections and its directory, then exits; a stuck one is killed.
      if ((await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)])) === false) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
