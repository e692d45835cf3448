import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config.js';
import {
  DEMO_PASSWORD, lastSmsCode, passwordLogin, sessionTokenOf, signIn, solvedCaptcha, startClient, storeCases, type Client, forgotPasswordFor,
} from './harness.js';

const SMS_LOGIN_SEND = '/auth/v1/send-msg/msg-login';
const SMS_LOGIN = '/auth/v1/msg-login/login-check';

const codesOf = (responses: { json(): { code: string } }[]) => responses.map((r) => r.json().code);
const count = (codes: string[], code: string) => codes.filter((c) => c === code).length;

/** The sign-in numbers of the design, with the captcha steps moved out of the way when a test is about the lock alone. */
function lockout(overrides: Partial<ReturnType<typeof readConfig>['lockout']> = {}) {
  return { lockout: { ...readConfig({}).lockout, ...overrides } };
}

describe.each(storeCases())('sign-in limits under parallel attack ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'limits', lockout({ captchaAfter: 1000, ipCaptchaAfter: 1000 })); });
  afterAll(async () => { await client?.close(); });

  it('verifies at most 10 passwords of one account however many arrive at once, so the right one sent last is refused', async () => {
    // From a hundred addresses at once, as a botnet would: only the account's own budget stands in the way.
    const wrong = Array.from({ length: 100 }, (_, i) => passwordLogin(client, 'emp0101', `Wrong#${i}pass`, {}, `10.11.1.${i}`));
    const right = passwordLogin(client, 'emp0101', DEMO_PASSWORD, {}, '10.11.2.1');
    const responses = await Promise.all([...wrong, right]);
    const codes = codesOf(responses);
    expect(count(codes, 'E30002')).toBeLessThanOrEqual(10);
    expect(count(codes, 'E30053')).toBeGreaterThanOrEqual(90);
    expect(codes.at(-1)).toBe('E30053');
    expect(sessionTokenOf(responses.at(-1)!)).toBeUndefined();
    expect(codes.every((c) => c === 'E30002' || c === 'E30053')).toBe(true);
  });

  it('verifies at most 100 passwords from one address in the hour, whatever arrives at once', async () => {
    const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => passwordLogin(client, `nobody${i}`, 'Wrong#pass1', {}, '10.11.0.2')));
    const codes = codesOf(responses);
    // The tally names what the other answers were when a count falls short.
    const tally = JSON.stringify(Object.fromEntries([...new Set(codes)].map((c) => [c, count(codes, c)])));
    expect(count(codes, 'E30002'), tally).toBeLessThanOrEqual(100);
    expect(count(codes, 'E00429'), tally).toBeGreaterThanOrEqual(50);
    // A right password from that address is refused too, before its password is looked at.
    expect((await passwordLogin(client, 'lisi', DEMO_PASSWORD, {}, '10.11.0.2')).json().code).toBe('E00429');
  });

  it('gives a successful sign-in its place back: employees behind one address are not capped by their own sign-ins', async () => {
    const accounts = Array.from({ length: 30 }, (_, i) => `emp${String(110 + i).padStart(4, '0')}`);
    const responses = await Promise.all(accounts.map((account) => passwordLogin(client, account, DEMO_PASSWORD, {}, '10.11.0.3')));
    expect(count(codesOf(responses), 'D00000')).toBe(30);
    const row = await client.app.store.db.selectFrom('limit_counters').select('hits').where('subject', '=', 'ip:10.11.0.3').executeTakeFirst();
    expect(row?.hits ?? 0).toBe(0);
  });
});

describe.each(storeCases())('current-password checks share the sign-in budget ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'oldpwd'); });
  afterAll(async () => { await client?.close(); });

  it('lets a stolen session guess the current password no more often than the sign-in page would', async () => {
    const token = await signIn(client, 'emp0104');
    const guesses = await Promise.all(Array.from({ length: 30 }, async (_, i) => client.post('/personal/v1/pwd/change/person/save-by-ori-pwd', {
      oldPassword: await client.encrypt(`Guess#${i}pass`), newPassword: await client.encrypt('Fresh#Pass2027'), repeatNewPassword: await client.encrypt('Fresh#Pass2027'),
    }, { token, ip: `10.14.0.${i}` })));
    const codes = codesOf(guesses);
    expect(count(codes, 'E10702')).toBeLessThanOrEqual(10);
    expect(count(codes, 'E30053')).toBeGreaterThanOrEqual(20);
    // The account is locked for sign-in too, as after ten wrong passwords on the sign-in page.
    expect((await passwordLogin(client, 'emp0104', DEMO_PASSWORD, {}, '10.14.1.1')).json().code).toBe('E30053');
  });
});

describe.each(storeCases())('captcha escalation under parallel attack ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'escalation'); });
  afterAll(async () => { await client?.close(); });

  it('checks at most 3 passwords of an account without a captcha, counting the ones still being checked', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => passwordLogin(client, 'emp0102', `Wrong#${i}pass`, {}, '10.12.0.1')));
    const codes = codesOf(responses);
    expect(count(codes, 'E30002')).toBeLessThanOrEqual(3);
    // The rest were refused before their password was looked at: asked for a captcha, or the
    // account's budget was full of attempts still in flight.
    expect(count(codes, 'E30127') + count(codes, 'E30053')).toBe(30 - count(codes, 'E30002'));
    expect(count(codes, 'E30127')).toBeGreaterThan(0);
  });

  it('asks for a captcha in login-check itself once an address failed 20 times, as ip-check says', async () => {
    const ip = '10.12.0.2';
    await Promise.all(Array.from({ length: 20 }, (_, i) => passwordLogin(client, `ghost${i}`, 'Wrong#pass1', {}, ip)));
    expect((await client.post('/auth/v1/ip-check', {}, { ip })).json().code).toBe('E30127');
    const bare = await passwordLogin(client, 'lisi', DEMO_PASSWORD, {}, ip);
    expect(bare.json().code).toBe('E30127');
    const { capKey, capText } = await solvedCaptcha(client);
    const answered = await passwordLogin(client, 'lisi', DEMO_PASSWORD, { capKey, validCode: capText }, ip);
    expect(answered.json().code).toBe('D00000');
  });

  it('lets one captcha answer through once, however many requests carry it', async () => {
    const { capKey, capText } = await solvedCaptcha(client);
    // emp0103 needs a captcha after three failures from other addresses.
    for (let i = 0; i < 3; i++) await passwordLogin(client, 'emp0103', 'Wrong#pass1', {}, `10.12.1.${i}`);
    // Wrong passwords, so no success clears the account's counter halfway through the burst.
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => passwordLogin(client, 'emp0103', `Wrong#${i}pass`, { capKey, validCode: capText }, '10.12.0.3')));
    const codes = codesOf(responses);
    expect(count(codes, 'E30002')).toBe(1);
    expect(count(codes, 'E10802') + count(codes, 'E30053')).toBe(19);
  });
});

describe.each(storeCases())('one-time codes under parallel guessing ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'otprace'); });
  afterAll(async () => { await client?.close(); });

  /** A forgotten-password ticket for lisi at the "code sent" step, and the code her phone got. */
  async function forgotTicket(): Promise<{ requestId: string; msgCodeKey: string; code: string }> {
    // Past the resend interval of the code another test texted to the same phone.
    client.clock.advance(61_000);
    const { requestId } = await forgotPasswordFor(client, 'lisi');
    const { msgCodeKey } = (await client.post('/user/v1/pwd/forget/send-otp', { requestId })).json().data;
    return { requestId, msgCodeKey, code: (await lastSmsCode(client, '13800000002'))! };
  }

  const wrongCode = (right: string, i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');

  it('compares a forgotten-password code at most 5 times: 99 wrong guesses and the right one last are all refused', async () => {
    const { requestId, msgCodeKey, code } = await forgotTicket();
    const guesses = Array.from({ length: 99 }, (_, i) => client.post('/user/v1/pwd/forget/verify-otp', { requestId, msgCodeKey, msgValueClient: wrongCode(code, i) }));
    const right = client.post('/user/v1/pwd/forget/verify-otp', { requestId, msgCodeKey, msgValueClient: code });
    const codes = codesOf(await Promise.all([...guesses, right]));
    expect(count(codes, 'E10802')).toBeLessThanOrEqual(5);
    expect(codes.at(-1)).toBe('E10803');
    expect(count(codes, 'D00000')).toBe(0);
    // Even alone afterwards, the right code stays void.
    expect((await client.post('/user/v1/pwd/forget/verify-otp', { requestId, msgCodeKey, msgValueClient: code })).json().code).toBe('E10803');
  });

  it('opens no session for the right SMS sign-in code sent 30th of 40 parallel guesses', async () => {
    client.clock.advance(61_000);
    const sent = (await client.post(SMS_LOGIN_SEND, { mobileNo: '13800000002' })).json().data;
    const code = (await lastSmsCode(client, '13800000002'))!;
    const bodies = Array.from({ length: 40 }, (_, i) => ({ mobileNo: '13800000002', smsCodeKey: sent.msgCodeKey, validateCode: i === 29 ? code : wrongCode(code, i) }));
    const responses = await Promise.all(bodies.map((body, i) => client.post(SMS_LOGIN, body, { ip: `10.13.0.${i}` })));
    expect(responses.filter((r) => sessionTokenOf(r)).length).toBe(0);
    expect(count(codesOf(responses), 'E30075')).toBeLessThanOrEqual(5);
  });

  it('lets a right code through exactly once when it arrives many times at once', async () => {
    client.clock.advance(61_000);
    const sent = (await client.post(SMS_LOGIN_SEND, { mobileNo: '13800000002' })).json().data;
    const code = (await lastSmsCode(client, '13800000002'))!;
    const responses = await Promise.all(Array.from({ length: 5 }, () => client.post(SMS_LOGIN, { mobileNo: '13800000002', smsCodeKey: sent.msgCodeKey, validateCode: code })));
    expect(responses.filter((r) => sessionTokenOf(r)).length).toBe(1);
  });

  it('moves a ticket on once: racing password saves with one forgotten-password ticket change it once', async () => {
    client.clock.advance(61_000);
    const { requestId, msgCodeKey, code } = await forgotTicket();
    expect((await client.post('/user/v1/pwd/forget/verify-otp', { requestId, msgCodeKey, msgValueClient: code })).json().code).toBe('D00000');
    const saves = await Promise.all(Array.from({ length: 10 }, async (_, i) => client.post('/user/v1/pwd/forget/save-by-otp', { requestId, newPassword: await client.encrypt(`Fresh#Pass${i}x`) })));
    expect(count(codesOf(saves), 'D00000')).toBe(1);
  });
});
