import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_SMS_BUDGETS, passwordLogin, signIn, startClient, storeCases, type Client } from './harness.js';

const GOOD = 'Welcome#2031Go';
const HOUR = 3_600_000;

describe.each(storeCases())('activation: a first password for people the workbench created ($name)', (store) => {
  let client: Client;
  let admin: string;
  let seq = 0;
  const unique = () => `act${Date.now().toString(36)}${seq++}`;
  const phone = () => `16${String(100_000_000 + Math.floor(Math.random() * 899_999_999))}`;

  beforeAll(async () => {
    client = await startClient(store, 'activation', {}, ROOMY_SMS_BUDGETS);
    admin = await signIn(client, 'admin');
  });
  afterAll(async () => { await client?.close(); });

  const newPerson = async (fields: Record<string, unknown> = {}) => {
    const res = (await client.post('/admin/v1/users/create', { userId: unique(), userName: '新同事', mobileNo: phone(), ...fields }, { token: admin })).json();
    expect(res.code, JSON.stringify(res)).toBe('D00000');
    return res.data as { id: number; userId: string; mobileNo: string | null };
  };
  const send = (id: number, channel: string, token = admin) => client.post('/admin/v1/users/activation', { id, channel }, { token });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const detail = (token: string) => client.post('/user/v1/activation/detail', { token });
  const complete = async (token: string, password: string) => client.post('/user/v1/activation/complete', { token, newPassword: await client.encrypt(password) });

  it('hands over a link that shows whose it is, sets a password the policy accepts, signs in with it, and works once', async () => {
    const person = await newPerson();
    expect((await passwordLogin(client, person.userId, GOOD)).json().code).not.toBe('D00000');
    const sent = (await send(person.id, 'LINK')).json();
    expect(sent.code, JSON.stringify(sent)).toBe('D00000');
    expect(sent.data.link).toMatch(/^http:\/\/localhost:\d+\/activate\?token=[\w-]{43}$/);
    expect(sent.data.mobileNo).toBeNull();
    const token = tokenOf(sent.data.link);
    // Only the token's digest is stored: the database alone opens nothing.
    expect(await client.app.store.db.selectFrom('tickets').select('id').where('id', '=', token).executeTakeFirst()).toBeUndefined();

    expect((await detail(token)).json()).toMatchObject({ code: 'D00000', data: { userId: person.userId, userName: '新同事' } });
    // A password the policy refuses leaves the link usable.
    expect((await complete(token, 'short')).json().code).toMatch(/^E107/);
    expect((await complete(token, GOOD)).json()).toMatchObject({ code: 'D00000', data: { userId: person.userId } });
    expect((await passwordLogin(client, person.userId, GOOD)).json().code).toBe('D00000');
    expect((await complete(token, 'Another#2031Go')).json().code).toBe('E00013');
    expect((await detail(token)).json().code).toBe('E00013');
    const log = (await client.post('/admin/v1/operation-log/list', { userId: person.userId, sceneCode: 'ACTIVATE', pageNum: 1, pageSize: 5 }, { token: await signIn(client, 'auditor') })).json();
    expect(log.data.total).toBe(1);
  });

  it('voids an earlier link when a new one is sent, and any link after ACTIVATION_HOURS', async () => {
    const person = await newPerson();
    const first = tokenOf((await send(person.id, 'LINK')).json().data.link);
    const second = tokenOf((await send(person.id, 'LINK')).json().data.link);
    expect((await detail(first)).json().code).toBe('E00013');
    expect((await detail(second)).json().code).toBe('D00000');
    client.clock.advance(72 * HOUR + 1);
    expect((await complete(second, GOOD)).json().code).toBe('E00013');
    // The administrator's session ran out in those hours too; the other tests go on with a new one.
    admin = await signIn(client, 'admin');
  });

  it('texts the link through the outbox to the person\'s own number, and refuses a person without one', async () => {
    const person = await newPerson();
    const sent = (await send(person.id, 'SMS')).json();
    expect(sent.code, JSON.stringify(sent)).toBe('D00000');
    expect(sent.data).toMatchObject({ link: null, mobileNo: `${person.mobileNo!.slice(0, 3)}****${person.mobileNo!.slice(-4)}` });
    const text = await client.app.store.db.selectFrom('sms_outbox').select(['content', 'purpose']).where('mobile_no', '=', person.mobileNo!).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(text.purpose).toBe('activation');
    const token = text.content.match(/token=([\w-]+)/)![1];
    expect((await detail(token)).json().data.userId).toBe(person.userId);
    const phoneless = await newPerson({ mobileNo: null });
    expect((await send(phoneless.id, 'SMS')).json().code).toBe('E10905');
    expect((await send(999_999, 'LINK')).json().code).toBe('E00404');
  });

  it('texts activation links to many selected people at once, a result per person', async () => {
    const [a, b] = [await newPerson(), await newPerson({ mobileNo: null })];
    const res = (await client.post('/admin/v1/users/batch', { ids: [a.id, b.id], action: 'SEND_ACTIVATION' }, { token: admin })).json();
    expect(res.data.results.map((r: { code: string }) => r.code)).toEqual(['D00000', 'E10905']);
    const queued = await client.app.store.db.selectFrom('sms_outbox').select('purpose').where('mobile_no', '=', a.mobileNo!).execute();
    expect(queued.map((q) => q.purpose)).toEqual(['activation']);
  });

  it('lets one of many racing uses of a link set the password, the rest finding it spent', async () => {
    const person = await newPerson();
    const token = tokenOf((await send(person.id, 'LINK')).json().data.link);
    const ciphers = await Promise.all(Array.from({ length: 12 }, (_, i) => client.encrypt(`Racing#2031-${i}`)));
    const answers = await Promise.all(ciphers.map((c) => client.post('/user/v1/activation/complete', { token, newPassword: c })));
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'D00000')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'D00000').every((c) => c === 'E00013')).toBe(true);
    const winner = codes.indexOf('D00000');
    expect((await passwordLogin(client, person.userId, `Racing#2031-${winner}`)).json().code).toBe('D00000');
  });

  it('refuses links to a non-administrator and malformed tokens and channels, answering alike for unknown tokens', async () => {
    const person = await newPerson();
    const lisi = await signIn(client, 'lisi');
    expect((await send(person.id, 'LINK', lisi)).statusCode).toBe(403);
    expect((await send(person.id, 'CARRIER_PIGEON')).statusCode).toBe(400);
    for (const token of ['', 'x'.repeat(5000)]) expect((await detail(token)).statusCode).toBe(400);
    expect((await detail('not-a-real-token')).json().code).toBe('E00013');
  });
});
