import type { ModalFuncProps } from 'antd';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../contract/schemas/auth';
import { ApiError } from '../../src/shared/providers/apiError';
import { createAuth, type LoginResult } from '../../src/providers/authProvider';
import { createHttp } from '../../src/shared/providers/http';
import { createSessionStore, memoryStorage } from '../../src/shared/providers/storage';
import { fakeTransport, ok, refused, type SentRequest } from './fakeTransport';

const base: LoginResponse = {
  passwordExpireDays: 0,
  secondAuth: false,
  steps: [],
  srmi: null,
  appId: null,
  instanceId: 'inst-9',
  userId: 'lisi',
  redirectUrl: null,
};

type Route = (req: SentRequest) => ReturnType<typeof ok> | ReturnType<typeof refused>;

function setup(routes: Record<string, Route | ReturnType<typeof ok> | ReturnType<typeof refused>>, path = '/login') {
  const fake = fakeTransport((req) => {
    const key = req.url.replace('/idaas', '');
    const route = routes[key];
    if (!route) return refused('E00404', 'not found', 404);
    return typeof route === 'function' ? route(req) : route;
  });
  const local = memoryStorage();
  const session = memoryStorage();
  const store = createSessionStore(local, session);
  const dialogs: ModalFuncProps[] = [];
  const messages: string[] = [];
  const assigned: string[] = [];
  const http = createHttp({ transport: fake.transport, instanceId: () => store.instanceId(), translate: (k) => k });
  const auth = createAuth({
    http,
    encrypt: async (value) => `enc(${value})`,
    device: async () => ({ deviceId: 'fp-1', deviceName: 'Chrome' }),
    store,
    feedback: {
      error: (t: string) => messages.push(t),
      refusal: (error: unknown) => messages.push(`refused:${(error as Error).message}`),
      confirm: (props: ModalFuncProps) => dialogs.push(props),
    },
    translate: (key) => key,
    page: { assign: (href) => assigned.push(href), path: () => path },
  });
  return { auth, sent: fake.sent, store, local, session, dialogs, messages, assigned };
}

const login = (auth: ReturnType<typeof setup>['auth'], extra: Record<string, unknown> = {}) =>
  auth.provider.login({ account: ' lisi ', password: 'Idaas@2026', appId: '', query: { appId: '' }, ...extra }) as Promise<LoginResult>;

describe('authProvider.login', () => {
  it('sends encrypted account and password with device fields and captcha, then goes to /myApp for ordinary roles', async () => {
    const t = setup({
      '/auth/v1/login-check': ok(base),
      '/auty/v1/group/authority/user-roles': ok([{ id: 1, code: 'STAFF_USER', name: 'staff' }]),
    });
    const result = await login(t.auth, { validCode: 'ab12', capKey: 'cap-1' });
    expect(result).toEqual({ success: true, redirectTo: '/myApp' });
    expect(t.sent[0].body).toMatchObject({
      userId: 'enc(lisi)',
      password: 'enc(Idaas@2026)',
      deviceId: 'fp-1',
      deviceName: 'Chrome',
      loginType: 'ACCOUNT',
      validCode: 'ab12',
      capKey: 'cap-1',
    });
    expect(t.store.instanceId()).toBe('inst-9');
    expect(t.store.roleCodes()).toEqual(['STAFF_USER']);
    // The instance id from the answer is sent with the next call.
    expect(t.sent[1].headers['X-Instance-Id']).toBe('inst-9');
  });

  it('sends an admin (any letter case) to the workbench with a full page load', async () => {
    const t = setup({ '/auth/v1/login-check': ok(base), '/auty/v1/group/authority/user-roles': ok([{ id: 1, code: 'Sys_ADMIN', name: 'a' }]) });
    const result = await login(t.auth);
    expect(result).toEqual({ success: true });
    expect(t.assigned).toEqual(['/systemhub/#/home']);
  });

  it('follows a redirectUrl (decoded) without asking for roles', async () => {
    const t = setup({ '/auth/v1/login-check': ok({ ...base, redirectUrl: '%2Fidaas%2Fauth%2Fv1%2Fsso%2Fgo%2Foa' }) });
    await login(t.auth, { appId: 'oa' });
    expect(t.assigned).toEqual(['/idaas/auth/v1/sso/go/oa']);
    expect(t.sent.map((r) => r.url)).toEqual(['/idaas/auth/v1/login-check']);
    expect(t.sent[0].body).toMatchObject({ appId: 'oa' });
  });

  it('no role data at all: error message and back to /login; an empty list still means /myApp', async () => {
    const none = setup({ '/auth/v1/login-check': ok(base), '/auty/v1/group/authority/user-roles': ok(null) });
    expect(await login(none.auth)).toEqual({ success: true, redirectTo: '/login' });
    expect(none.messages).toEqual(['login.messages.noDefaultApp']);
    const empty = setup({ '/auth/v1/login-check': ok(base), '/auty/v1/group/authority/user-roles': ok([]) });
    expect(await login(empty.auth)).toEqual({ success: true, redirectTo: '/myApp' });
  });

  it('roles that cannot be fetched: the refusal is toasted and the sign-in goes back to /login', async () => {
    const t = setup({ '/auth/v1/login-check': ok(base), '/auty/v1/group/authority/user-roles': refused('E00500', 'busy', 500) });
    expect(await login(t.auth)).toEqual({ success: true, redirectTo: '/login' });
    expect(t.messages).toEqual(['refused:busy']);
  });

  it('self-service steps: saves checkInfo and goes to /selfService', async () => {
    const steps = [{ code: 'BIND-PHONE', title: 't', message: 'm' }, { code: 'FINISH', title: 't', message: 'm' }];
    const t = setup({ '/auth/v1/login-check': ok({ ...base, steps, srmi: 'srmi-1', instanceId: null }) });
    expect(await login(t.auth, { appId: 'oa' })).toEqual({ success: true, redirectTo: '/selfService' });
    expect(JSON.parse(t.session.getItem('checkInfo')!)).toMatchObject({ srmi: 'srmi-1', userId: 'lisi', appId: 'oa', steps, active: 0 });
  });

  it('password expiring: hands the reminder to the page, and resuming continues to the second factor', async () => {
    const t = setup({ '/auth/v1/login-check': ok({ ...base, passwordExpireDays: 3, secondAuth: true, srmi: 'srmi-2', instanceId: null }) });
    const result = await login(t.auth, { appId: 'oa' });
    expect(result.success).toBe(true);
    expect(result.redirectTo).toBeUndefined();
    expect(result.passwordExpiry).toMatchObject({ days: 3, srmi: 'srmi-2', appId: 'oa' });
    const resumed = await t.auth.resumeLogin(result.passwordExpiry!);
    expect(resumed).toEqual({ success: true, redirectTo: '/secondAuth?srmi=srmi-2&appId=oa&userId=lisi' });
  });

  it('second factor without expiry goes straight to /secondAuth', async () => {
    const t = setup({ '/auth/v1/login-check': ok({ ...base, secondAuth: true, srmi: 's3', instanceId: null }) });
    expect((await login(t.auth)).redirectTo).toBe('/secondAuth?srmi=s3&userId=lisi');
  });

  it('a refusal resolves as { success: false, error } with the code and data the page needs', async () => {
    const t = setup({ '/auth/v1/login-check': refused('E30058', '密码已过期', 400, { srmi: 'x' }) });
    const result = await login(t.auth);
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'E30058', data: { srmi: 'x' } });
    expect(t.messages).toEqual([]);
  });

  it('SMS sign-in posts the phone login payload', async () => {
    const t = setup({ '/auth/v1/msg-login/login-check': ok({ ...base, redirectUrl: '/x' }) });
    await t.auth.provider.login({ loginType: 'MSG_CODE', mobileNo: '13800000002', validateCode: '123456', smsCodeKey: 'k', appId: 'oa' });
    expect(t.sent[0].body).toMatchObject({ mobileNo: '13800000002', validateCode: '123456', smsCodeKey: 'k', appId: 'oa', deviceId: 'fp-1' });
  });
});

describe('authProvider session', () => {
  const user = { userId: 'lisi', userName: '李四', instanceId: 'inst-7' };

  it('check loads the current user once and caches it as the identity', async () => {
    const t = setup({ '/personal/v1/current-user-detail': ok(user) });
    expect(await t.auth.provider.check()).toEqual({ authenticated: true });
    expect(await t.auth.provider.check()).toEqual({ authenticated: true });
    expect(await t.auth.provider.getIdentity!()).toEqual(user);
    expect(t.sent).toHaveLength(1);
    expect(t.store.instanceId()).toBe('inst-7');
  });

  it('check failure clears local state and sends the user to /login', async () => {
    const t = setup({ '/personal/v1/current-user-detail': refused('E00009', 'expired', 401) });
    t.store.setRoleCodes(['X']);
    t.store.setInstanceId('old');
    const result = await t.auth.provider.check();
    expect(result).toMatchObject({ authenticated: false, redirectTo: '/login', logout: true });
    expect(t.store.roleCodes()).toBeNull();
    expect(t.store.instanceId()).toBe('');
    expect(t.messages).toEqual([]);
  });

  it('logout posts the device fields, clears state and returns to /login?redirect=<path>', async () => {
    const t = setup({ '/auth/v1/logout': ok(null) }, '/mailbox?activeName=second');
    t.store.setRoleCodes(['X']);
    t.store.setCheckInfo({ srmi: 'a' });
    const result = await t.auth.provider.logout({});
    expect(t.sent[0].body).toEqual({ deviceId: 'fp-1', deviceName: 'Chrome' });
    expect(result).toEqual({ success: true, redirectTo: '/login?redirect=%2Fmailbox%3FactiveName%3Dsecond' });
    expect(t.store.roleCodes()).toBeNull();
    expect(t.store.checkInfo()).toBeNull();
  });

  it('a check without a session sends a deep link to /login with the way back (query kept)', async () => {
    const t = setup({ '/personal/v1/current-user-detail': refused('E00009', 'expired', 401) }, '/log?tab=operation');
    expect(await t.auth.provider.check()).toMatchObject({ authenticated: false, redirectTo: '/login?redirect=%2Flog%3Ftab%3Doperation' });
  });

  it('logout from the sign-in page keeps that page as it is (its own ?redirect= with it)', async () => {
    const t = setup({ '/auth/v1/logout': ok(null) }, '/login?redirect=%2Flog');
    expect(await t.auth.provider.logout({})).toEqual({ success: true, redirectTo: '/login?redirect=%2Flog' });
  });

  it('logout with an already expired session still logs out locally', async () => {
    const t = setup({ '/auth/v1/logout': refused('E00009', 'expired', 401) }, '/myApp');
    expect(await t.auth.provider.logout({})).toMatchObject({ success: true });
  });

  it('onError E00009 asks once before going to /login, and says nothing on the login page', async () => {
    const t = setup({}, '/myApp');
    const error = new ApiError('E00009', 'expired', null, 401);
    await t.auth.provider.onError(error);
    await t.auth.provider.onError(error);
    expect(t.dialogs).toHaveLength(1);
    expect(t.dialogs[0]).toMatchObject({ title: 'session.expiredTitle', content: 'session.expiredContent', okText: 'session.signInAgain', cancelText: 'common.actions.cancel' });
    t.dialogs[0].onOk!();
    // Signing in again comes back to the page the session expired on.
    expect(t.assigned).toEqual(['/login?redirect=%2FmyApp']);

    const onLogin = setup({}, '/login?appId=oa');
    await onLogin.auth.provider.onError(error);
    expect(onLogin.dialogs).toHaveLength(0);
  });

  it('onError leaves E00013 to the page (a public flow starts again or leaves, as suits it)', async () => {
    const t = setup({}, '/forgetPassword');
    const result = await t.auth.provider.onError(Object.assign(new Error('x'), { code: 'E00013' }));
    expect(result).toEqual({});
    expect(t.messages).toEqual([]);
    expect(t.dialogs).toEqual([]);
  });
});

describe('authProvider.login with a return path (?redirect= of the sign-in page)', () => {
  const roles = ok([{ id: 1, code: 'Sys_ADMIN', name: 'a' }]);

  it('lands on an app route by the router, asking no roles and forgetting the previous sign-in\'s', async () => {
    const t = setup({ '/auth/v1/login-check': ok(base), '/auty/v1/group/authority/user-roles': roles });
    t.store.setRoleCodes(['OLD']);
    t.store.setAccess({ approver: true, manager: true, admin: true, duty: 'system', appOwner: false });
    expect(await login(t.auth, { returnTo: '/approvalAuthority' })).toEqual({ success: true, redirectTo: '/approvalAuthority' });
    expect(t.sent.map((r) => r.url)).toEqual(['/idaas/auth/v1/login-check']);
    expect(t.store.roleCodes()).toBeNull();
    expect(t.store.access()).toBeNull();
    expect(t.assigned).toEqual([]);
  });

  it('an administrator follows it too, into the workbench page by a full page load', async () => {
    const t = setup({ '/auth/v1/login-check': ok(base), '/auty/v1/group/authority/user-roles': roles });
    expect(await login(t.auth, { returnTo: '/systemhub/#/users' })).toEqual({ success: true });
    expect(t.assigned).toEqual(['/systemhub/#/users']);
  });

  it('resumes an OpenID Connect interaction by a full page load, ahead of the server\'s application launch', async () => {
    const t = setup({ '/auth/v1/login-check': ok({ ...base, appId: 'oa', redirectUrl: '/idaas/auth/v1/sso/go/oa-client' }) });
    expect(await login(t.auth, { appId: 'oa', returnTo: '/oidc-interaction/uid-1' })).toEqual({ success: true });
    expect(t.assigned).toEqual(['/oidc-interaction/uid-1']);
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])('ignores a hostile one (%s): the usual landing page', async (returnTo) => {
    const t = setup({ '/auth/v1/login-check': ok(base), '/auty/v1/group/authority/user-roles': ok([{ id: 1, code: 'STAFF', name: 's' }]) });
    expect(await login(t.auth, { returnTo })).toEqual({ success: true, redirectTo: '/myApp' });
    expect(t.assigned).toEqual([]);
  });

  it('an administrator without one still lands on the workbench home', async () => {
    const t = setup({ '/auth/v1/login-check': ok(base), '/auty/v1/group/authority/user-roles': roles });
    await login(t.auth, { returnTo: null });
    expect(t.assigned).toEqual(['/systemhub/#/home']);
  });

  it('carries it to the second factor in the query, like the ticket', async () => {
    const t = setup({ '/auth/v1/login-check': ok({ ...base, secondAuth: true, srmi: 's3', instanceId: null }) });
    expect((await login(t.auth, { returnTo: '/log?tab=operation' })).redirectTo).toBe('/secondAuth?srmi=s3&userId=lisi&redirect=%2Flog%3Ftab%3Doperation');
  });

  it('keeps it in the self-service check info', async () => {
    const steps = [{ code: 'BIND-PHONE', title: 't', message: 'm' }, { code: 'FINISH', title: 't', message: 'm' }];
    const t = setup({ '/auth/v1/login-check': ok({ ...base, steps, srmi: 'srmi-1', instanceId: null }) });
    await login(t.auth, { returnTo: '/info' });
    expect(t.store.checkInfo()).toMatchObject({ srmi: 'srmi-1', returnTo: '/info' });
    const hostile = setup({ '/auth/v1/login-check': ok({ ...base, steps, srmi: 'srmi-2', instanceId: null }) });
    await login(hostile.auth, { returnTo: '//evil.example' });
    expect(hostile.store.checkInfo()).toMatchObject({ srmi: 'srmi-2', returnTo: null });
  });

  it('keeps it through the password-expiry reminder, whichever way it is answered', async () => {
    const t = setup({ '/auth/v1/login-check': ok({ ...base, passwordExpireDays: 3, srmi: 'srmi-4' }) });
    const result = await login(t.auth, { returnTo: '/device' });
    expect(result.passwordExpiry).toMatchObject({ srmi: 'srmi-4', returnTo: '/device' });
    expect(await t.auth.resumeLogin(result.passwordExpiry!)).toEqual({ success: true, redirectTo: '/device' });
  });

  it('SMS sign-in follows it the same way', async () => {
    const t = setup({ '/auth/v1/msg-login/login-check': ok(base) });
    const result = await t.auth.provider.login({ loginType: 'MSG_CODE', mobileNo: '13800000002', validateCode: '123456', smsCodeKey: 'k', returnTo: '/log' });
    expect(result).toEqual({ success: true, redirectTo: '/log' });
  });
});
