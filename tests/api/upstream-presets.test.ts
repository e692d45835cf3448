import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';
import { adminApi } from './adminHarness.js';
import { startVendorStandIn, VENDOR, type VendorStandIn } from '../support/upstreamVendors.js';

const CALLBACK_PATH = '/idaas/auth/v1/upstream/callback';

describe.each(storeCases())('WeCom, DingTalk and Feishu sign-in against a stand-in that answers as their documentation shows ($name)', (store) => {
  let client: Client;
  let admin: string;
  let vendor: VendorStandIn;
  const api = adminApi(() => client, () => admin);
  const preset = (code: string, kind: string, settings: Record<string, unknown>, clientSecret: string, extra: Record<string, unknown> = {}) => ({
    code, name: code, kind, enabled: true, settings: { ...settings, apiBase: vendor.base }, clientSecret, linkRule: 'PHONE', askBind: false, jit: false,
    providerMfa: false, appIds: null, sortOrder: 1, ...extra,
  });

  beforeAll(async () => {
    client = await startClient(store, 'upstream-presets');
    admin = await signIn(client, 'admin');
    vendor = await startVendorStandIn();
    await api.ok('/upstream-providers/create', preset('wecom', 'WECOM', { clientId: VENDOR.wecom.corpId, agentId: VENDOR.wecom.agentId }, VENDOR.wecom.corpSecret, { linkRule: 'EMAIL' }));
    await api.ok('/upstream-providers/create', preset('dingtalk', 'DINGTALK', { clientId: VENDOR.dingtalk.clientId }, VENDOR.dingtalk.clientSecret));
    await api.ok('/upstream-providers/create', preset('feishu', 'FEISHU', { clientId: VENDOR.feishu.appId }, VENDOR.feishu.appSecret, { jit: true }));
    await api.ok('/upstream-providers/create', preset('wecom-wrong', 'WECOM', { clientId: VENDOR.wecom.corpId, agentId: VENDOR.wecom.agentId }, 'not-the-secret'));
  });
  afterAll(async () => {
    await client?.close();
    await vendor?.stop();
  });

  /** Pressing the button, signing in at the vendor as `who`, and coming back with the code in the parameter the vendor uses. */
  async function trip(provider: string, who: string, codeParam: 'code' | 'authCode' = 'code') {
    const start = await client.get(`/auth/v1/upstream/start?provider=${provider}`);
    const sent = new URL(String(start.headers.location));
    const cookie = start.cookies.find((c) => c.name === 'idaas_upstream')?.value;
    const code = `code-${who}-${Math.random().toString(36).slice(2)}`;
    vendor.codes.set(code, who);
    const back = await client.get(`${CALLBACK_PATH.slice('/idaas'.length)}?${codeParam}=${code}&state=${sent.searchParams.get('state')}`, { headers: { cookie: `idaas_upstream=${cookie}` } });
    const landed = new URL(String(back.headers.location), 'http://portal.test');
    const finish = landed.searchParams.get('upstream') ? await client.post('/auth/v1/upstream/finish', { ticket: landed.searchParams.get('upstream') }) : null;
    return { sent, landed, finish };
  }

  it('WeCom: the QR login page with corp and agent, then gettoken, auth/getuserinfo and user/get; the member links by the company email', async () => {
    const { sent, finish } = await trip('wecom', 'LiSi');
    expect(`${sent.origin}${sent.pathname}`).toBe(`${vendor.base}/wwlogin/sso/login`);
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ login_type: 'CorpApp', appid: VENDOR.wecom.corpId, agentid: VENDOR.wecom.agentId, redirect_uri: `${client.app.config.publicUrl}${CALLBACK_PATH}` });
    expect(finish?.json()).toMatchObject({ code: 'D00000', data: { kind: 'signedIn', response: { userId: 'lisi' }, upstreamName: '李四' } });
    expect(sessionTokenOf(finish!)).toBeDefined();
    const paths = vendor.seen.map((s) => s.path);
    expect(paths).toEqual(expect.arrayContaining(['/cgi-bin/gettoken', '/cgi-bin/auth/getuserinfo', '/cgi-bin/user/get']));
  });

  it('WeCom: a wrong corp secret (errcode 40001) lands on the sign-in page with E60101', async () => {
    const { landed, finish } = await trip('wecom-wrong', 'LiSi');
    expect(landed.searchParams.get('upstreamError')).toBe('E60101');
    expect(finish).toBeNull();
  });

  it('DingTalk: the unified login page, userAccessToken with the JSON body, users/me with its header; links by the phone', async () => {
    const { sent, finish } = await trip('dingtalk', 'ding-zhangsan', 'authCode');
    expect(`${sent.origin}${sent.pathname}`).toBe(`${vendor.base}/oauth2/auth`);
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ response_type: 'code', client_id: VENDOR.dingtalk.clientId, scope: 'openid', prompt: 'consent' });
    expect(finish?.json()).toMatchObject({ code: 'D00000', data: { kind: 'signedIn', response: { userId: 'zhangsan' } } });
    const tokenCall = vendor.seen.find((s) => s.path === '/v1.0/oauth2/userAccessToken');
    expect(tokenCall?.body).toMatchObject({ clientId: VENDOR.dingtalk.clientId, grantType: 'authorization_code' });
    expect(vendor.seen.find((s) => s.path === '/v1.0/contact/users/me')?.headers['x-acs-dingtalk-access-token']).toMatch(/^tok-/);
  });

  it('DingTalk: a code used twice is refused by the vendor, and the second trip fails cleanly', async () => {
    const start = await client.get('/auth/v1/upstream/start?provider=dingtalk');
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const cookie = start.cookies.find((c) => c.name === 'idaas_upstream')?.value;
    const back = await client.get(`/auth/v1/upstream/callback?authCode=never-issued&state=${state}`, { headers: { cookie: `idaas_upstream=${cookie}` } });
    expect(String(back.headers.location)).toContain('upstreamError=E60101');
  });

  it('Feishu: authorize with PKCE, the v2 token call with code_verifier, user_info; JIT keeps the enterprise email and the phone', async () => {
    const { sent, finish } = await trip('feishu', 'feishu-newbie');
    expect(`${sent.origin}${sent.pathname}`).toBe(`${vendor.base}/open-apis/authen/v1/authorize`);
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('client_id')).toBe(VENDOR.feishu.appId);
    expect(finish?.json()).toMatchObject({ code: 'D00000', data: { kind: 'signedIn' } });
    const tokenCall = vendor.seen.find((s) => s.path === '/open-apis/authen/v2/oauth/token');
    expect((tokenCall?.body as Record<string, string>).code_verifier).toMatch(/^[\w-]{43}$/);
    const user = await client.app.store.db.selectFrom('users').selectAll().where('email', '=', 'newbie@corp.example.com').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ mobile_no: '13900001234', user_name: '新人', password_hash: null });
  });
});
