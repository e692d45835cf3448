import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastSmsCode, passwordLogin, signIn, startClient, storeCases, type Client } from './harness.js';
import type { Caller } from '../../server/composition/context.js';
import type { RiskSignal } from '../../contract/schemas/risk.js';

const DAY = 86_400_000;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Sign-in alerts and "this was not me". The risk engine calls `raise` after a sign-in from a new
 * device or network; these tests call it directly through the built app's services
 * (client.app.services.alerts), so they hold whatever the engine decides. Every test has a portal
 * of its own (store, clock, texts, alerts and daily budgets), so none depends on what another
 * raised, spent or disowned, nor on another moving the clock, in whatever order they run.
 */
describe.each(storeCases())('sign-in alerts and "this was not me" ($name)', (store) => {
  let client: Client;
  let seq = 0;

  beforeEach(async () => {
    client = await startClient(store, 'risk-alerts');
  });
  afterEach(async () => { await client?.close(); });

  const db = () => client.app.store.db;
  const userOf = (account: string) => db().selectFrom('users').select(['id', 'mobile_no as mobileNo', 'must_change_password']).where('user_id', '=', account).executeTakeFirstOrThrow();
  const caller = (ip = `10.77.0.${++seq}`): Caller => ({ ip, userAgent: CHROME, deviceId: `dev-${seq}`, deviceName: null, trustTokens: {} });
  const raise = async (account: string, signals: RiskSignal[] = ['NEW_DEVICE'], place: string | null = 'CN Shanghai', from = caller()) => {
    const user = await userOf(account);
    await client.app.services.alerts.raise({ user: { id: user.id, mobileNo: user.mobileNo }, signals, place, caller: from });
    return from;
  };
  const alertText = async (mobileNo: string) => {
    const res = await client.get(`/dev/sms?mobileNo=${mobileNo}&purpose=sign-in-alert`);
    return res.statusCode === 200 ? (res.json().data as { content: string; purpose: string; code: string | null }) : null;
  };
  const tokenIn = (content: string) => /\/not-me\?token=([\w-]+)/.exec(content)![1];
  const alertsOf = async (account: string) => db().selectFrom('sign_in_alerts').selectAll().where('user_ref', '=', (await userOf(account)).id).orderBy('id', 'desc').execute();
  const peek = (token: string, ip?: string) => client.post('/auth/v1/not-me/peek', { token }, { ip });
  const notMe = (token: string, ip?: string) => client.post('/auth/v1/not-me', { token }, { ip });
  const signedIn = async (token: string) => (await client.post('/personal/v1/current-user-detail', {}, { token })).statusCode;

  it('raise() keeps the alert with a single-use token (its SHA-256, 7 days) and texts a link naming the time, device and place', async () => {
    const from = await raise('lisi', ['NEW_DEVICE', 'NEW_NETWORK']);
    const [alert] = await alertsOf('lisi');
    expect(alert).toMatchObject({ signals: 'NEW_DEVICE,NEW_NETWORK', ip: from.ip, place: 'CN Shanghai', device_name: expect.stringContaining('Chrome'), disowned_at: null, read_at: null });
    expect(alert.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(alert.token_expires_at) - Number(alert.created_at)).toBe(7 * DAY);
    const sms = (await alertText('13800000002'))!;
    expect(sms.purpose).toBe('sign-in-alert');
    expect(sms.code).toBeNull();
    expect(sms.content).toContain('CN Shanghai');
    expect(sms.content).toContain(from.ip);
    expect(sms.content).toContain('Chrome');
    expect(sms.content).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(sms.content).toMatch(/^.*http:\/\/localhost:\d+\/not-me\?token=[\w-]{43}/);
    // Only the digest is stored: the token in the text is not in the database.
    expect(alert.token_hash).not.toBe(tokenIn(sms.content));
    // "The latest text" of the number is never the alert: a reader of codes is not fooled.
    const latest = await client.get('/dev/sms?mobileNo=13800000002');
    if (latest.statusCode === 200) expect(latest.json().data.purpose).not.toBe('sign-in-alert');
  });

  it('an alert texted after a second-factor code leaves the code readable (lastSmsCode filters by purpose)', async () => {
    const started = (await passwordLogin(client, 'zhaoliu')).json();
    expect(started.data.secondAuth).toBe(true);
    const sent = (await client.post('/auth/v1/send-msg/second-auth', { srmi: started.data.srmi })).json();
    expect(sent.code).toBe('D00000');
    await raise('zhaoliu');
    expect((await alertText('13800000004'))).not.toBeNull();
    const code = await lastSmsCode(client, '13800000004');
    const passed = await client.post('/auth/v1/second-auth', { srmi: started.data.srmi, smsCodeKey: sent.data.smsCodeKey, validateCode: code, deviceId: 'test-device' });
    expect(passed.json().code).toBe('D00000');
  });

  it('texts at most 3 alerts a number a day, apart from the code budgets; alerts beyond are still kept, and a stopped phone gets none', async () => {
    const before = (await alertsOf('sunqi')).length;
    for (let i = 0; i < 4; i++) await raise('sunqi');
    expect((await alertsOf('sunqi')).length).toBe(before + 4);
    const texts = await db().selectFrom('sms_outbox').select('id').where('mobile_no', '=', '13800000005').where('purpose', '=', 'sign-in-alert').execute();
    expect(texts.length).toBe(3);
    // The codes' daily budget of the number was not touched.
    const daily = await db().selectFrom('limit_counters').select('hits').where('subject', '=', 'sms-day:13800000005').executeTakeFirst();
    expect(daily?.hits ?? 0).toBe(0);
    // A person without a phone: the alert is kept, nothing texted.
    await raise('deptadmin');
    expect((await alertsOf('deptadmin')).length).toBeGreaterThan(0);
    // A stopped phone: nothing texted either.
    await db().updateTable('users').set({ phone_disabled: 1 }).where('user_id', '=', 'zhangsan').execute();
    try {
      await raise('zhangsan');
      expect(await alertText('13800000001')).toBeNull();
    } finally {
      await db().updateTable('users').set({ phone_disabled: 0 }).where('user_id', '=', 'zhangsan').execute();
    }
  });

  it('the link shows what it disowns, then ends every session, revokes device trust and forces a new password at the next sign-in', async () => {
    const first = await signIn(client, 'lisi');
    const second = await signIn(client, 'lisi');
    const lisi = await userOf('lisi');
    // A trusted device of the person (as a passed second factor leaves one).
    await db().updateTable('devices').set({ trust_hash: 'f'.repeat(64), trusted_until: Date.now() + DAY }).where('user_ref', '=', lisi.id).execute();
    const from = await raise('lisi', ['NEW_NETWORK'], null);
    const token = tokenIn((await alertText('13800000002'))!.content);

    const peeked = (await peek(token)).json();
    expect(peeked).toMatchObject({ code: 'D00000', data: { ip: from.ip, place: null, signals: ['NEW_NETWORK'], deviceName: expect.stringContaining('Chrome') } });
    // Peeking changes nothing.
    expect(await signedIn(first)).toBe(200);

    const done = (await notMe(token)).json();
    expect(done).toMatchObject({ code: 'D00000', data: { passwordChangeRequired: true } });
    expect(done.data.sessionsEnded).toBeGreaterThanOrEqual(2);
    expect(await signedIn(first)).toBe(401);
    expect(await signedIn(second)).toBe(401);
    const trusted = await db().selectFrom('devices').select('id').where('user_ref', '=', lisi.id).where('trust_hash', 'is not', null).execute();
    expect(trusted).toEqual([]);
    expect((await userOf('lisi')).must_change_password).toBe(1);
    const next = (await passwordLogin(client, 'lisi')).json();
    expect(next.code).toBe('E30067');
    expect(next.data.srmi).toEqual(expect.any(String));
    const logged = await db().selectFrom('operation_log').select('scene_code').where('user_ref', '=', lisi.id).where('scene_code', '=', 'DISOWN_SIGN_IN').execute();
    expect(logged.length).toBe(1);

    // Spent: one answer for a used link.
    expect((await peek(token)).json().code).toBe('E30061');
    expect((await notMe(token)).json().code).toBe('E30061');
  });

  it('the same link used 20 times at once is honoured exactly once', async () => {
    await raise('zhangsan');
    const token = tokenIn((await alertText('13800000001'))!.content);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => notMe(token, `10.78.0.${i + 1}`)));
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'D00000').length).toBe(1);
    expect(codes.filter((c) => c === 'E30061').length).toBe(19);
    const logged = await db().selectFrom('operation_log').select('id').where('user_ref', '=', (await userOf('zhangsan')).id).where('scene_code', '=', 'DISOWN_SIGN_IN').execute();
    expect(logged.length).toBe(1);
    await db().updateTable('users').set({ must_change_password: 0 }).where('user_id', '=', 'zhangsan').execute();
  });

  it('the personal centre lists the caller\'s alerts newest first with unread marks, marks them read, and disowns only their own', async () => {
    await db().deleteFrom('sign_in_alerts').where('user_ref', '=', (await userOf('zhangsan')).id).execute();
    await raise('zhangsan', ['NEW_DEVICE'], 'CN Beijing');
    await raise('zhangsan', ['NEW_NETWORK'], 'CN Shenzhen');
    // Another person's alert, which zhangsan can neither mark nor disown.
    await raise('deptadmin');
    const others = await alertsOf('deptadmin');
    expect(others.length).toBe(1);
    const token = await signIn(client, 'zhangsan');
    const list = (await client.post('/personal/v1/sign-in-alerts/list', { pageNum: 1, pageSize: 10 }, { token })).json();
    expect(list).toMatchObject({ code: 'D00000', data: { total: 2, unread: 2 } });
    expect(list.data.datas.map((a: { place: string }) => a.place)).toEqual(['CN Shenzhen', 'CN Beijing']);
    expect(list.data.datas[0]).toMatchObject({ read: false, disownedDate: null, signals: ['NEW_NETWORK'] });
    const [newest, older] = list.data.datas as { id: number }[];

    // Another person's id changes nothing and says nothing.
    const marked = (await client.post('/personal/v1/sign-in-alerts/read', { ids: [older.id, others[0].id] }, { token })).json();
    expect(marked).toMatchObject({ code: 'D00000', data: { marked: 1 } });
    expect((await alertsOf('deptadmin'))[0].read_at).toBeNull();
    const after = (await client.post('/personal/v1/sign-in-alerts/list', { pageNum: 1, pageSize: 10 }, { token })).json();
    expect(after.data.unread).toBe(1);
    expect(after.data.datas.map((a: { read: boolean }) => a.read)).toEqual([false, true]);

    const notMine = await client.post('/personal/v1/sign-in-alerts/disown', { id: others[0].id }, { token });
    expect(notMine.json().code).toBe('E00404');
    expect((await alertsOf('deptadmin'))[0].disowned_at).toBeNull();
    expect((await client.post('/personal/v1/sign-in-alerts/disown', { id: 2 ** 31 - 1 }, { token })).json().code).toBe('E00404');

    const disowned = (await client.post('/personal/v1/sign-in-alerts/disown', { id: newest.id }, { token })).json();
    expect(disowned).toMatchObject({ code: 'D00000', data: { passwordChangeRequired: true } });
    // Every session ends, this one too.
    expect(await signedIn(token)).toBe(401);
    expect((await passwordLogin(client, 'zhangsan')).json().code).toBe('E30067');
    const rows = await alertsOf('zhangsan');
    expect(rows.find((a) => a.id === newest.id)!.disowned_at).not.toBeNull();
    await db().updateTable('users').set({ must_change_password: 0 }).where('user_id', '=', 'zhangsan').execute();

    // An alert already disowned: one answer, as for a used link.
    const again = await signIn(client, 'zhangsan');
    expect((await client.post('/personal/v1/sign-in-alerts/disown', { id: newest.id }, { token: again })).json().code).toBe('E30061');
  });

  it('the sign-in log and the devices page show how each sign-in was judged', async () => {
    const token = await signIn(client, 'sunqi');
    const sunqi = await userOf('sunqi');
    // The risk engine writes the judgement with the sign-in's log row; the log is append-only, so
    // here a judged sign-in of the same device is added after the one just made.
    const made = await db().selectFrom('login_history').selectAll().where('user_ref', '=', sunqi.id).where('is_success', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const { id: _id, seq: _seq, hash: _hash, ...copy } = made;
    const newest = await db().insertInto('login_history')
      .values({ ...copy, created_at: Number(made.created_at) + 1, risk_level: 'MEDIUM', risk_signals: 'NEW_DEVICE,UNUSUAL_HOUR', risk_place: 'CN Hangzhou' })
      .returning(['id', 'device_id']).executeTakeFirstOrThrow();

    const log = (await client.post('/personal/v1/login-history/page-list', { pageNum: 1, pageSize: 50 }, { token })).json();
    const row = log.data.datas.find((r: { id: number }) => r.id === Number(newest.id));
    expect(row.risk).toEqual({ level: 'MEDIUM', signals: ['NEW_DEVICE', 'UNUSUAL_HOUR'], place: 'CN Hangzhou' });
    // The sign-in just made was judged by the risk engine as well (sunqi's first: a new device and network).
    expect(log.data.datas.find((r: { id: number }) => r.id === Number(made.id)).risk).toEqual({ level: 'MEDIUM', signals: ['NEW_DEVICE', 'NEW_NETWORK'], place: null });

    const devices = (await client.post('/personal/v1/device/list', {}, { token })).json();
    const device = devices.data.find((d: { deviceId: string }) => d.deviceId === newest.device_id);
    expect(device.risk).toEqual({ level: 'MEDIUM', signals: ['NEW_DEVICE', 'UNUSUAL_HOUR'], place: 'CN Hangzhou' });
  });

  it('an unknown or expired link is E30061 alike, and an address gets a limited number of tries', async () => {
    expect((await peek('x'.repeat(43))).json().code).toBe('E30061');
    expect((await notMe('x'.repeat(43))).json().code).toBe('E30061');
    expect((await peek('')).json().code).toBe('E00001');
    await raise('sunqi');
    // The alert's text holds a good link until it expires.
    const token = tokenIn((await alertText('13800000005'))!.content);
    expect((await peek(token)).json().code).toBe('D00000');
    client.clock.advance(7 * DAY + 1);
    expect((await peek(token)).json().code).toBe('E30061');
    expect((await notMe(token)).json().code).toBe('E30061');

    const ip = '10.79.0.1';
    const codes: string[] = [];
    for (let i = 0; i < 31; i++) codes.push((await peek('y'.repeat(43), ip)).json().code);
    expect(codes.slice(0, 30).every((c) => c === 'E30061')).toBe(true);
    expect(codes[30]).toBe('E00429');
  });
});
