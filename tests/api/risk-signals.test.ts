import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../server/platform/lib/clock.js';
import { localHour } from '../../server/platform/lib/timeZone.js';
import { lastSmsCode, passwordLogin, solvedCaptcha, startClient, storeCases, type Client } from './harness.js';
import { BEIJING, judged, PARIS, SHANGHAI, SHANGHAI_OTHER_NET, startRiskClient } from './risk-support.js';

/**
 * Each risk signal fires when it should and stays quiet when it should not, on both stores: the
 * addresses are located by the test's locator, time moves on the test clock. Every test signs in
 * its own generated employee (emp00xx) from addresses of its own, so their profiles and failure
 * counts do not meet, and the tests share one portal a store (one per test was 16 apps and
 * databases for this file). Its clock only moves forward, by hours at most; the test that moves
 * it by months has a portal of its own, since every demo password expires on the way.
 */
describe.each(storeCases())('risk signals ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startRiskClient(store, 'risksignals'); });
  afterAll(async () => { await client?.close(); });

  const userRef = async (account: string) =>
    (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow()).id;

  it('judges a first sign-in new device and new network (MEDIUM, let through), the same device and network after LOW', async () => {
    const first = await judged(client, 'emp0001', SHANGHAI(5), 'laptop-1');
    expect(first.code).toBe('D00000');
    expect(first.data.secondAuth).toBe(false);
    expect(first.row).toMatchObject({ login_msg: 'D00000', risk_level: 'MEDIUM', risk_signals: 'NEW_DEVICE,NEW_NETWORK', risk_place: 'CN Shanghai' });

    // Another address of the same /24 on the same device: nothing unusual.
    const again = await judged(client, 'emp0001', SHANGHAI(77), 'laptop-1');
    expect(again.row).toMatchObject({ risk_level: 'LOW', risk_signals: '' });
    // The IPv4-mapped form of the same network is the same network.
    expect((await judged(client, 'emp0001', `::ffff:${SHANGHAI(9)}`, 'laptop-1')).signals).toEqual([]);

    expect((await judged(client, 'emp0001', SHANGHAI(5), 'phone-1')).signals).toEqual(['NEW_DEVICE']);
    expect((await judged(client, 'emp0001', SHANGHAI_OTHER_NET(5), 'laptop-1')).signals).toEqual(['NEW_NETWORK']);
  });

  it('takes an IPv6 address by its /48', async () => {
    expect((await judged(client, 'emp0003', '2001:db8:1:a::1', 'laptop-3')).signals).toEqual(['NEW_DEVICE', 'NEW_NETWORK']);
    expect((await judged(client, 'emp0003', '2001:db8:1:b::2', 'laptop-3')).signals).toEqual([]);
    expect((await judged(client, 'emp0003', '2001:db8:2::2', 'laptop-3')).signals).toEqual(['NEW_NETWORK']);
  });

  it('flags travel no one can make as impossible and steps the sign-in up, not a flight that fits the time', async () => {
    await judged(client, 'emp0004', SHANGHAI(4), 'laptop-4');
    client.clock.advance(2 * HOUR);
    // Shanghai to Beijing (~1070 km) in two hours: a flight.
    const beijing = await judged(client, 'emp0004', BEIJING(4), 'laptop-4');
    expect(beijing.signals).toEqual(['NEW_NETWORK']);
    expect(beijing.row.risk_place).toBe('CN Beijing');
    client.clock.advance(1 * HOUR);
    // Beijing to Paris (~8200 km) in an hour: not one person.
    const paris = await judged(client, 'emp0004', PARIS(4), 'laptop-4');
    expect(paris.signals).toEqual(['NEW_NETWORK', 'IMPOSSIBLE_TRAVEL']);
    expect(paris.row.risk_level).toBe('HIGH');
    expect(paris.data).toMatchObject({ secondAuth: true, srmi: expect.any(String) });
    // Within the geolocation slack, no time is too short.
    client.clock.advance(1000);
    expect((await judged(client, 'emp0004', PARIS(5), 'laptop-4')).signals).not.toContain('IMPOSSIBLE_TRAVEL');
  });

  it('steps up even a browser the person trusts when the travel is impossible', async () => {
    client.clock.advance(61_000);
    await client.app.store.db.updateTable('users').set({ second_auth_required: 1 }).where('user_id', '=', 'emp0005').execute();
    const first = await judged(client, 'emp0005', SHANGHAI(15), 'laptop-5');
    const srmi = first.data.srmi;
    const sent = (await client.post('/auth/v1/send-msg/second-auth', { srmi })).json().data;
    const passed = await client.post('/auth/v1/second-auth', { srmi, smsCodeKey: sent.smsCodeKey, validateCode: await lastSmsCode(client, '13910000005'), deviceId: 'laptop-5' });
    expect(passed.json().code).toBe('D00000');
    const trust = passed.cookies.find((c) => c.name.startsWith('idaas_dt_'))!;
    const cookie = { cookie: `${trust.name}=${trust.value}` };
    // Trusted: no second factor from home.
    expect((await judged(client, 'emp0005', SHANGHAI(15), 'laptop-5', {}, cookie)).data.secondAuth).toBe(false);
    await client.app.store.db.updateTable('users').set({ second_auth_required: 0 }).where('user_id', '=', 'emp0005').execute();
    client.clock.advance(10 * 60_000);
    const paris = await judged(client, 'emp0005', PARIS(15), 'laptop-5', {}, cookie);
    expect(paris.signals).toContain('IMPOSSIBLE_TRAVEL');
    expect(paris.data.secondAuth).toBe(true);
  });

  it('sees two sign-ins at once from two countries: whichever is judged second is impossible travel', async () => {
    await client.app.store.db.updateTable('users').set({ second_auth_required: 0 }).where('user_id', '=', 'emp0006').execute();
    const [a, b] = await Promise.all([
      passwordLogin(client, 'emp0006', undefined, { deviceId: 'laptop-6' }, SHANGHAI(6)),
      passwordLogin(client, 'emp0006', undefined, { deviceId: 'laptop-6' }, PARIS(6)),
    ]);
    expect([a.json().code, b.json().code]).toEqual(['D00000', 'D00000']);
    const rows = await client.app.store.db.selectFrom('login_history').select(['risk_signals', 'ip']).where('account', '=', 'emp0006').execute();
    expect(rows).toHaveLength(2);
    const flagged = rows.filter((r) => r.risk_signals!.split(',').includes('IMPOSSIBLE_TRAVEL'));
    expect(flagged).toHaveLength(1);
    // The one flagged was stepped up; the other went straight through.
    expect([a, b].filter((r) => r.json().data.secondAuth).length).toBe(1);
  });

  it('finds an hour unusual only for a person with enough history who never signs in near it', async () => {
    await judged(client, 'emp0007', SHANGHAI(7), 'laptop-7');
    const id = await userRef('emp0007');
    const hour = localHour(client.clock.now(), client.app.config.timeZone);
    const history = async (counts: Record<number, number>) => {
      const hours = new Array<number>(24).fill(0);
      for (const [h, n] of Object.entries(counts)) hours[Number(h)] = n;
      await client.app.store.db.updateTable('risk_profiles').set({ hours: JSON.stringify(hours) }).where('user_ref', '=', id).execute();
      return (await judged(client, 'emp0007', SHANGHAI(7), 'laptop-7')).signals;
    };
    expect(await history({ [(hour + 12) % 24]: 20 })).toEqual(['UNUSUAL_HOUR']);
    expect(await history({ [(hour + 12) % 24]: 19 })).toEqual([]);
    expect(await history({ [(hour + 1) % 24]: 1, [(hour + 12) % 24]: 30 })).toEqual([]);
    expect(await history({ [(hour + 23) % 24]: 1, [(hour + 12) % 24]: 30 })).toEqual([]);
    // Each successful sign-in counts at its hour.
    const stored = await client.app.store.db.selectFrom('risk_profiles').select('hours').where('user_ref', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.hours)[hour]).toBe(1);
  });

  it('notes recent failures against the account (3) or from the address (10), not fewer', async () => {
    await judged(client, 'emp0008', SHANGHAI(8), 'laptop-8');
    for (let i = 0; i < 2; i++) expect((await passwordLogin(client, 'emp0008', 'Wrong@2026', {}, SHANGHAI(8))).json().code).toBe('E30002');
    expect((await judged(client, 'emp0008', SHANGHAI(8), 'laptop-8')).signals).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await passwordLogin(client, 'emp0008', 'Wrong@2026', {}, SHANGHAI(8))).json().code).toBe('E30002');
    // The rows of the failed attempts are not judged.
    const failedRow = await client.app.store.db.selectFrom('login_history').select(['risk_level', 'risk_signals'])
      .where('account', '=', 'emp0008').where('login_msg', '=', 'E30002').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(failedRow).toEqual({ risk_level: null, risk_signals: null });
    const captcha = await solvedCaptcha(client);
    const after = await judged(client, 'emp0008', SHANGHAI(8), 'laptop-8', { capKey: captcha.capKey, validCode: captcha.capText });
    expect(after.code).toBe('D00000');
    expect(after.signals).toEqual(['RECENT_FAILURES']);
    // The success cleared the account's failures.
    expect((await judged(client, 'emp0008', SHANGHAI(8), 'laptop-8')).signals).toEqual([]);

    await judged(client, 'emp0009', SHANGHAI(9), 'laptop-9');
    const burst = SHANGHAI(109);
    for (let i = 0; i < 9; i++) await passwordLogin(client, `nobody-${i}`, 'Wrong@2026', {}, burst);
    expect((await judged(client, 'emp0009', burst, 'laptop-9')).signals).toEqual([]);
    await passwordLogin(client, 'nobody-9', 'Wrong@2026', {}, burst);
    expect((await judged(client, 'emp0009', burst, 'laptop-9')).signals).toEqual(['RECENT_FAILURES']);
  });
  // It moves its own portal's clock by months (the demo passwords expire on the way).
  it('forgets a device after newDeviceDays and a network after 90 days', async () => {
    const own = await startRiskClient(store, 'riskmonths');
    try {
      await judged(own, 'emp0002', SHANGHAI(6), 'laptop-2');
      own.clock.advance(89 * DAY);
      expect((await judged(own, 'emp0002', SHANGHAI(6), 'laptop-2')).signals).toEqual([]);
      own.clock.advance(91 * DAY);
      const later = await judged(own, 'emp0002', SHANGHAI(6), 'laptop-2');
      expect(later.signals).toEqual(['NEW_DEVICE', 'NEW_NETWORK']);
      // Judged before the expired password is told: the refusal's row carries the judgement.
      expect(later.row).toMatchObject({ login_msg: 'E30058', risk_level: 'MEDIUM' });
    } finally {
      await own.close();
    }
  });
});

describe.each(storeCases())('risk signals without a location database ($name)', (store) => {
  let client: Client;
  beforeEach(async () => { client = await startClient(store, 'risknogeo'); });
  afterEach(async () => { await client?.close(); });

  it('judges by prefixes only: no place, no impossible travel, and still learns networks and hours', async () => {
    const first = await judged(client, 'emp0011', SHANGHAI(11), 'laptop-11');
    expect(first.row).toMatchObject({ risk_level: 'MEDIUM', risk_signals: 'NEW_DEVICE,NEW_NETWORK', risk_place: null });
    client.clock.advance(60_000);
    const paris = await judged(client, 'emp0011', PARIS(11), 'laptop-11');
    expect(paris.signals).toEqual(['NEW_NETWORK']);
    expect((await judged(client, 'emp0011', PARIS(12), 'laptop-11')).signals).toEqual([]);
    const id = (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', 'emp0011').executeTakeFirstOrThrow()).id;
    const profile = await client.app.store.db.selectFrom('risk_profiles').select(['hours', 'last_lat']).where('user_ref', '=', id).executeTakeFirstOrThrow();
    expect((JSON.parse(profile.hours) as number[]).reduce((a, b) => a + b, 0)).toBe(3);
    expect(profile.last_lat).toBeNull();
  });
});
