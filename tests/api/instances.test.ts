import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config.js';
import { DEMO_PASSWORD, lastSmsCode, passwordLogin, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';

const codesOf = (responses: { json(): { code: string } }[]) => responses.map((r) => r.json().code);
const count = (codes: string[], code: string) => codes.filter((c) => c === code).length;

const postgres = storeCases().filter((s) => s.name === 'postgres');

/** Two server instances on one PostgreSQL database, as behind a load balancer: limits are theirs together. */
describe.each(postgres)('limits shared by two instances on one database ($name)', (store) => {
  let a: Client;
  let b: Client;
  const both = () => [a, b];
  beforeAll(async () => {
    const url = await store.seededUrl('twins');
    const lockout = { lockout: { ...readConfig({}).lockout, captchaAfter: 1000, ipCaptchaAfter: 1000 } };
    a = await startClient(store, 'twins', lockout, {}, url);
    b = await startClient(store, 'twins', lockout, {}, url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('locks an account after 10 wrong passwords between them, whichever instance each guess reaches', async () => {
    const wrong = Array.from({ length: 40 }, (_, i) => passwordLogin(both()[i % 2], 'emp0120', `Wrong#${i}pass`, {}, `10.31.0.${i}`));
    // The right password is tried only after the burst: sent within it, it may fairly be checked before ten wrong ones are.
    const responses = await Promise.all(wrong);
    expect(count(codesOf(responses), 'E30002')).toBeLessThanOrEqual(10);
    expect((await passwordLogin(a, 'emp0120', DEMO_PASSWORD, {}, '10.31.1.1')).json().code).toBe('E30053');
    expect((await passwordLogin(b, 'emp0120', DEMO_PASSWORD, {}, '10.31.1.2')).json().code).toBe('E30053');
  });

  it('compares a code at most 5 times between them', async () => {
    const sent = (await a.post('/auth/v1/send-msg/msg-login', { mobileNo: '13800000002' })).json().data;
    const code = (await lastSmsCode(b, '13800000002'))!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    // The right code is the 30th of 40 guesses arriving at once on either instance.
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      both()[i % 2].post('/auth/v1/msg-login/login-check', { mobileNo: '13800000002', smsCodeKey: sent.msgCodeKey, validateCode: i === 29 ? code : wrong(i) }, { ip: `10.32.0.${i}` })));
    expect(count(codesOf(guesses), 'E30075')).toBeLessThanOrEqual(5);
    expect(guesses.filter((r) => sessionTokenOf(r))).toHaveLength(0);
    const right = await b.post('/auth/v1/msg-login/login-check', { mobileNo: '13800000002', smsCodeKey: sent.msgCodeKey, validateCode: code });
    expect(right.json().code).toBe('E10803');
  });

  it('texts at most 5 numbers an hour for one account between them', async () => {
    const token = await signIn(a, 'admin');
    const sends = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      both()[i % 2].post('/personal/v1/bind-mobile/send-otp', { mobileNo: `137${String(30000000 + i)}` }, { token, ip: `10.33.0.${i}` })));
    expect(count(codesOf(sends), 'D00000')).toBe(5);
    expect(count(codesOf(sends), 'E10809')).toBe(15);
  });
});
