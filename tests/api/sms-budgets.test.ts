import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, solvedCaptcha, startClient, storeCases, type Client, forgotPasswordFor } from './harness.js';

const SEND = '/auth/v1/send-msg/msg-login';
const BIND_SEND = '/personal/v1/bind-mobile/send-otp';

const codesOf = (responses: { json(): { code: string } }[]) => responses.map((r) => r.json().code);
const count = (codes: string[], code: string) => codes.filter((c) => c === code).length;
/** Registered demo employees' numbers (emp0001 → 13910000001). */
const employeeNumber = (i: number) => `139${String(10000000 + i).slice(-8)}`;
const strangerNumber = (i: number) => `137${String(20000000 + i).slice(-8)}`;

/** Keeps a burst of sends on one calendar day, so the daily cap is not reset halfway through. */
function awayFromMidnight(client: Client): void {
  const d = new Date(client.clock.now());
  if (d.getHours() === 23 && d.getMinutes() >= 50) client.clock.advance(20 * 60_000);
}

async function textsTo(client: Client, mobileNo: string): Promise<number> {
  const row = await client.app.store.db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('mobile_no', '=', mobileNo).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(storeCases())('SMS budgets under parallel sends ($name)', (store) => {
  let client: Client;
  // The design's own numbers: no roomy test budgets here.
  beforeAll(async () => { client = await startClient(store, 'smsbudget', {}, {}); awayFromMidnight(client); });
  afterAll(async () => { await client?.close(); });

  it('texts 3 numbers from one anonymous address, then asks for a captcha, and never more than 20 an hour', async () => {
    const ip = '10.21.0.1';
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => client.post(SEND, { mobileNo: employeeNumber(i + 1) }, { ip })));
    const codes = codesOf(burst);
    expect(count(codes, 'D00000')).toBe(3);
    expect(count(codes, 'E30127')).toBe(57);

    // With a captcha each, the address still gets no more than 20 texts in the hour.
    const answered = await Promise.all(Array.from({ length: 30 }, async (_, i) => client.post(SEND, { mobileNo: employeeNumber(100 + i), ...(await solvedCaptcha(client)) }, { ip })));
    const more = codesOf(answered);
    expect(count(more, 'D00000')).toBe(17);
    expect(count(more, 'E00429')).toBe(13);
  });

  it('checks the captcha a send carries, needed or not', async () => {
    const res = await client.post(SEND, { mobileNo: employeeNumber(150), capKey: 'made-up-key', capText: 'abcd' }, { ip: '10.21.0.2' });
    expect(res.json().code).toBe('E10802');
    expect(await textsTo(client, employeeNumber(150))).toBe(0);
  });

  it('texts at most 5 numbers an hour for one account, from however many addresses at once', async () => {
    const token = await signIn(client, 'admin');
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => client.post(BIND_SEND, { mobileNo: strangerNumber(i) }, { token, ip: `10.22.0.${i}` })));
    const codes = codesOf(burst);
    expect(count(codes, 'D00000')).toBe(5);
    expect(count(codes, 'E10809')).toBe(25);
  });

  it('sends one text per number and purpose per minute, however many ask at once', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => client.post(SEND, { mobileNo: employeeNumber(160) }, { ip: `10.23.0.${i}` })));
    expect(count(codesOf(burst), 'D00000')).toBe(1);
    expect(count(codesOf(burst), 'E00408')).toBe(19);
    expect(await textsTo(client, employeeNumber(160))).toBe(1);
  });
});

describe.each(storeCases())('the daily cap across purposes ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'smsdaily', {}, { SMS_DAILY_LIMIT: '3' }); awayFromMidnight(client); });
  afterAll(async () => { await client?.close(); });

  /** A forgotten-password ticket for lisi, at the step where a code can be sent. */
  const forgotTicket = async (ip: string): Promise<string> => (await forgotPasswordFor(client, 'lisi', ip)).requestId;

  it('counts every purpose against one number\'s daily cap, even when the purposes are cycled at once', async () => {
    const tickets = await Promise.all(Array.from({ length: 10 }, (_, i) => forgotTicket(`10.24.1.${i}`)));
    const sendAll = () => Promise.all([
      ...Array.from({ length: 10 }, (_, i) => client.post(SEND, { mobileNo: '13800000002' }, { ip: `10.24.0.${i}` })),
      ...tickets.map((requestId, i) => client.post('/user/v1/pwd/forget/send-otp', { requestId }, { ip: `10.24.1.${i}` })),
    ]);
    const first = codesOf(await sendAll());
    expect(count(first, 'D00000')).toBe(2);
    client.clock.advance(61_000);
    const second = codesOf(await sendAll());
    expect(count(second, 'D00000')).toBe(1);
    expect(count(second, 'E10806')).toBeGreaterThan(0);
    expect(await textsTo(client, '13800000002')).toBe(3);
  });
});
