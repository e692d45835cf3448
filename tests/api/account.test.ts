import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, lastSmsCode, passwordLogin, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';

describe.each(storeCases())('account security, devices and logs ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'account'); });
  afterAll(async () => { await client?.close(); });
  const data = async (path: string, body: unknown, token: string) => (await client.post(path, body, { token })).json();

  it('changes the phone in three steps; the old-phone step cannot be skipped; other sessions end', async () => {
    const other = await signIn(client, 'sunqi');
    const me = await signIn(client, 'sunqi');
    const start = (await data('/personal/v1/change-mobile/get-phone', {}, me)).data;
    expect(start.mobileNo).toBe('138****0005');
    const skip = await client.post('/personal/v1/change-mobile/send-new-otp', { requestId: start.requestId, mobileNo: '13611112222' }, { token: me });
    expect(skip.json().code).toBe('E00013');
    const old = (await data('/personal/v1/change-mobile/send-old-otp', { requestId: start.requestId }, me)).data;
    expect((await data('/personal/v1/change-mobile/verify-old-otp', { requestId: start.requestId, msgCodeKey: old.msgCodeKey, msgValueClient: await lastSmsCode(client, '13800000005') }, me)).code).toBe('D00000');
    const taken = await client.post('/personal/v1/change-mobile/send-new-otp', { requestId: start.requestId, mobileNo: '13800000002' }, { token: me });
    expect(taken.json().code).toBe('E10901');
    expect(taken.statusCode).toBe(200);
    const same = await client.post('/personal/v1/change-mobile/send-new-otp', { requestId: start.requestId, mobileNo: '13800000005' }, { token: me });
    expect(same.json().code).toBe('E10903');
    const fresh = (await data('/personal/v1/change-mobile/send-new-otp', { requestId: start.requestId, mobileNo: '13611112222' }, me)).data;
    const set = await data('/personal/v1/change-mobile/set-new-mobile', { requestId: start.requestId, msgCodeKey: fresh.msgCodeKey, msgValueClient: await lastSmsCode(client, '13611112222') }, me);
    expect(set.code).toBe('D00000');
    expect((await data('/personal/v1/current-user-detail', {}, me)).data.mobileNo).toBe('13611112222');
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: other })).json().code).toBe('E00009');
    const log = await data('/personal/v1/operate/page-list', { logType: 6, sceneCode: 'CHANGE_PHONE', pageNum: 1, pageSize: 10 }, me);
    expect(log.data.total).toBe(1);
  });

  it('answers what the caller may do: lisi nothing more, zhangsan approves and manages, admin administers', async () => {
    const access = async (who: string) => data('/personal/v1/access', {}, await signIn(client, who));
    expect(await access('lisi')).toMatchObject({ code: 'D00000', data: { admin: false, approver: false, manager: false } });
    expect(await access('zhangsan')).toMatchObject({ code: 'D00000', data: { admin: false, approver: true, manager: true } });
    expect(await access('admin')).toMatchObject({ code: 'D00000', data: { admin: true } });
    expect((await client.post('/personal/v1/access', {})).json().code).toBe('E00009');
  });

  it('stops the phone only after a re-authentication, never as the last factor the policy requires', async () => {
    const lisi = await signIn(client, 'lisi');
    const phoneStopped = async () => (await data('/personal/v1/safety-score', {}, lisi)).data.phoneEnabled as boolean;
    // A session alone (a stolen cookie) cannot take the phone away as a factor.
    expect((await data('/personal/v1/stop-mobile', {}, lisi)).code).toBe('E11030');
    expect(await phoneStopped()).toBe(false);
    expect((await data('/personal/v1/factors/reauth/password', { password: await client.encrypt(DEMO_PASSWORD) }, lisi)).code).toBe('D00000');
    const security = await signIn(client, 'secadmin');
    expect((await data('/admin/v1/policies/update', { mfa: { requiredUserTypes: ['STAFF'] } }, security)).code).toBe('D00000');
    try {
      expect((await data('/personal/v1/stop-mobile', {}, lisi)).code).toBe('E11032');
      expect(await phoneStopped()).toBe(false);
    } finally {
      await client.app.store.db.deleteFrom('config').where('key', '=', 'policy.mfa').execute();
      client.app.services.settings.invalidate();
    }
  });

  it('stops and re-enables the phone, which the score and SMS sign-in follow', async () => {
    const lisi = await signIn(client, 'lisi');
    const before = (await data('/personal/v1/safety-score', {}, lisi)).data.score;
    expect((await data('/personal/v1/factors/reauth/password', { password: await client.encrypt(DEMO_PASSWORD) }, lisi)).code).toBe('D00000');
    expect((await data('/personal/v1/stop-mobile', {}, lisi)).code).toBe('D00000');
    const stopped = (await data('/personal/v1/safety-score', {}, lisi)).data;
    expect(stopped).toMatchObject({ phoneEnabled: true, score: before - 10 });
    expect((await data('/personal/v1/use-mobile', {}, lisi)).code).toBe('D00000');
    expect((await data('/personal/v1/safety-score', {}, lisi)).data.score).toBe(before);
  });

  it('binds a first phone for a user without one', async () => {
    await client.app.store.db.updateTable('users').set({ password_expire_at: Date.now() + 60 * 86_400_000 }).where('user_id', '=', 'zhouba').execute();
    const zhouba = sessionTokenOf(await passwordLogin(client, 'zhouba'))!;
    expect((await client.post('/personal/v1/stop-mobile', {}, { token: zhouba })).json().code).toBe('E10904');
    expect((await client.post('/personal/v1/change-mobile/get-phone', {}, { token: zhouba })).json().code).toBe('E10904');
    const sent = (await data('/personal/v1/bind-mobile/send-otp', { mobileNo: '13622223333' }, zhouba)).data;
    const saved = await data('/personal/v1/bind-mobile/save', { mobileNo: '13622223333', msgCodeKey: sent.msgCodeKey, msgValueClient: await lastSmsCode(client, '13622223333') }, zhouba);
    expect(saved.code).toBe('D00000');
    expect((await data('/personal/v1/current-user-detail', {}, zhouba)).data.mobileNo).toBe('13622223333');
    const again = await client.post('/personal/v1/bind-mobile/send-otp', { mobileNo: '13622224444' }, { token: zhouba });
    expect(again.json().code).toBe('E10902');
  });

  it('lists and unbinds only the caller\'s linked accounts; a crafted userId is refused', async () => {
    const lisi = await signIn(client, 'lisi');
    const zhangsan = await signIn(client, 'zhangsan');
    const mine = await data('/personal/v1/social-auth/page-list', { userId: 'lisi', pageNum: 1, pageSize: 10 }, lisi);
    expect(mine.data.datas.map((s: { source: string }) => s.source).sort()).toEqual(['DINGTALK', 'WECHAT_WORK']);
    const peek = await client.post('/personal/v1/social-auth/page-list', { userId: 'lisi', pageNum: 1, pageSize: 10 }, { token: zhangsan });
    expect(peek.statusCode).toBe(403);
    const steal = await client.post('/personal/v1/social-auth/unbind-self', { userId: 'lisi', source: 'DINGTALK' }, { token: zhangsan });
    expect(steal.statusCode).toBe(403);
    expect((await data('/personal/v1/social-auth/unbind-self', { userId: 'lisi', source: 'DINGTALK' }, lisi)).code).toBe('D00000');
    expect((await data('/personal/v1/social-auth/page-list', { pageNum: 1, pageSize: 10 }, lisi)).data.total).toBe(1);
  });

  it('lists devices with the current one marked, and signs another device out server-side', async () => {
    const laptop = sessionTokenOf(await passwordLogin(client, 'zhangsan', undefined, { deviceId: 'zs-laptop', deviceName: 'Chrome' }))!;
    const phone = sessionTokenOf(await passwordLogin(client, 'zhangsan', undefined, { deviceId: 'zs-phone', deviceName: 'Safari' }))!;
    const list = (await data('/personal/v1/device/list', {}, laptop)).data;
    expect(list.find((d: { deviceId: string }) => d.deviceId === 'zs-laptop')).toMatchObject({ current: true, activeSessions: 1 });
    expect(list.find((d: { deviceId: string }) => d.deviceId === 'zs-phone')).toMatchObject({ current: false, deviceName: 'Safari' });
    expect((await client.post('/personal/v1/device/sign-out', { deviceId: 'zs-laptop' }, { token: laptop })).json().code).toBe('E20401');
    expect((await data('/personal/v1/device/sign-out', { deviceId: 'zs-phone' }, laptop)).data.ended).toBe(1);
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: phone })).json().code).toBe('E00009');
    const lisi = await signIn(client, 'lisi');
    expect((await client.post('/personal/v1/device/sign-out', { deviceId: 'zs-laptop' }, { token: lisi })).statusCode).toBe(404);
    expect((await client.post('/personal/v1/current-user-detail', {}, { token: laptop })).json().code).toBe('D00000');
  });

  it('pages the app-access log in the default 29-day window with filters, only the caller\'s rows', async () => {
    const lisi = await signIn(client, 'lisi');
    const all = (await data('/personal/v1/login-history/page-list', { logType: 7, pageNum: 1, pageSize: 10 }, lisi)).data;
    expect(all.total).toBeGreaterThan(20);
    expect(all.datas).toHaveLength(10);
    const failures = (await data('/personal/v1/login-history/page-list', { logType: 7, isSuccess: 0, pageNum: 1, pageSize: 100 }, lisi)).data;
    expect(failures.datas.every((r: { isSuccess: boolean }) => r.isSuccess === false)).toBe(true);
    const sso = (await data('/personal/v1/login-history/page-list', { logType: 7, optType: 'SSO', pageNum: 1, pageSize: 100 }, lisi)).data;
    expect(sso.datas.every((r: { optType: string }) => r.optType === 'SSO')).toBe(true);
    const oldest = Date.parse(all.datas.at(-1).createdDate);
    expect(oldest).toBeGreaterThan(Date.now() - 30 * 86_400_000);
    const zhangsan = await signIn(client, 'zhangsan');
    const his = (await data('/personal/v1/login-history/page-list', { logType: 7, pageNum: 1, pageSize: 100 }, zhangsan)).data.datas;
    const lisiIds = new Set((await data('/personal/v1/login-history/page-list', { logType: 7, pageNum: 1, pageSize: 100 }, lisi)).data.datas.map((r: { id: number }) => r.id));
    expect(his.some((r: { id: number }) => lisiIds.has(r.id))).toBe(false);
  });

  it('stops counting at 10,000 rows and says so, while paging still works', async () => {
    const { id } = await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', 'emp0010').executeTakeFirstOrThrow();
    const now = Date.now();
    for (let start = 0; start < 10_050; start += 500) {
      const rows = Array.from({ length: Math.min(500, 10_050 - start) }, (_, i) => ({
        user_ref: id, account: 'emp0010', opt_type: 'SSO', app_ref: null, app_name: '企业邮箱', is_success: 1, login_msg: 'D00000',
        ip: '10.0.0.1', device_id: null, device_name: null, created_at: now - (start + i) * 1000,
      }));
      await client.app.store.db.insertInto('login_history').values(rows).execute();
    }
    const token = await signIn(client, 'emp0010');
    const first = (await data('/personal/v1/login-history/page-list', { logType: 7, pageNum: 1, pageSize: 10 }, token)).data;
    expect(first).toMatchObject({ total: 10_000, totalCapped: true });
    const deep = (await data('/personal/v1/login-history/page-list', { logType: 7, pageNum: 900, pageSize: 10 }, token)).data;
    expect(deep.datas).toHaveLength(10);
  });

  it('tells the exact total for any range and filter, across day boundaries and after deletions', async () => {
    const db = client.app.store.db;
    const { id } = await db.selectFrom('users').select('id').where('user_id', '=', 'emp0011').executeTakeFirstOrThrow();
    const DAY = 86_400_000;
    const now = Date.now();
    // Rows on day edges (first and last millisecond of a day), inside whole days, and at `now`.
    const dayStart = Math.floor(now / DAY) * DAY;
    const times = [now, dayStart, dayStart - 1, dayStart - DAY, dayStart - DAY + 1, now - 3 * DAY, now - 3 * DAY - 1, now - 10 * DAY, now - 28 * DAY, now - 29 * DAY + 120_000, now - 29 * DAY - 120_000];
    const rows = times.flatMap((t, i) => [0, 1, 2].map((k) => ({
      user_ref: id, account: 'emp0011', opt_type: k === 2 ? 'SSO' : 'ACCOUNT', app_ref: null, app_name: null, is_success: (i + k) % 2, login_msg: 'D00000',
      ip: '10.0.0.2', device_id: null, device_name: null, created_at: t - k,
    })));
    await db.insertInto('login_history').values(rows).execute();
    const token = await signIn(client, 'emp0011');
    const direct = async (from: number, to: number, f: { optType?: string; isSuccess?: number }) => {
      let q = db.selectFrom('login_history').select((eb) => eb.fn.countAll<number>().as('n')).where('user_ref', '=', id).where('created_at', '>=', from).where('created_at', '<=', to);
      if (f.optType) q = q.where('opt_type', '=', f.optType);
      if (f.isSuccess !== undefined) q = q.where('is_success', '=', f.isSuccess);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const ranges: [number | undefined, number | undefined][] = [[undefined, undefined], [dayStart - DAY, dayStart - 1], [dayStart - DAY + 1, dayStart], [now - 3 * DAY - 1, now - 3 * DAY], [now - 30 * DAY, now], [dayStart, dayStart], [now - 10 * DAY, now - 11 * DAY]];
    const check = async () => {
      for (const [from, to] of ranges) {
        for (const f of [{}, { optType: 'SSO' }, { isSuccess: 0 }, { isSuccess: 1 }]) {
          const page = (await data('/personal/v1/login-history/page-list', { logType: 7, pageNum: 1, pageSize: 1, startTime: from, endTime: to, ...f }, token)).data;
          const expected = await direct(from ?? now - 29 * DAY, to ?? Date.now(), f);
          expect({ from, to, f, total: page.total }).toEqual({ from, to, f, total: expected });
        }
      }
    };
    await check();
    // Deleting rows (retention, a removed person's cascade) takes them out of the total too.
    await db.deleteFrom('login_history').where('user_ref', '=', id).where('created_at', 'in', [dayStart - 1, now - 10 * DAY]).execute();
    await check();
  });

  it('serves the log dictionaries in the asked language', async () => {
    const lisi = await signIn(client, 'lisi');
    const scenes = await client.post('/log/v1/common-select/get-by-type', { type: 14, logType: 6 }, { token: lisi, headers: { 'accept-language': 'en' } });
    expect(scenes.json().data).toContainEqual({ selectKey: 'CHANGE_PASSWORD', selectValue: 'Changed password' });
    const types = await data('/system/v1/common-select/get-by-type', { type: 15 }, lisi);
    expect(types.data).toContainEqual({ selectKey: 'SSO', selectValue: '单点登录应用' });
  });

  it('serves the home notices and news', async () => {
    const home = await data('/personal/v1/home/content', {}, await signIn(client, 'lisi'));
    expect(home.data.notices.length).toBeGreaterThan(0);
    expect(Object.keys(home.data.news).sort()).toEqual(['dynamic', 'news', 'recommend', 'release']);
  });
});
