import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswer, loginBody, passwordLogin, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';

describe.each(storeCases())('password sign-in ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'signin'); });
  afterAll(async () => { await client?.close(); });

  it('signs lisi in with an HttpOnly session cookie and answers the current user', async () => {
    const res = await passwordLogin(client, 'lisi');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'D00000', data: { userId: 'lisi', secondAuth: false, steps: [] } });
    const cookie = res.cookies.find((c) => c.name === 'idaas_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await client.post('/personal/v1/current-user-detail', {}, { token: cookie!.value });
    expect(me.json()).toEqual({
      code: 'D00000', message: expect.any(String), data: {
        id: expect.any(Number), userId: 'lisi', userName: '李四', userType: 'STAFF', instanceId: expect.any(String), avatar: null, mobileNo: '13800000002',
        encryptMobileNo: '138****0002', enabled: true, createdDate: expect.any(String), userExpireDate: null, ldapCreated: false, description: null,
        email: 'lisi@corp.example.com', mailLocalAddress: null, klpaResultDesc: null,
        workInfo: { companyName: '星河科技有限公司', deptName: '市场部', positionName: '市场专员', managerUserName: '张三', managerUserId: 'zhangsan', seniorLeader: false },
        managerUserId: null, managerUserName: null,
      },
    });
    const alias = await client.post('/user/v1/current-user-detail', {}, { token: cookie!.value });
    expect(alias.json().data.userId).toBe('lisi');
  });

  it('accepts a Bearer token as well as the cookie', async () => {
    const token = await signIn(client, 'lisi');
    const res = await client.post('/personal/v1/current-user-detail', {}, { headers: { authorization: `Bearer ${token}` } });
    expect(res.json().data.userId).toBe('lisi');
  });

  it('gives the admin role to admin and an ordinary role to lisi', async () => {
    const admin = await client.post('/auty/v1/group/authority/user-roles', {}, { token: await signIn(client, 'admin') });
    expect(admin.json().data.map((r: { code: string }) => r.code)).toContain('SYS_ADMIN');
    const lisi = await client.post('/auty/v1/group/authority/user-roles', {}, { token: await signIn(client, 'lisi') });
    const codes: string[] = lisi.json().data.map((r: { code: string }) => r.code);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.some((c) => c.toLowerCase().includes('admin'))).toBe(false);
  });

  it('answers a wrong password and an unknown account with byte-identical errors', async () => {
    const wrong = await passwordLogin(client, 'zhangsan', 'Wrong@2026', {}, '10.1.0.1');
    const unknown = await passwordLogin(client, 'nobody-here', 'Wrong@2026', {}, '10.1.0.2');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().code).toBe('E30002');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().code).toBe('E30002');
    expect(sessionTokenOf(wrong)).toBeUndefined();
  });

  it('asks for a captcha after 3 failures, for real and unknown accounts alike', async () => {
    for (const account of ['sunqi', 'ghost-account']) {
      for (let i = 0; i < 3; i++) expect((await passwordLogin(client, account, 'Bad@pass1', {}, '10.2.0.1')).json().code).toBe('E30002');
      const fourth = await passwordLogin(client, account, 'Bad@pass1', {}, '10.2.0.1');
      expect(fourth.json().code).toBe('E30127');
    }
    // With the captcha solved, the right password gets through and resets the counter.
    const cap = (await client.post('/auth/v1/pacas/get-valid-code')).json().data;
    expect(cap.len).toBe(4);
    expect(cap.data).toMatch(/^data:image\/svg\+xml;base64,/);
    const ok = await passwordLogin(client, 'sunqi', undefined, { validCode: await captchaAnswer(client, cap.capKey), capKey: cap.capKey });
    expect(ok.json().code).toBe('D00000');
    expect(ok.json().data.passwordExpireDays).toBe(3);
  });

  it('makes ip-check ask for a captcha once an address has failed 20 times in the hour', async () => {
    const ip = '10.6.0.1';
    expect((await client.post('/auth/v1/ip-check', { sceneCode: 'LOGIN' }, { ip })).json().code).toBe('D00000');
    for (let i = 0; i < 20; i++) await passwordLogin(client, `someone-${i}`, 'Bad@pass1', {}, ip);
    const res = await client.post('/auth/v1/ip-check', { sceneCode: 'LOGIN' }, { ip });
    expect(res.json().code).toBe('E30127');
  });

  it('refuses a reused or wrong captcha', async () => {
    // An account no other test here signs in with: its failures would make theirs ask for a captcha.
    for (let i = 0; i < 3; i++) await passwordLogin(client, 'emp0157', 'Bad@pass1', {}, '10.3.0.1');
    const cap = (await client.post('/auth/v1/pacas/get-valid-code')).json().data;
    const answer = await captchaAnswer(client, cap.capKey);
    const wrong = await passwordLogin(client, 'emp0157', 'Bad@pass1', { validCode: answer, capKey: cap.capKey });
    expect(wrong.json().code).toBe('E30002');
    const reused = await passwordLogin(client, 'emp0157', undefined, { validCode: answer, capKey: cap.capKey });
    expect(reused.json().code).toBe('E10802');
  });

  it('locks an account after 10 failures within the window, even with the right password', async () => {
    const ip = '10.4.0.1';
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const cap = (await client.post('/auth/v1/pacas/get-valid-code')).json().data;
      const res = await passwordLogin(client, 'zhouba', 'Bad@pass1', { validCode: await captchaAnswer(client, cap.capKey), capKey: cap.capKey }, ip);
      codes.push(res.json().code);
    }
    expect(codes.slice(0, 9).every((c) => c === 'E30002')).toBe(true);
    expect(codes[9]).toBe('E30053');
    // The right password, refused by the lock: its ciphertexts are used up all the same.
    const refused = await loginBody(client, 'zhouba');
    const eleventh = await client.post('/auth/v1/login-check', refused, { ip });
    expect(eleventh.json().code).toBe('E30053');
    expect(eleventh.json().message).toMatch(/15/);
    // The lock ends after 15 minutes.
    client.clock.advance(16 * 60_000);
    expect((await client.post('/auth/v1/login-check', refused, { ip })).json().code).toBe('E00003');
    const after = await passwordLogin(client, 'zhouba', undefined, {}, ip);
    expect(after.json().code).toBe('E30058');
    expect(after.json().data.srmi).toEqual(expect.any(String));
  });

  it('refuses a replayed SM2 ciphertext', async () => {
    const body = { userId: await client.encrypt('lisi'), password: await client.encrypt('Idaas@2026'), deviceId: 'd', deviceName: 'Chrome' };
    const first = await client.post('/auth/v1/login-check', body);
    expect(first.json().code).toBe('D00000');
    const replay = await client.post('/auth/v1/login-check', body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'E00003', message: '加密数据已被使用，请重新提交：userId' });
    expect(sessionTokenOf(replay)).toBeUndefined();
  });

  it('refuses a mobile number as the account', async () => {
    const res = await passwordLogin(client, '13800000002');
    expect(res.json().code).toBe('E30004');
  });

  it('does not open a session before the second factor', async () => {
    const res = await passwordLogin(client, 'zhaoliu', undefined, {}, '10.5.0.1');
    expect(res.json()).toMatchObject({ code: 'D00000', data: { secondAuth: true } });
    expect(res.json().data.srmi).toEqual(expect.any(String));
    expect(sessionTokenOf(res)).toBeUndefined();
  });

  it('sends a TEMP account without phone to the self-service steps', async () => {
    const res = await passwordLogin(client, 'wangwu');
    expect(res.json().data.steps.map((s: { code: string }) => s.code)).toEqual(['BIND-PHONE', 'FINISH']);
    expect(sessionTokenOf(res)).toBeUndefined();
  });

  it('ends the session on logout: the old cookie then gets E00009', async () => {
    const token = await signIn(client, 'lisi');
    const out = await client.post('/auth/v1/logout', { deviceId: 'd', deviceName: 'Chrome' }, { token });
    expect(out.json().code).toBe('D00000');
    const after = await client.post('/personal/v1/current-user-detail', {}, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('E00009');
  });

  it('expires an idle session after 30 minutes', async () => {
    const token = await signIn(client, 'lisi');
    client.clock.advance(29 * 60_000);
    expect((await client.post('/personal/v1/current-user-detail', {}, { token })).statusCode).toBe(200);
    client.clock.advance(31 * 60_000);
    expect((await client.post('/personal/v1/current-user-detail', {}, { token })).json().code).toBe('E00009');
  });
});
