import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, passwordLogin, sessionTokenOf, startClient, storeCases, type Client } from './harness.js';

describe.each(storeCases())('self-service steps ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'selfservice'); });
  afterAll(async () => { await client?.close(); });
  /** wangwu without a phone, as the demo has him (a test here binds one). */
  const phoneless = () => client.app.store.db.updateTable('users').set({ mobile_no: null }).where('user_id', '=', 'wangwu').execute();

  it('binds a phone for wangwu, then finishes and opens the session', async () => {
    await phoneless();
    const login = await passwordLogin(client, 'wangwu');
    const { srmi, steps } = login.json().data;
    expect(steps.map((s: { code: string }) => s.code)).toEqual(['BIND-PHONE', 'FINISH']);

    // FINISH cannot be reached before the phone step.
    expect((await client.post('/auth/v1/self-service/continue', { srmi })).json().code).toBe('E00013');

    const sent = await client.post('/user/v1/auth/send-sms-by-scene', { srmi, scene: 1, mobileNo: '13600000003' });
    expect(sent.json().code).toBe('D00000');
    const bind = await client.post('/user/v1/auth/bind-phone/bind', {
      srmi, mobileNo: '13600000003', smsValueClient: await lastSmsCode(client, '13600000003'), smsCodeKey: sent.json().data.smsCodeKey, active: 0,
    });
    expect(bind.json()).toMatchObject({ code: 'D00000', data: { active: 1 } });
    const done = await client.post('/auth/v1/self-service/continue', { srmi });
    expect(done.json().code).toBe('D00000');
    const token = sessionTokenOf(done);
    expect((await client.post('/personal/v1/current-user-detail', {}, { token })).json().data.mobileNo).toBe('13600000003');
    // The ticket is spent.
    expect((await client.post('/auth/v1/self-service/continue', { srmi })).json().code).toBe('E00013');
  });

  it('refuses to bind a number another account holds', async () => {
    await phoneless();
    const { srmi } = (await passwordLogin(client, 'wangwu')).json().data;
    const res = await client.post('/user/v1/auth/send-sms-by-scene', { srmi, scene: 1, mobileNo: '13800000002' });
    expect(res.json().code).toBe('E10901');
    const malformed = await client.post('/user/v1/auth/send-sms-by-scene', { srmi, scene: 1, mobileNo: '1380000' });
    expect(malformed.json().code).toBe('E10906');
  });

  it('lets the phone step be skipped, but not the password step of another ticket kind', async () => {
    await phoneless();
    const { srmi } = (await passwordLogin(client, 'wangwu')).json().data;
    const skipped = await client.post('/user/v1/auth/bind-phone/skip', { srmi, active: 0 });
    expect(skipped.json().data.active).toBe(1);
    expect((await client.post('/user/v1/auth/bind-phone/skip', { srmi })).json().code).toBe('E00013');
  });

  it('updates an expiring password inside self-service, enforcing the policy', async () => {
    // On a store of its own: wangwu's password changes, and the other tests sign him in with the demo one.
    const own = await startClient(store, 'selfservicepwd');
    try {
      await own.app.store.db.updateTable('users').set({ mobile_no: null, password_expire_at: Date.now() + 2 * 86_400_000 }).where('user_id', '=', 'wangwu').execute();
      const { srmi, steps } = (await passwordLogin(own, 'wangwu')).json().data;
      expect(steps.map((s: { code: string }) => s.code)).toEqual(['BIND-PHONE', 'UPDATE-PASSWORD', 'FINISH']);
      await own.post('/user/v1/auth/bind-phone/skip', { srmi });
      const weak = await own.post('/user/v1/auth/update-pwd-by-old', { srmi, oldPassword: await own.encrypt('Idaas@2026'), newPassword: await own.encrypt('abcdefgh') });
      expect(weak.json()).toMatchObject({ code: 'E10712', data: { rule: 'kinds' } });
      expect(weak.json().message).toMatch(/2/);
      // The demo password is on the common list too, which the policy checks first.
      const same = await own.post('/user/v1/auth/update-pwd-by-old', { srmi, oldPassword: await own.encrypt('Idaas@2026'), newPassword: await own.encrypt('Idaas@2026') });
      expect(same.json()).toMatchObject({ code: 'E10714', data: { rule: 'common' } });
      const wrongOld = await own.post('/user/v1/auth/update-pwd-by-old', { srmi, oldPassword: await own.encrypt('Nope@2026x'), newPassword: await own.encrypt('Fresh#Pass42') });
      expect(wrongOld.json().code).toBe('E10702');
      const ok = await own.post('/user/v1/auth/update-pwd-by-old', { srmi, oldPassword: await own.encrypt('Idaas@2026'), newPassword: await own.encrypt('Fresh#Pass42') });
      expect(ok.json().data.active).toBe(2);
      expect((await own.post('/auth/v1/self-service/continue', { srmi })).json().code).toBe('D00000');
      expect((await passwordLogin(own, 'wangwu', 'Fresh#Pass42')).json().code).toBe('D00000');
      expect((await passwordLogin(own, 'wangwu', 'Idaas@2026', {}, '10.7.0.1')).json().code).toBe('E30002');
    } finally {
      await own.close();
    }
  });

  it('serves the password policy text', async () => {
    const res = await client.post('/personal/v1/pwd/strategy/detail');
    expect(res.json().data).toContain('<li>');
  });
});
