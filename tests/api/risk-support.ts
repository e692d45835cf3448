import { expect } from 'vitest';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import type { Locator, Place } from '../../server/risk/types.js';
import { clientFor, passwordLogin, ROOMY_SMS_BUDGETS, testClock, type Client, type StoreCase } from './harness.js';

/** Test addresses (documentation ranges) and where the test's locator says they are. */
export const PLACES: Record<string, Place> = {
  '203.0.113': { country: 'CN', city: 'Shanghai', lat: 31.23, lon: 121.47 },
  '203.0.114': { country: 'CN', city: 'Shanghai', lat: 31.23, lon: 121.47 },
  '192.0.2': { country: 'CN', city: 'Beijing', lat: 39.9, lon: 116.4 },
  '198.51.100': { country: 'FR', city: 'Paris', lat: 48.86, lon: 2.35 },
};
export const SHANGHAI = (n: number) => `203.0.113.${n}`;
export const SHANGHAI_OTHER_NET = (n: number) => `203.0.114.${n}`;
export const BEIJING = (n: number) => `192.0.2.${n}`;
export const PARIS = (n: number) => `198.51.100.${n}`;

/** A location database in a map: the first three octets of an IPv4 address name its place. */
export const testLocator: Locator = {
  locate: (ip) => PLACES[ip.replace(/^::ffff:/, '').split('.').slice(0, 3).join('.')] ?? null,
};

/** A portal on a seeded store whose addresses are located by `testLocator`, as GEOIP_DB would. */
export async function startRiskClient(store: StoreCase, label: string): Promise<Client> {
  const clock = testClock();
  const config = readConfig({ IDAAS_MODE: 'test', DATABASE_URL: await store.seededUrl(label), ...ROOMY_SMS_BUDGETS }, { staticDir: null });
  return clientFor(await buildApp({ config, clock, locator: testLocator }), clock);
}

/** The newest sign-in log row of an account: its result and judgement. */
export async function lastLogRow(client: Client, account: string) {
  return client.app.store.db.selectFrom('login_history')
    .select(['login_msg', 'opt_type', 'risk_level', 'risk_signals', 'risk_place', 'ip'])
    .where('account', '=', account).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
}

/** Signs in by password from `ip` on `deviceId` and answers the response and the log row's judgement. */
export async function judged(client: Client, account: string, ip: string, deviceId = 'laptop', extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const res = await passwordLogin(client, account, undefined, { deviceId, ...extra }, ip, headers);
  const row = await lastLogRow(client, account);
  return { res, data: res.json().data, code: res.json().code as string, row, signals: row.risk_signals ? row.risk_signals.split(',') : [] };
}

const POLICIES = '/admin/v1/policies/update';
const DEFAULT_RISK = {
  enabled: true, medium: 'ALLOW', high: 'STEP_UP', signals: { BLOCKED_ZONE: 'REFUSE', IMPOSSIBLE_TRAVEL: 'STEP_UP' }, newDeviceDays: 90, notify: true, enrolOnStepUp: true,
};

/** Sets the default risk policy (as the security administrator) for `run`, and puts the default back afterwards. */
export async function withRiskPolicy(client: Client, security: string, risk: Record<string, unknown>, run: () => Promise<void>): Promise<void> {
  const res = await client.post(POLICIES, { risk: { ...DEFAULT_RISK, ...risk } }, { token: security });
  expect(res.json().code, res.body).toBe('D00000');
  try {
    await run();
  } finally {
    const back = await client.post(POLICIES, { risk: DEFAULT_RISK }, { token: security });
    expect(back.json().code, back.body).toBe('D00000');
  }
}
