import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';

describe.each(storeCases())('portal home and launch ($name)', (store) => {
  let client: Client;
  let lisi: string;
  beforeAll(async () => {
    client = await startClient(store, 'portal');
    lisi = await signIn(client, 'lisi');
  });
  afterAll(async () => { await client?.close(); });

  it('lists only the applications lisi may launch', async () => {
    const res = await client.post('/personal/v1/user-app/list-by-user', {}, { token: lisi });
    const ids = res.json().data.map((a: { appId: string }) => a.appId);
    expect(ids).toEqual(['mail', 'oa', 'wiki', 'expense', 'meeting', 'travel', 'demo-rp', 'demo-cas', 'demo-saml']);
    expect(res.json().data[0]).toMatchObject({ appName: '企业邮箱', clientId: 'mail-client', icon: expect.stringMatching(/^data:image\/svg/) });
  });

  it('launches a permitted app by redirect and counts it in today\'s numbers', async () => {
    const before = (await client.get('/personal/v1/today/num', { token: lisi })).json().data;
    const res = await client.get('/auth/v1/sso/go/mail-client', { token: lisi });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/mail\.apps\.example\.com\/sso\/login\?code=[\w-]{32}$/);
    const after = (await client.get('/personal/v1/today/num', { token: lisi })).json().data;
    expect(after.loginCount).toBe(before.loginCount + 1);
    expect(after.appCount).toBe(9);
    expect(after.score).toBeGreaterThanOrEqual(80);
  });

  it('sends an app lisi lacks to /permissionsNone, and does not count it', async () => {
    const before = (await client.get('/personal/v1/today/num', { token: lisi })).json().data.loginCount;
    const res = await client.get('/auth/v1/sso/go/crm-client', { token: lisi });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/permissionsNone?appId=crm');
    expect((await client.get('/personal/v1/today/num', { token: lisi })).json().data.loginCount).toBe(before);
  });

  it('sends a launch without a session to sign-in for that app, and an unknown app to /404', async () => {
    const anon = await client.get('/auth/v1/sso/go/mail-client');
    expect(anon.headers.location).toBe('/login?appId=mail');
    const unknown = await client.get('/auth/v1/sso/go/nope-client', { token: lisi });
    expect(unknown.headers.location).toBe('/404');
  });

  it('signs in for an app with appId and answers the launch URL as redirectUrl', async () => {
    const res = await client.post('/auth/v1/login-check', {
      userId: await client.encrypt('lisi'), password: await client.encrypt('Idaas@2026'), appId: 'oa',
    });
    expect(res.json().data.redirectUrl).toBe('/idaas/auth/v1/sso/go/oa-client');
  });

  it('refuses sign-in for an app without permission (E30065) or a login type the app does not allow', async () => {
    const res = await client.post('/auth/v1/login-check', {
      userId: await client.encrypt('lisi'), password: await client.encrypt('Idaas@2026'), appId: 'crm',
    });
    expect(res.json().code).toBe('E30065');
    const types = await client.post('/auth/v1/get-app-login-config', { appId: 'bi' });
    expect(types.json().data.map((t: { code: string }) => t.code)).toEqual(['ACCOUNT']);
  });

  it('explains the security score item by item', async () => {
    const res = await client.post('/personal/v1/safety-score', {}, { token: lisi });
    const data = res.json().data;
    expect(data.score).toBe(data.items.filter((i: { earned: boolean }) => i.earned).reduce((s: number, i: { points: number }) => s + i.points, 0));
    expect(data).toMatchObject({ pwdLevel: 'strong', passwordExpired: false, userId: 'lisi', phoneEnabled: false });
  });

  it('hands the app a one-time code that its back end redeems once, with its secret, for the right app only', async () => {
    const admin = await signIn(client, 'admin');
    const secretOf = async (clientId: string) => {
      const app = await client.app.store.db.selectFrom('apps').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow();
      return (await client.post('/admin/v1/apps/secret/rotate', { id: app.id }, { token: admin })).json().data.clientSecret as string;
    };
    const [oaSecret, mailSecret] = [await secretOf('oa-client'), await secretOf('mail-client')];
    const launch = await client.get('/auth/v1/sso/go/oa-client', { token: lisi });
    const code = new URL(launch.headers.location as string).searchParams.get('code')!;
    expect((await client.post('/auth/v1/sso/redeem', { clientId: 'mail-client', clientSecret: mailSecret, code })).json().code).toBe('E00013');
    const redeemed = await client.post('/auth/v1/sso/redeem', { clientId: 'oa-client', clientSecret: oaSecret, code });
    expect(redeemed.json()).toMatchObject({ code: 'D00000', data: { userId: 'lisi', userName: '李四' } });
    expect((await client.post('/auth/v1/sso/redeem', { clientId: 'oa-client', clientSecret: oaSecret, code })).json().code).toBe('E00013');
    const applied = await client.post('/auth/v1/apply-token', { clientId: 'wiki-client' }, { token: lisi });
    expect(applied.json().data.redirectUrl).toContain(applied.json().data.code);
    expect((await client.post('/auth/v1/apply-token', { clientId: 'crm-client' }, { token: lisi })).json().code).toBe('E30065');
  });

  it('serves the login page configuration', async () => {
    const res = await client.post('/system/v1/config/index-page/query-certification', { isOptions: true });
    expect(res.json().data[0].companyName).toEqual(expect.any(String));
  });
});
