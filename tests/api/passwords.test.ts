import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastSmsCode, passwordLogin, registrationCode, signIn, solvedCaptcha, startClient, storeCases, type Client, forgotPasswordFor,
} from './harness.js';

describe.each(storeCases())('registration, forgotten and changed passwords ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'passwords'); });
  afterAll(async () => { await client?.close(); });

  const register = async (overrides: Record<string, unknown> = {}) =>
    client.post('/personal/v1/add', {
      userId: 'newbie01', userName: '新员工', mobileNo: '13500000001', password: await client.encrypt('Start#Work26'),
      email: 'newbie@corp.example.com', description: '星河科技', deptCodes: [], forceChangePwdFirstLogin: false, ...overrides,
      ...(await registrationCode(client, String(overrides.mobileNo ?? '13500000001'))),
    }, { ip: '10.20.0.1' });

  it('registers an account that can then sign in', async () => {
    const res = await register();
    expect(res.json()).toMatchObject({ code: 'D00000', message: 'SUCCESS', data: { userId: 'newbie01' } });
    expect((await passwordLogin(client, 'newbie01', 'Start#Work26')).json().code).toBe('D00000');
  });

  it('refuses a taken account or phone, a weak password, and bad fields, clearly', async () => {
    // An account of the demo organisation: taken whichever test here runs first.
    const taken = await register({ userId: 'lisi', mobileNo: '13500000002' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().code).toBe('E10602');
    expect((await register({ userId: 'newbie02', mobileNo: '13800000002' })).json().code).toBe('E10603');
    const weak = await register({ userId: 'newbie03', mobileNo: '13500000003', password: await client.encrypt('newbie03pw') });
    expect(weak.json()).toMatchObject({ code: 'E10713', data: { rule: 'containsAccount' } });
    expect((await register({ userId: 'x!', mobileNo: '13500000004' })).json().code).toBe('E10605');
    expect((await register({ userId: 'newbie05', mobileNo: '23500000005' })).json().code).toBe('E10906');
    expect((await register({ userId: 'newbie06', mobileNo: '13500000006', email: 'not-an-address' })).json().code).toBe('E10606');
    expect((await passwordLogin(client, 'newbie03', 'newbie03pw', {}, '10.20.9.9')).json().code).toBe('E30002');
  });

  it('refuses every registration while registration is switched off', async () => {
    const closed = await startClient(store, 'registration-off', { registrationEnabled: false });
    try {
      const res = await closed.post('/personal/v1/add', { userId: 'newbie07', userName: '新员工', mobileNo: '13500000007', password: await closed.encrypt('Start#Work26') });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('E10601');
    } finally {
      await closed.close();
    }
  });

  const forgotToOtp = (account: string) => forgotPasswordFor(client, account);

  it('resets a forgotten password by SMS; the old password and old sessions stop working', async () => {
    const session = await signIn(client, 'lisi');
    const { requestId, verified } = await forgotToOtp('lisi');
    expect(verified.json().data.mobileNo).toBe('138****0002');
    // The ticket cannot jump to the last step.
    expect((await client.post('/user/v1/pwd/forget/save-by-otp', { requestId, newPassword: await client.encrypt('Jump#Ahead99') })).json().code).toBe('E00013');
    const sent = (await client.post('/user/v1/pwd/forget/send-otp', { requestId })).json().data;
    const code = await lastSmsCode(client, '13800000002');
    expect((await client.post('/user/v1/pwd/forget/verify-otp', { requestId, msgCodeKey: sent.msgCodeKey, msgValueClient: code })).json().code).toBe('D00000');
    const saved = await client.post('/user/v1/pwd/forget/save-by-otp', { requestId, newPassword: await client.encrypt('Brand#New2027') });
    expect(saved.json()).toMatchObject({ code: 'D00000', data: { userId: 'lisi' } });
    expect((await passwordLogin(client, 'lisi', 'Idaas@2026', {}, '10.20.1.1')).json().code).toBe('E30002');
    expect((await passwordLogin(client, 'lisi', 'Brand#New2027')).json().code).toBe('D00000');
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: session })).json().code).toBe('E00009');
  });

  it('walks an unknown account through the same screens without texting anyone', async () => {
    const forgotTexts = async () => ((await client.get('/dev/sms/outbox')).json().data as { purpose: string }[]).filter((m) => m.purpose === 'forget-pwd').length;
    const textsBefore = await forgotTexts();
    const { requestId, verified } = await forgotToOtp('no-such-person');
    expect(verified.json().code).toBe('D00000');
    expect(verified.json().data.mobileNo).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
    const again = await forgotToOtp('no-such-person');
    expect(again.verified.json().data.mobileNo).toBe(verified.json().data.mobileNo);
    const sent = await client.post('/user/v1/pwd/forget/send-otp', { requestId });
    expect(sent.json().code).toBe('D00000');
    expect(await forgotTexts()).toBe(textsBefore);
    const guess = await client.post('/user/v1/pwd/forget/verify-otp', { requestId, msgCodeKey: sent.json().data.msgCodeKey, msgValueClient: '123456' });
    expect(guess.json().code).toBe('E10802');
  });

  it('answers an account without a phone exactly as an unknown one: the page can tell neither apart', async () => {
    const outboxBefore = ((await client.get('/dev/sms/outbox')).json().data as unknown[]).length;
    const phoneless = await forgotToOtp('zhouba');
    const unknown = await forgotToOtp('no-such-zhouba');
    for (const { verified } of [phoneless, unknown]) {
      expect(verified.json().code).toBe('D00000');
      expect(Object.keys(verified.json().data).sort()).toEqual(['encryptMobileNo', 'mobileNo', 'requestId']);
      expect(verified.json().data.mobileNo).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
    }
    for (const { requestId } of [phoneless, unknown]) {
      const sent = await client.post('/user/v1/pwd/forget/send-otp', { requestId });
      expect(sent.json().code).toBe('D00000');
      expect(Object.keys(sent.json().data)).toEqual(['msgCodeKey']);
      const guess = await client.post('/user/v1/pwd/forget/verify-otp', { requestId, msgCodeKey: sent.json().data.msgCodeKey, msgValueClient: '123456' });
      expect(guess.json().code).toBe('E10802');
    }
    expect(((await client.get('/dev/sms/outbox')).json().data as unknown[]).length).toBe(outboxBefore);
  });

  it('refuses a wrong captcha at the first step', async () => {
    const start = (await client.post('/message/v1/captcha/gen')).json().data;
    const res = await client.post('/user/v1/pwd/forget/verify-account', { requestId: start.requestId, capKey: start.capKey, capText: 'zzzz', userId: await client.encrypt('lisi') });
    expect(res.json().code).toBe('E10802');
  });

  it('changes an expired password through the login ticket (auth family), then signs in', async () => {
    const refused = await passwordLogin(client, 'zhouba');
    expect(refused.json().code).toBe('E30058');
    const srmi = refused.json().data.srmi;
    expect((await client.post('/user/v1/pwd/change/auth/get-phone', { requestId: srmi })).json().data.mobileNo).toBe('');
    const mismatch = await client.post('/user/v1/pwd/change/auth/save-by-ori-pwd', {
      requestId: srmi, oldPassword: await client.encrypt('Idaas@2026'), newPassword: await client.encrypt('Renew#Pass31'), repeatNewPassword: await client.encrypt('Renew#Pass32'),
    });
    expect(mismatch.json().code).toBe('E10703');
    const wrongOld = await client.post('/user/v1/pwd/change/auth/save-by-ori-pwd', {
      requestId: srmi, oldPassword: await client.encrypt('Nope#Pass99'), newPassword: await client.encrypt('Renew#Pass31'), repeatNewPassword: await client.encrypt('Renew#Pass31'),
    });
    expect(wrongOld.json().code).toBe('E10702');
    const noPhone = await client.post('/user/v1/pwd/change/auth/send-otp', { requestId: srmi, ...(await solvedCaptcha(client)) });
    expect(noPhone.json().code).toBe('E10905');
    const ok = await client.post('/user/v1/pwd/change/auth/save-by-ori-pwd', {
      requestId: srmi, oldPassword: await client.encrypt('Idaas@2026'), newPassword: await client.encrypt('Renew#Pass31'), repeatNewPassword: await client.encrypt('Renew#Pass31'),
    });
    expect(ok.json().code).toBe('D00000');
    expect((await passwordLogin(client, 'zhouba', 'Renew#Pass31')).json().code).toBe('D00000');
    // The ticket is spent.
    expect((await client.post('/user/v1/pwd/change/auth/get-phone', { requestId: srmi })).json().code).toBe('E00013');
  });

  it('changes a signed-in user\'s password by SMS, keeping this session and ending the others', async () => {
    const other = await signIn(client, 'sunqi');
    const current = await signIn(client, 'sunqi');
    const phone = (await client.post('/personal/v1/pwd/change/person/get-phone', {}, { token: current })).json().data;
    expect(phone.mobileNo).toBe('138****0005');
    const noCaptcha = await client.post('/personal/v1/pwd/change/person/send-otp', { requestId: phone.requestId }, { token: current });
    expect(noCaptcha.json().code).toBe('E10802');
    const sent = (await client.post('/personal/v1/pwd/change/person/send-otp', { requestId: phone.requestId, ...(await solvedCaptcha(client)) }, { token: current })).json().data;
    const res = await client.post('/personal/v1/pwd/change/person/save-by-otp', {
      requestId: phone.requestId, msgCodeKey: sent.msgCodeKey, msgValueClient: await lastSmsCode(client, '13800000005'),
      newPassword: await client.encrypt('Sunny#Day2027'), repeatNewPassword: await client.encrypt('Sunny#Day2027'),
    }, { token: current });
    expect(res.json().code).toBe('D00000');
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: current })).json().code).toBe('D00000');
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: other })).json().code).toBe('E00009');
  });

  it('refuses another user\'s password ticket to a signed-in user', async () => {
    const lisiTicket = (await client.post('/personal/v1/pwd/change/person/get-phone', {}, { token: await signIn(client, 'admin') })).json().data.requestId;
    const zhangsan = await signIn(client, 'zhangsan');
    const res = await client.post('/personal/v1/pwd/change/person/send-otp', { requestId: lisiTicket, ...(await solvedCaptcha(client)) }, { token: zhangsan });
    expect(res.json().code).toBe('E00013');
  });
});
