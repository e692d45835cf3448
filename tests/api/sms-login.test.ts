import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, startOfDay } from '../../server/platform/lib/clock.js';
import { lastSmsCode, sessionTokenOf, solvedCaptcha, startClient, storeCases, type Client } from './harness.js';

const SEND = '/auth/v1/send-msg/msg-login';
const CHECK = '/auth/v1/msg-login/login-check';

describe.each(storeCases())('SMS sign-in and one-time codes ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'smslogin'); });
  afterAll(async () => { await client?.close(); });

  it('signs lisi in with the texted code', async () => {
    client.clock.advance(61_000); // past the resend interval of any earlier text to her
    const sent = await client.post(SEND, { mobileNo: '13800000002' });
    expect(sent.json()).toMatchObject({ code: 'D00000', data: { msgCodeKey: expect.any(String) } });
    const code = await lastSmsCode(client, '13800000002');
    expect(code).toMatch(/^\d{6}$/);
    const res = await client.post(CHECK, { mobileNo: '13800000002', validateCode: code, smsCodeKey: sent.json().data.msgCodeKey });
    expect(res.json()).toMatchObject({ code: 'D00000', data: { userId: 'lisi' } });
    expect(sessionTokenOf(res)).toBeDefined();
  });

  it('uses a code once', async () => {
    client.clock.advance(61_000);
    const key = (await client.post(SEND, { mobileNo: '13800000002' })).json().data.msgCodeKey;
    const code = await lastSmsCode(client, '13800000002');
    expect((await client.post(CHECK, { mobileNo: '13800000002', validateCode: code, smsCodeKey: key })).json().code).toBe('D00000');
    const again = await client.post(CHECK, { mobileNo: '13800000002', validateCode: code, smsCodeKey: key }, { ip: '10.9.1.1' });
    expect(again.json().code).toBe('E30075');
    expect(sessionTokenOf(again)).toBeUndefined();
  });

  it('asks for a captcha before texting once an IP has failed 20 times in the hour', async () => {
    const ip = '10.9.3.1';
    for (let i = 0; i < 19; i++) await client.post(CHECK, { mobileNo: '13800000002', validateCode: '000000', smsCodeKey: 'none' }, { ip });
    client.clock.advance(61_000);
    expect((await client.post(SEND, { mobileNo: '13800000002' }, { ip })).json().code).toBe('D00000');
    for (let i = 0; i < 1; i++) await client.post(CHECK, { mobileNo: '13800000002', validateCode: '000000', smsCodeKey: 'none' }, { ip });
    client.clock.advance(61_000);
    expect((await client.post(SEND, { mobileNo: '13800000002' }, { ip })).json().code).toBe('E30127');
    const withCaptcha = await client.post(SEND, { mobileNo: '13800000002', ...(await solvedCaptcha(client)) }, { ip });
    expect(withCaptcha.json().code).toBe('D00000');
  });

  it('answers an unknown number exactly like a known one and texts nobody', async () => {
    client.clock.advance(61_000); // past the resend interval of any earlier text to the known number
    const known = await client.post(SEND, { mobileNo: '13800000005' });
    const unknown = await client.post(SEND, { mobileNo: '13912345678' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json().data)).toEqual(Object.keys(known.json().data));
    expect(await lastSmsCode(client, '13912345678')).toBeNull();
    const wrongKnown = await client.post(CHECK, { mobileNo: '13800000005', validateCode: '000000', smsCodeKey: known.json().data.msgCodeKey }, { ip: '10.9.2.1' });
    const wrongUnknown = await client.post(CHECK, { mobileNo: '13912345678', validateCode: '000000', smsCodeKey: unknown.json().data.msgCodeKey }, { ip: '10.9.2.2' });
    expect(wrongUnknown.body).toBe(wrongKnown.body);
    expect(wrongKnown.json().code).toBe('E30075');
  });

  it('refuses a resend inside 60 seconds (E00408), and allows it after', async () => {
    client.clock.advance(61_000); // past the resend interval of any earlier text to this number
    const first = await client.post(SEND, { mobileNo: '13800000004' });
    expect(first.json().code).toBe('D00000');
    const early = await client.post(SEND, { mobileNo: '13800000004' });
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('E00408');
    client.clock.advance(61_000);
    expect((await client.post(SEND, { mobileNo: '13800000004' })).json().code).toBe('D00000');
  });

  it('voids a code after 5 wrong tries: even the right code is then refused', async () => {
    client.clock.advance(61_000);
    const key = (await client.post(SEND, { mobileNo: '13800000004' })).json().data.msgCodeKey;
    const code = (await lastSmsCode(client, '13800000004'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await client.post(CHECK, { mobileNo: '13800000004', validateCode: wrong, smsCodeKey: key }, { ip: '10.9.0.1' })).json().code);
    expect(answers.slice(0, 4)).toEqual(['E30075', 'E30075', 'E30075', 'E30075']);
    expect(answers[4]).toBe('E10803');
    const right = await client.post(CHECK, { mobileNo: '13800000004', validateCode: code, smsCodeKey: key }, { ip: '10.9.0.1' });
    expect(right.json().code).toBe('E10803');
  });

  it('refuses an expired code', async () => {
    client.clock.advance(61_000);
    const key = (await client.post(SEND, { mobileNo: '13800000001' })).json().data.msgCodeKey;
    const code = await lastSmsCode(client, '13800000001');
    client.clock.advance(5 * 60_000 + 1000);
    expect((await client.post(CHECK, { mobileNo: '13800000001', validateCode: code, smsCodeKey: key })).json().code).toBe('E30075');
  });

  it('caps the texts to one number per day (E10806)', async () => {
    const mobileNo = '13700000099';
    // Eleven texts a minute apart must fall on one day: a run shortly before midnight would
    // cross it (the count starts again), so they are sent from 01:00 of the next day.
    const now = client.clock.now();
    client.clock.advance(startOfDay(now) + DAY + HOUR - now);
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      client.clock.advance(61_000);
      codes.push((await client.post(SEND, { mobileNo })).json().code);
    }
    expect(codes.slice(0, 10).every((c) => c === 'D00000')).toBe(true);
    expect(codes[10]).toBe('E10806');
  });

  it('validates the number: mainland mobile only', async () => {
    for (const mobileNo of ['12345678901', '+85212345678', '1380000000', 'abc']) {
      const res = await client.post(SEND, { mobileNo });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('E00001');
    }
  });

  it('texts nothing to a stopped phone', async () => {
    await client.app.store.db.updateTable('users').set({ phone_disabled: 1 }).where('user_id', '=', 'sunqi').execute();
    try {
      client.clock.advance(61_000);
      const before = await lastSmsCode(client, '13800000005');
      const res = await client.post(SEND, { mobileNo: '13800000005' });
      expect(res.json().code).toBe('D00000');
      expect(await client.get('/dev/sms/outbox').then((r) => r.json().data.filter((m: { mobileNo: string; code: string; purpose: string }) => m.mobileNo === '13800000005' && m.purpose !== 'sign-in-alert' && m.code !== before).length)).toBe(0);
    } finally {
      await client.app.store.db.updateTable('users').set({ phone_disabled: 0 }).where('user_id', '=', 'sunqi').execute();
    }
  });
});
