import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, passwordLogin, sessionTokenOf, solvedCaptcha, startClient, storeCases, type Client } from './harness.js';

/**
 * The seconds a resend must wait, counted on the test clock, which moves with real time too: on a
 * loaded machine a few real seconds pass between the send and the question.
 */
function expectSecondsLeft(actual: number, expected: number): void {
  expect(actual).toBeLessThanOrEqual(expected);
  expect(actual).toBeGreaterThanOrEqual(expected - 5);
}

describe.each(storeCases())('second factor ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'secondauth'); });
  afterAll(async () => { await client?.close(); });

  async function srmiFor(account: string, deviceId = 'fresh-device', extra: Record<string, unknown> = {}): Promise<string> {
    const res = await passwordLogin(client, account, undefined, { deviceId, ...extra });
    expect(res.json().data.secondAuth).toBe(true);
    return res.json().data.srmi;
  }

  it('walks zhaoliu through the code, then opens the session and remembers the device', async () => {
    // Past the resend interval of a code another test may just have texted to the same number.
    client.clock.advance(61_000);
    const srmi = await srmiFor('zhaoliu', 'laptop-1');
    const info = await client.post('/auth/v1/second-auth/app-info', { srmi });
    expect(info.json().data).toMatchObject({ verificationLength: 6, expiryLength: 300 });
    const sent = await client.post('/auth/v1/send-msg/second-auth', { srmi });
    expect(sent.json().data).toMatchObject({ encryptMobile: '138****0004', smsCodeKey: expect.any(String) });
    const code = await lastSmsCode(client, '13800000004');
    const res = await client.post('/auth/v1/second-auth', { srmi, validateCode: code, smsCodeKey: sent.json().data.smsCodeKey, deviceId: 'laptop-1', deviceName: 'Chrome' });
    expect(res.json().code).toBe('D00000');
    const token = sessionTokenOf(res);
    expect((await client.post('/personal/v1/current-user-detail', {}, { token })).json().data.userId).toBe('zhaoliu');

    const trust = res.cookies.find((c) => c.name.startsWith('idaas_dt_'));
    expect(trust).toMatchObject({ httpOnly: true, maxAge: 30 * 86_400 });
    const again = await passwordLogin(client, 'zhaoliu', undefined, { deviceId: 'laptop-1' }, undefined, { cookie: `${trust!.name}=${trust!.value}` });
    expect(again.json().data.secondAuth).toBe(false);
    expect(sessionTokenOf(again)).toBeDefined();
  });

  it('trusts only the cookie the server issued, never a device id the client repeats', async () => {
    client.clock.advance(61_000);
    const srmi = await srmiFor('zhaoliu', 'laptop-2');
    const sent = await client.post('/auth/v1/send-msg/second-auth', { srmi });
    const code = await lastSmsCode(client, '13800000004');
    const passed = await client.post('/auth/v1/second-auth', { srmi, validateCode: code, smsCodeKey: sent.json().data.smsCodeKey, deviceId: 'laptop-2' });
    const trust = passed.cookies.find((c) => c.name.startsWith('idaas_dt_'))!;

    const copycat = await passwordLogin(client, 'zhaoliu', undefined, { deviceId: 'laptop-2' });
    expect(copycat.json().data.secondAuth).toBe(true);
    const forged = await passwordLogin(client, 'zhaoliu', undefined, { deviceId: 'laptop-2' }, undefined, { cookie: `${trust.name}=${trust.value}x` });
    expect(forged.json().data.secondAuth).toBe(true);
    // Another user presenting zhaoliu's cookie is not trusted either: trust is per user.
    const other = await passwordLogin(client, 'zhangsan', undefined, { appId: 'erp', deviceId: 'laptop-2' }, undefined, { cookie: `${trust.name}=${trust.value}` });
    expect(other.json().data.secondAuth).toBe(true);

    // Signing the device out from another session revokes its trust.
    const cookie = { cookie: `${trust.name}=${trust.value}` };
    const desk = sessionTokenOf(await passwordLogin(client, 'zhaoliu', undefined, { deviceId: 'laptop-2' }, undefined, cookie))!;
    client.clock.advance(61_000);
    const phoneSrmi = await srmiFor('zhaoliu', 'phone-9');
    const phoneSent = await client.post('/auth/v1/send-msg/second-auth', { srmi: phoneSrmi });
    const phoneCode = await lastSmsCode(client, '13800000004');
    const phone = sessionTokenOf(await client.post('/auth/v1/second-auth', { srmi: phoneSrmi, validateCode: phoneCode, smsCodeKey: phoneSent.json().data.smsCodeKey, deviceId: 'phone-9' }))!;
    expect((await client.post('/personal/v1/device/sign-out', { deviceId: 'laptop-2' }, { token: phone })).json().code).toBe('D00000');
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: desk })).json().code).toBe('E00009');
    const afterRevoke = await passwordLogin(client, 'zhaoliu', undefined, { deviceId: 'laptop-2' }, undefined, cookie);
    expect(afterRevoke.json().data.secondAuth).toBe(true);
  });

  it('cannot be bypassed: an srmi opens no protected API, and a wrong code opens nothing', async () => {
    client.clock.advance(61_000);
    const srmi = await srmiFor('zhaoliu');
    const forged: Record<string, string>[] = [{ authorization: `Bearer ${srmi}` }, { cookie: `idaas_token=${srmi}` }];
    for (const headers of forged) {
      const res = await client.post('/personal/v1/user-app/list-by-user', {}, { headers });
      expect(res.json().code).toBe('E00009');
    }
    const sent = await client.post('/auth/v1/send-msg/second-auth', { srmi });
    const wrong = await client.post('/auth/v1/second-auth', { srmi, validateCode: '999999x', smsCodeKey: sent.json().data.smsCodeKey });
    expect(wrong.json().code).toBe('E10802');
    expect(sessionTokenOf(wrong)).toBeUndefined();
  });

  it('needs a captcha for a resend and refuses one inside 60 s', async () => {
    client.clock.advance(61_000);
    const srmi = await srmiFor('zhaoliu');
    expect((await client.post('/auth/v1/send-msg/second-auth', { srmi })).json().code).toBe('D00000');
    expect((await client.post('/auth/v1/send-msg/second-auth', { srmi })).json().code).toBe('E30127');
    const early = await client.post('/auth/v1/send-msg/second-auth', { srmi, ...(await solvedCaptcha(client)) });
    expect(early.json().code).toBe('E00408');
    expect(early.json().data.resendIn).toBeGreaterThan(0);
    client.clock.advance(61_000);
    expect((await client.post('/auth/v1/send-msg/second-auth', { srmi, ...(await solvedCaptcha(client)) })).json().code).toBe('D00000');
  });

  it('keeps a still-valid code working after a quick re-login, and says when a new one may be asked for', async () => {
    client.clock.advance(61_000);
    const first = await srmiFor('zhaoliu');
    const sent = (await client.post('/auth/v1/send-msg/second-auth', { srmi: first })).json().data;
    expect(sent).toMatchObject({ alreadySent: false, resendIn: 60 });
    const code = await lastSmsCode(client, '13800000004');
    client.clock.advance(20_000);
    const second = await srmiFor('zhaoliu');
    const again = await client.post('/auth/v1/send-msg/second-auth', { srmi: second });
    expect(again.json().code).toBe('D00000');
    expect(again.json().data).toMatchObject({ alreadySent: true, smsCodeKey: sent.smsCodeKey, encryptMobile: '138****0004' });
    expectSecondsLeft(again.json().data.resendIn, 40);
    expect(await lastSmsCode(client, '13800000004')).toBe(code); // nothing new was texted
    // The automatic send counts as the ticket's first: another needs the captcha.
    expect((await client.post('/auth/v1/send-msg/second-auth', { srmi: second })).json().code).toBe('E30127');
    const res = await client.post('/auth/v1/second-auth', { srmi: second, validateCode: code, smsCodeKey: again.json().data.smsCodeKey });
    expect(res.json().code).toBe('D00000');
    expect(sessionTokenOf(res)).toBeDefined();
    // Still one code: the earlier tab cannot use it a second time.
    expect((await client.post('/auth/v1/second-auth', { srmi: first, validateCode: code!, smsCodeKey: sent.smsCodeKey })).json().code).toBe('E10801');
    // Used up and inside the interval: refused, with the seconds left.
    const third = await client.post('/auth/v1/send-msg/second-auth', { srmi: await srmiFor('zhaoliu') });
    expect(third.json().code).toBe('E00408');
    expectSecondsLeft(third.json().data.resendIn, 40);
  });

  it('counts a reused code\'s tries as before: no fresh guesses by signing in again', async () => {
    client.clock.advance(61_000);
    const first = await srmiFor('zhaoliu');
    const sent = (await client.post('/auth/v1/send-msg/second-auth', { srmi: first })).json().data;
    const code = (await lastSmsCode(client, '13800000004'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      expect((await client.post('/auth/v1/second-auth', { srmi: first, validateCode: wrong, smsCodeKey: sent.smsCodeKey })).json().code).toBe('E10802');
    }
    const second = await srmiFor('zhaoliu');
    const again = (await client.post('/auth/v1/send-msg/second-auth', { srmi: second })).json().data;
    expect(again).toMatchObject({ alreadySent: true, smsCodeKey: sent.smsCodeKey });
    // Two racing guesses share the last try: one is compared, the other finds none left.
    const race = await Promise.all([wrong, code].map((validateCode) => client.post('/auth/v1/second-auth', { srmi: second, validateCode, smsCodeKey: again.smsCodeKey })));
    // The wrong guess is never accepted: void, or gone once the right one was used — the code
    // (E10801), or the sign-in ticket itself when the right guess finished first (E00013).
    expect(['E10803', 'E10801', 'E00013']).toContain(race[0].json().code);
    expect(['D00000', 'E10803']).toContain(race[1].json().code);
    const opened = race[1].json().code === 'D00000';
    // Once the tries are gone, a re-login gets no code to reuse: the send is refused with the wait.
    if (!opened) {
      const third = await client.post('/auth/v1/send-msg/second-auth', { srmi: await srmiFor('zhaoliu') });
      expect(third.json().code).toBe('E00408');
      expect(third.json().data.resendIn).toBeGreaterThan(0);
    }
  });

  it('answers E30074 when the second factor needs a phone and none is bound', async () => {
    await client.app.store.db.updateTable('users').set({ second_auth_required: 1 }).where('user_id', '=', 'zhouba').execute();
    await client.app.store.db.updateTable('users').set({ password_expire_at: Date.now() + 30 * 86_400_000 }).where('user_id', '=', 'zhouba').execute();
    // With no factor at all zhouba would be walked through enrolment; holding only an authenticator app, he reaches the step and asks for a text.
    const zhouba = await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', 'zhouba').executeTakeFirstOrThrow();
    await client.app.store.db.insertInto('totp_factors').values({ user_ref: zhouba.id, secret_enc: 'v1.unused', confirmed_at: Date.now(), created_at: Date.now(), last_step: null, last_used_at: null, locked_until: null }).execute();
    const srmi = await srmiFor('zhouba');
    const res = await client.post('/auth/v1/send-msg/second-auth', { srmi });
    expect(res.json().code).toBe('E30074');
  });

  it('asks for the second factor for an app that requires it (erp), per app', async () => {
    const res = await passwordLogin(client, 'zhangsan', undefined, { appId: 'erp', deviceId: 'd-erp' });
    expect(res.json().data).toMatchObject({ secondAuth: true, appId: 'erp' });
    expect(sessionTokenOf(res)).toBeUndefined();
  });

  it('refuses an unknown or expired srmi with E00013', async () => {
    expect((await client.post('/auth/v1/send-msg/second-auth', { srmi: 'made-up' })).json().code).toBe('E00013');
    const srmi = await srmiFor('zhaoliu');
    client.clock.advance(11 * 60_000);
    expect((await client.post('/auth/v1/second-auth/app-info', { srmi })).json().code).toBe('E00013');
  });
});
