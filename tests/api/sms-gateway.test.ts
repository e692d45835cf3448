import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMobile } from '../../contract/rules.js';
import { ROOMY_SMS_BUDGETS, startClient, storeCases, type Client, forgotPasswordFor } from './harness.js';
import { startSmsGateway } from '../support/smsGateway.js';

const SEND = '/auth/v1/send-msg/msg-login';
const KNOWN = '13800000002';
const UNKNOWN = '13712345678';

describe.each(storeCases())('texts leave through the outbox ($name)', (store) => {
  let client: Client;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  beforeAll(async () => {
    gateway = await startSmsGateway();
    client = await startClient(store, 'smsgateway', {}, { ...ROOMY_SMS_BUDGETS, SMS_GATEWAY_URL: gateway.url, SMS_DAILY_LIMIT: '1' });
  });
  afterAll(async () => {
    await client?.close();
    await gateway?.close();
  });

  it('answers a registered and an unknown number alike, without waiting for the gateway', async () => {
    // The gateway answers nothing until released: a request that waited for it would never be
    // answered (and the test would time out), whatever the machine's speed.
    gateway.behave('hold');
    // A day after any other test's text to the number (its daily cap here is 1).
    client.clock.advance(24 * 3_600_000);
    const earlier = gateway.received.length;
    const known = await client.post(SEND, { mobileNo: KNOWN });
    const unknown = await client.post(SEND, { mobileNo: UNKNOWN });
    expect(known.json().code).toBe('D00000');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json().data)).toEqual(Object.keys(known.json().data));
    gateway.behave('ok');
    await client.app.services.sms.deliverDue();
    const received = gateway.received.slice(earlier);
    expect(received.map((m) => m.mobileNo)).toEqual([KNOWN]);
    expect(received[0].content).toMatch(/\d{6}/);
  });

  it('charges nothing for a text the gateway never takes, and says the service is down meanwhile', async () => {
    gateway.behave('fail');
    client.clock.advance(24 * 3_600_000);
    expect((await client.post(SEND, { mobileNo: KNOWN })).json().code).toBe('D00000');
    await client.app.services.sms.deliverDue();

    // Resting after the failure: known and unknown numbers hear the same, and nothing is charged.
    const known = await client.post(SEND, { mobileNo: '13800000005' });
    const unknown = await client.post(SEND, { mobileNo: UNKNOWN });
    expect(known.statusCode).toBe(503);
    expect(known.json().code).toBe('E10808');
    expect(unknown.body).toBe(known.body);

    for (const wait of [3_000, 5_000]) {
      client.clock.advance(wait);
      await client.app.services.sms.deliverDue();
    }
    const failed = await client.app.store.db.selectFrom('sms_outbox').select(['status', 'content']).where('mobile_no', '=', KNOWN).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(failed).toEqual({ status: 'failed', content: '' });

    // The gateway is back: the same number may be texted again at once, though its daily cap is 1
    // and a minute has not passed — the failed text was given back.
    gateway.behave('ok');
    client.clock.advance(31_000);
    expect((await client.post(SEND, { mobileNo: KNOWN })).json().code).toBe('D00000');
    await client.app.services.sms.deliverDue();
    expect(gateway.received.at(-1)?.mobileNo).toBe(KNOWN);
  });
});

describe.each(storeCases())('forgotten password reveals no account ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'forgotenum'); });
  afterAll(async () => { await client?.close(); });

  async function verifyAccount(account: string) {
    const { requestId, verified } = await forgotPasswordFor(client, account);
    return { requestId, res: verified };
  }

  /** The stand-in an attacker could compute when it was keyed with the database URL. */
  function predicted(account: string): string {
    const digest = createHmac('sha256', `forget:${client.app.config.databaseUrl}`).update(account.toLowerCase()).digest();
    return maskMobile(`1${3 + (digest[0] % 7)}${Array.from(digest.subarray(1, 10), (b) => String(b % 10)).join('')}`);
  }

  it('gives unknown accounts stable stand-in numbers nobody can predict from the configuration', async () => {
    const accounts = Array.from({ length: 20 }, (_, i) => `ghost.user${i}`);
    for (const account of accounts) {
      const first = (await verifyAccount(account)).res.json().data.mobileNo;
      const again = (await verifyAccount(account)).res.json().data.mobileNo;
      expect(first).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
      expect(again).toBe(first);
      expect(first).not.toBe(predicted(account));
    }
  });

  it('answers an account without a phone exactly like an unknown one, and texts nobody', async () => {
    const walk = async (account: string) => {
      const { requestId, res } = await verifyAccount(account);
      const sent = await client.post('/user/v1/pwd/forget/send-otp', { requestId });
      const guess = await client.post('/user/v1/pwd/forget/verify-otp', { requestId, msgCodeKey: sent.json().data?.msgCodeKey ?? 'x', msgValueClient: '123456' });
      return { verified: res, sent, guess };
    };
    const noPhone = await walk('admin');
    const unknown = await walk('nobody.here');
    for (const step of ['verified', 'sent', 'guess'] as const) {
      expect(unknown[step].statusCode).toBe(noPhone[step].statusCode);
      expect(unknown[step].json().code).toBe(noPhone[step].json().code);
      expect(Object.keys(unknown[step].json().data ?? {})).toEqual(Object.keys(noPhone[step].json().data ?? {}));
    }
    expect(noPhone.verified.json().data.mobileNo).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
    expect(noPhone.sent.json().code).toBe('D00000');
    expect(noPhone.guess.json().code).toBe('E10802');
  });
});
