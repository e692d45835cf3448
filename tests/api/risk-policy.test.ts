import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastSmsCode, signIn, storeCases, type Client } from './harness.js';
import { BEIJING, judged, lastLogRow, PARIS, SHANGHAI, startRiskClient, withRiskPolicy } from './risk-support.js';
import { zonesRepo } from '../../server/risk/zonesRepository.js';
import type { SignInAlertInput } from '../../server/risk/types.js';
import type { Caller } from '../../server/composition/context.js';
import { usersRepo } from '../../server/organisation/usersRepository.js';

/**
 * What the risk policy makes of a judged sign-in, on both stores: zones (blocked refused, office
 * known, an application confined), the default's and an application's actions (allow, step-up,
 * refuse), a step-up for a person without a factor (enrol, or E30060), a policy switched off,
 * the judgement on every method's log row, and the audit chain over judged rows. The tests share
 * one portal a store (building one per test was 22 apps and databases for this file), so each
 * keeps to what it makes: its own employees, devices and addresses (no other test signs them in),
 * zones of its own name over ranges no other test signs in from, and every policy it changes put
 * back when it ends. The clock only moves forward, by minutes. The security administrator signs
 * in afresh for each test, whatever time the tests before it let pass.
 */
describe.each(storeCases())('risk policy ($name)', (store) => {
  let client: Client;
  let security: string;
  beforeAll(async () => { client = await startRiskClient(store, 'riskpolicy'); });
  afterAll(async () => { await client?.close(); });
  beforeEach(async () => { security = await signIn(client, 'secadmin'); });

  const db = () => client.app.store.db;
  async function zone(name: string, kind: 'OFFICE' | 'VPN' | 'BLOCKED', ranges: string[]): Promise<number> {
    const id = await zonesRepo(db()).create({ name: `${name}-${store.name}`, kind, ranges }, client.clock.now());
    client.app.services.risk.zones.invalidate();
    return id;
  }
  const appPolicy = async (appId: string, policy: unknown) => {
    await db().updateTable('apps').set({ risk_policy: policy === null ? null : JSON.stringify(policy) }).where('app_id', '=', appId).execute();
  };
  const withoutPhone = (account: string) => db().updateTable('users').set({ mobile_no: null }).where('user_id', '=', account).execute();

  it('refuses an address in a blocked zone (E30056) and records why', async () => {
    await zone('blocked', 'BLOCKED', ['198.18.0.0/15', '2001:db8:dead::/48']);
    const refused = await judged(client, 'emp0021', '198.19.4.4', 'laptop-21');
    expect(refused.code).toBe('E30056');
    expect(refused.row).toMatchObject({ login_msg: 'E30056', risk_level: 'HIGH' });
    expect(refused.signals).toContain('BLOCKED_ZONE');
    expect((await judged(client, 'emp0021', '2001:db8:dead:1::9', 'laptop-21')).code).toBe('E30056');
    // Nothing of a refused sign-in is learnt: the network stays new.
    expect((await judged(client, 'emp0021', SHANGHAI(21), 'laptop-21')).signals).toEqual(['NEW_DEVICE', 'NEW_NETWORK']);
  });

  it('never counts an office or VPN address as a new network', async () => {
    await zone('office', 'OFFICE', ['10.20.0.0/16']);
    await zone('vpn', 'VPN', ['100.64.8.0/24']);
    expect((await judged(client, 'emp0022', '10.20.3.4', 'laptop-22')).signals).toEqual(['NEW_DEVICE']);
    expect((await judged(client, 'emp0022', '100.64.8.200', 'laptop-22')).signals).toEqual([]);
  });

  it('confines an application with zones to them, and decides by its own actions', async () => {
    const office = await zone('hq', 'OFFICE', ['10.30.0.0/16']);
    await appPolicy('wiki', { medium: 'ALLOW', high: 'STEP_UP', signals: {}, zones: [office] });
    await appPolicy('oa', { medium: 'STEP_UP', high: 'REFUSE', signals: {}, zones: [] });
    try {
      const outside = await judged(client, 'emp0023', SHANGHAI(23), 'laptop-23', { appId: 'wiki' });
      expect(outside.code).toBe('E30056');
      expect(outside.row.risk_level).toBe('MEDIUM');
      expect((await judged(client, 'emp0023', '10.30.1.1', 'laptop-23', { appId: 'wiki' })).code).toBe('D00000');
      // The portal itself (no application) follows the default: a medium risk is let through.
      expect((await judged(client, 'emp0024', SHANGHAI(24), 'laptop-24')).data.secondAuth).toBe(false);
      // oa steps a medium risk up.
      const oa = await judged(client, 'emp0024', SHANGHAI(24), 'phone-24', { appId: 'oa' });
      expect(oa.signals).toEqual(['NEW_DEVICE']);
      expect(oa.data.secondAuth).toBe(true);
    } finally {
      await appPolicy('wiki', null);
      await appPolicy('oa', null);
    }
  });

  it('steps up by the default policy and opens the session once the second factor is passed', async () => {
    client.clock.advance(61_000);
    await withRiskPolicy(client, security, { medium: 'STEP_UP' }, async () => {
      const first = await judged(client, 'emp0026', SHANGHAI(26), 'laptop-26');
      expect(first.data).toMatchObject({ secondAuth: true, srmi: expect.any(String) });
      expect(first.row).toMatchObject({ login_msg: 'D00000', risk_level: 'MEDIUM' });
      const sent = (await client.post('/auth/v1/send-msg/second-auth', { srmi: first.data.srmi })).json().data;
      const passed = await client.post('/auth/v1/second-auth', {
        srmi: first.data.srmi, smsCodeKey: sent.smsCodeKey, validateCode: await lastSmsCode(client, '13910000026'), deviceId: 'laptop-26',
      });
      expect(passed.json().code).toBe('D00000');
      // The session opened after the step: the network and the device are known from now on.
      expect((await judged(client, 'emp0026', SHANGHAI(126), 'laptop-26')).signals).toEqual([]);
    });
  });

  it('refuses by a named signal, whatever the level says', async () => {
    await withRiskPolicy(client, security, { signals: { NEW_DEVICE: 'REFUSE' } }, async () => {
      await judged(client, 'emp0027', SHANGHAI(27), 'laptop-27').then((r) => expect(r.code).toBe('E30056'));
    });
    expect((await judged(client, 'emp0027', SHANGHAI(27), 'laptop-27')).code).toBe('D00000');
  });

  it('offers the enrolment step to a stepped-up person without a factor, or refuses with E30060 when the policy does not allow it', async () => {
    await withoutPhone('emp0028');
    await withRiskPolicy(client, security, { medium: 'STEP_UP' }, async () => {
      const enrol = await judged(client, 'emp0028', SHANGHAI(28), 'laptop-28');
      expect(enrol.code).toBe('D00000');
      expect(enrol.data.steps.map((s: { code: string }) => s.code)).toEqual(['ENROL-FACTOR', 'FINISH']);
    });
    await withRiskPolicy(client, security, { medium: 'STEP_UP', enrolOnStepUp: false }, async () => {
      const refused = await judged(client, 'emp0028', SHANGHAI(28), 'laptop-28');
      expect(refused.code).toBe('E30060');
      expect(refused.res.json().message).toBeTruthy();
      expect(refused.row).toMatchObject({ login_msg: 'E30060', risk_level: 'MEDIUM' });
    });
  });

  it('only records when switched off: a blocked address is let through, its row says HIGH', async () => {
    await zone('blocked-off', 'BLOCKED', ['198.20.0.0/24']);
    await withRiskPolicy(client, security, { enabled: false }, async () => {
      const through = await judged(client, 'emp0029', '198.20.0.9', 'laptop-29');
      expect(through.code).toBe('D00000');
      expect(through.row.risk_level).toBe('HIGH');
      expect(through.signals).toContain('BLOCKED_ZONE');
    });
  });

  it('judges the texted-code sign-in too', async () => {
    client.clock.advance(61_000);
    const sent = await client.post('/auth/v1/send-msg/msg-login', { mobileNo: '13910000031' }, { ip: PARIS(31) });
    const res = await client.post('/auth/v1/msg-login/login-check', {
      mobileNo: '13910000031', validateCode: await lastSmsCode(client, '13910000031'), smsCodeKey: sent.json().data.msgCodeKey,
    }, { ip: PARIS(31) });
    expect(res.json().code).toBe('D00000');
    expect(await lastLogRow(client, 'emp0031')).toMatchObject({ opt_type: 'MSG_CODE', risk_level: 'MEDIUM', risk_place: 'FR Paris' });
  });

  it('tells of a new device or network only someone who signed in before, and never fails the sign-in for it', async () => {
    const risk = client.app.services.risk;
    const emp = (await usersRepo(db()).findByAccount('emp0032'))!;
    const caller = (ip: string): Caller => ({ ip, userAgent: null, deviceId: 'laptop-32', deviceName: null, trustTokens: {} });
    const firstEver = await risk.judge(emp, undefined, caller(SHANGHAI(32)), { deviceTrusted: false });
    expect(firstEver).toMatchObject({ notify: false, action: 'ALLOW' });
    await risk.signedIn(emp, firstEver, caller(SHANGHAI(32)));
    const told: SignInAlertInput[] = [];
    const elsewhere = await risk.judge(emp, undefined, caller(PARIS(32)), { deviceTrusted: false });
    expect(elsewhere.notify).toBe(true);
    await risk.signedIn(emp, elsewhere, caller(PARIS(32)), { raise: async (input) => { told.push(input); } });
    expect(told).toEqual([expect.objectContaining({ user: { id: emp.id, mobileNo: '13910000032' }, place: 'FR Paris', signals: ['NEW_DEVICE', 'NEW_NETWORK'] })]);
    const failing = { raise: async () => { throw new Error('the gateway is down'); } };
    await expect(risk.signedIn(emp, elsewhere, caller(PARIS(32)), failing)).resolves.toBeUndefined();
  });

  it('raises a sign-in alert after a sign-in from a new network by someone who signed in before, not after a first sign-in', async () => {
    const alerts = async () => {
      const id = (await db().selectFrom('users').select('id').where('user_id', '=', 'emp0033').executeTakeFirstOrThrow()).id;
      return db().selectFrom('sign_in_alerts').select(['signals', 'place']).where('user_ref', '=', id).execute();
    };
    expect((await judged(client, 'emp0033', SHANGHAI(33), 'laptop-33')).code).toBe('D00000');
    expect(await alerts()).toEqual([]);
    expect((await judged(client, 'emp0033', SHANGHAI(34), 'laptop-33')).code).toBe('D00000');
    expect(await alerts()).toEqual([]);
    client.clock.advance(2 * 3_600_000);
    const beijing = await judged(client, 'emp0033', BEIJING(33), 'laptop-33');
    expect(beijing.data.secondAuth).toBe(false);
    expect(await alerts()).toEqual([{ signals: 'NEW_NETWORK', place: 'CN Beijing' }]);
  });

  it('keeps the audit chain intact over judged sign-in rows', async () => {
    // Judged rows of its own: let through, refused by a blocked zone, and stepped up.
    await zone('blocked-chain', 'BLOCKED', ['198.21.0.0/24']);
    for (let n = 41; n <= 49; n++) expect((await judged(client, `emp00${n}`, SHANGHAI(n), `laptop-${n}`)).code).toBe('D00000');
    expect((await judged(client, 'emp0051', '198.21.0.51', 'laptop-51')).code).toBe('E30056');
    await withRiskPolicy(client, security, { medium: 'STEP_UP' }, async () => {
      expect((await judged(client, 'emp0051', SHANGHAI(51), 'laptop-51')).data.secondAuth).toBe(true);
    });
    const judgedRows = await db().selectFrom('login_history').select((eb) => eb.fn.countAll<number>().as('n')).where('risk_level', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(judgedRows.n)).toBeGreaterThan(10);
    expect(await client.app.services.admin.trail.verify('test')).toMatchObject({ intact: true });
  });
});
