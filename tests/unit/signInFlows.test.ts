import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../contract/schemas/auth';
import { policyLines } from '../../src/shared/components/PasswordStrengthHint';
import { keyedOffset } from '../../src/shared/components/SliderCaptcha';
import { afterLogin } from '../../src/pages/account-flow/flowDeps';
import { bindMainAccount, directorySignIn, sendBindCode } from '../../src/pages/account-flow/directory/directoryLogin';
import { missingClientPart } from '../../src/pages/register/clientParams';
import { createHttp } from '../../src/shared/providers/http';
import { createSessionStore, memoryStorage } from '../../src/shared/providers/storage';
import { fakeTransport, ok, refused, type SentRequest } from './fakeTransport';

const base: LoginResponse = { passwordExpireDays: 0, secondAuth: false, steps: [], srmi: null, appId: null, instanceId: 'inst-1', userId: 'lisi', redirectUrl: null };

function client(respond: (req: SentRequest) => ReturnType<typeof ok> | ReturnType<typeof refused>) {
  const fake = fakeTransport(respond);
  const http = createHttp({ transport: fake.transport, instanceId: () => '', translate: (key) => key });
  const deps = { http, encrypt: async (value: string) => `enc(${value})`, device: async () => ({ deviceId: 'fp-1', deviceName: 'Chrome' }) };
  return { deps, sent: fake.sent };
}

const input = { loginType: 'LDAP' as const, account: ' li.si ', password: 'Dir#Lisi2026', appId: 'mail' };

describe('directory sign-in (LDAP and company-token tabs)', () => {
  it('sends the encrypted account and password with the tab, app and device, and signs a linked account in', async () => {
    const t = client(() => ok({ casCode: 'SUCCESS', casData: { needBindingIdaasAccount: false, srmi: null, requestId: null, data: base } }));
    expect(await directorySignIn(input, t.deps)).toEqual({ kind: 'signedIn', response: base });
    expect(t.sent[0].url).toBe('/idaas/auth/v1/pacas/authenticate');
    expect(t.sent[0].body).toEqual({ userId: 'enc(li.si)', password: 'enc(Dir#Lisi2026)', loginType: 'LDAP', appId: 'mail', deviceId: 'fp-1', deviceName: 'Chrome' });
  });

  it('passes the captcha answer along when one is on screen', async () => {
    const t = client(() => ok({ casCode: 'SUCCESS', casData: { needBindingIdaasAccount: false, srmi: null, requestId: null, data: base } }));
    await directorySignIn({ ...input, validCode: 'abcd', capKey: 'cap-1' }, t.deps);
    expect(t.sent[0].body).toMatchObject({ validCode: 'abcd', capKey: 'cap-1' });
  });

  it('asks an unlinked directory account to bind a main account', async () => {
    const t = client(() => ok({ casCode: 'NEED_BINDING', casData: { needBindingIdaasAccount: true, srmi: 'srmi-9', requestId: 'srmi-9', data: null } }));
    expect(await directorySignIn({ ...input, loginType: 'PA_ACCOUNT' }, t.deps)).toEqual({ kind: 'bind', srmi: 'srmi-9' });
  });

  it('shows the company-token refusal by its casMessage, and asks for a captcha on NEED_RAND_CODE', async () => {
    const t = client(() => refused('E60002', '统一认证登录失败', 400, { casCode: 'NEED_RAND_CODE', casMessage: '请输入图形验证码' }));
    expect(await directorySignIn({ ...input, loginType: 'PA_ACCOUNT' }, t.deps)).toEqual({ kind: 'casRefused', message: '请输入图形验证码', needCaptcha: true });
    const plain = client(() => refused('E60002', '统一认证登录失败', 400, { casCode: 'AUTH_FAILED', casMessage: '账号或密码错误' }));
    expect(await directorySignIn({ ...input, loginType: 'PA_ACCOUNT' }, plain.deps)).toMatchObject({ kind: 'casRefused', needCaptcha: false });
  });

  it('hands other refusals (E30076 under the form, E30127 captcha) to the page', async () => {
    const t = client(() => refused('E30076', '目录账号或密码错误'));
    const outcome = await directorySignIn(input, t.deps);
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && (outcome.error as { code: string }).code).toBe('E30076');
  });
});

describe('binding a directory account to its main account', () => {
  const body = { srmi: 's-1', mobileNo: '13800000001', capKey: 'cap', capText: 'abcd' };

  it('texts the code after the captcha and keeps its key', async () => {
    const t = client(() => ok({ msgCodeKey: 'k-1', smsCodeKey: 'k-1' }));
    expect(await sendBindCode(body, t.deps.http)).toEqual({ kind: 'sent', smsCodeKey: 'k-1' });
    expect(t.sent[0]).toMatchObject({ url: '/idaas/auth/v1/pacas/send-msg', body });
  });

  it('restarts the timer when the server says a code went out under a minute ago (E60003)', async () => {
    const t = client(() => refused('E60003', '发送过于频繁，请稍后再试', 429));
    expect(await sendBindCode(body, t.deps.http)).toEqual({ kind: 'tooEarly' });
  });

  it('asks for the captcha again when its answer was wrong', async () => {
    const t = client(() => refused('E10802', '验证码错误，请重新输入'));
    expect(await sendBindCode(body, t.deps.http)).toEqual({ kind: 'captchaWrong', message: '验证码错误，请重新输入' });
  });

  it('binds with the code and the device fields', async () => {
    const t = client(() => ok(base));
    expect(await bindMainAccount({ srmi: 's-1', mobileNo: '13800000001', validateCode: '123456', smsCodeKey: 'k-1' }, t.deps)).toEqual(base);
    expect(t.sent[0].body).toEqual({ srmi: 's-1', mobileNo: '13800000001', validateCode: '123456', smsCodeKey: 'k-1', deviceId: 'fp-1', deviceName: 'Chrome' });
  });
});

describe('after a directory sign-in: the same rules as a password sign-in', () => {
  function setup(roles: ReturnType<typeof ok> | ReturnType<typeof refused> = ok([{ code: 'EMPLOYEE' }])) {
    const fake = fakeTransport(() => roles);
    const http = createHttp({ transport: fake.transport, instanceId: () => '', translate: (k) => k });
    const session = memoryStorage();
    const store = createSessionStore(memoryStorage(), session);
    const assigned: string[] = [];
    const refusals: unknown[] = [];
    const deps = { http, store, onNoRoleData: () => undefined, onRefused: (error: unknown) => void refusals.push(error) };
    const run = (r: LoginResponse, returnTo: string | null = null) => afterLogin(r, 'mail', deps, (href) => assigned.push(href), returnTo);
    return { run, store, assigned, refusals };
  }

  it('saves the check info and goes to /selfService when there are steps', async () => {
    const t = setup();
    const steps = [{ code: 'BIND-PHONE' as const, title: '', message: '' }, { code: 'FINISH' as const, title: '', message: '' }];
    expect(await t.run({ ...base, srmi: 's-2', steps })).toEqual({ success: true, redirectTo: '/selfService' });
    expect(t.store.checkInfo()).toMatchObject({ srmi: 's-2', appId: 'mail', active: 0 });
  });

  it('asks about an expiring password before anything else', async () => {
    const result = await setup().run({ ...base, passwordExpireDays: 3 });
    expect(result.passwordExpiry).toMatchObject({ days: 3, appId: 'mail' });
  });

  it('goes to the second factor, to a redirectUrl by a full page load, or to /myApp', async () => {
    expect((await setup().run({ ...base, secondAuth: true, srmi: 's-3' })).redirectTo).toMatch(/^\/secondAuth\?srmi=s-3&appId=mail/);
    const redirect = setup();
    await redirect.run({ ...base, redirectUrl: '%2Fidaas%2Fauth%2Fv1%2Fsso%2Fgo%2Fmail-client' });
    expect(redirect.assigned).toEqual(['/idaas/auth/v1/sso/go/mail-client']);
    expect((await setup().run(base)).redirectTo).toBe('/myApp');
  });

  it('carries the return path through every branch: steps, expiry reminder, second factor, completion', async () => {
    const steps = [{ code: 'BIND-PHONE' as const, title: '', message: '' }, { code: 'FINISH' as const, title: '', message: '' }];
    const selfService = setup();
    expect(await selfService.run({ ...base, srmi: 's-5', steps }, '/info')).toEqual({ success: true, redirectTo: '/selfService' });
    expect(selfService.store.checkInfo()).toMatchObject({ srmi: 's-5', returnTo: '/info' });
    expect((await setup().run({ ...base, passwordExpireDays: 2 }, '/info')).passwordExpiry).toMatchObject({ returnTo: '/info' });
    expect((await setup().run({ ...base, secondAuth: true, srmi: 's-6', instanceId: null }, '/info')).redirectTo).toBe('/secondAuth?srmi=s-6&appId=mail&userId=lisi&redirect=%2Finfo');
    expect(await setup().run(base, '/log')).toEqual({ success: true, redirectTo: '/log' });
    // An OpenID Connect interaction resumes by a full page load, ahead of the server's application launch.
    const oidc = setup();
    expect(await oidc.run({ ...base, redirectUrl: '/idaas/auth/v1/sso/go/mail-client' }, '/oidc-interaction/u-1')).toEqual({ success: true });
    expect(oidc.assigned).toEqual(['/oidc-interaction/u-1']);
  });

  it('drops a hostile return path at every branch', async () => {
    const steps = [{ code: 'BIND-PHONE' as const, title: '', message: '' }, { code: 'FINISH' as const, title: '', message: '' }];
    const hostile = setup();
    await hostile.run({ ...base, srmi: 's-7', steps }, 'https://evil.example');
    expect(hostile.store.checkInfo()).toMatchObject({ returnTo: null });
    expect((await setup().run({ ...base, secondAuth: true, srmi: 's-8', instanceId: null }, '//evil.example')).redirectTo).toBe('/secondAuth?srmi=s-8&appId=mail&userId=lisi');
    const completed = setup();
    expect((await completed.run(base, '/\\evil.example')).redirectTo).toBe('/myApp');
    expect(completed.assigned).toEqual([]);
  });

  it('hands a failed roles fetch to the page to say why, and goes back to /login', async () => {
    const t = setup(refused('E00500', 'busy', 500));
    expect((await t.run(base)).redirectTo).toBe('/login');
    expect(t.refusals).toMatchObject([{ code: 'E00500', message: 'busy' }]);
  });
});

describe('small rules of the account pages', () => {
  it('keeps only the texts of the policy list, never markup', () => {
    const html = '<ul><li>密码长度须为 8-64 位</li><li class="x"><b>不能</b>包含账号 &amp; 姓名</li><li><img src=x onerror=alert(1)></li></ul><script>alert(1)</script>';
    expect(policyLines(html)).toEqual(['密码长度须为 8-64 位', '不能包含账号 & 姓名']);
    expect(policyLines(null)).toEqual([]);
  });

  it('moves the slider by 1 px with the arrows, 10 with Shift, to the ends with Home and End, within the track', () => {
    expect(keyedOffset('ArrowRight', false, 10, 256)).toBe(11);
    expect(keyedOffset('ArrowLeft', true, 5, 256)).toBe(0);
    expect(keyedOffset('ArrowRight', true, 250, 256)).toBe(256);
    expect(keyedOffset('End', false, 3, 256)).toBe(256);
    expect(keyedOffset('Home', false, 30, 256)).toBe(0);
    expect(keyedOffset('a', false, 30, 256)).toBeNull();
  });

  it('names the missing half of a client id and secret pair', () => {
    expect(missingClientPart(new URLSearchParams('clientId=a'))).toBe('clientSecret');
    expect(missingClientPart(new URLSearchParams('clientSecret=b'))).toBe('clientId');
    expect(missingClientPart(new URLSearchParams('clientId=a&clientSecret=b'))).toBeNull();
    expect(missingClientPart(new URLSearchParams(''))).toBeNull();
  });
});
