import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, passwordLogin, signIn, solvedCaptcha, startClient, storeCases, type Client } from './harness.js';

const MINUTE = 60_000;
const SEND = '/personal/v1/add/send-code';
const REGISTER = '/personal/v1/add';

/** Numbers of this file only (13600…), one per case: each has its own resend timer. */
let next = 0;
const freshNumber = () => `136${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 10000).padStart(4, '0')}${next++ % 10}`;

async function sendCode(client: Client, mobileNo: string): Promise<string> {
  const res = await client.post(SEND, { mobileNo, ...(await solvedCaptcha(client)) }, { ip: '10.61.0.1' });
  expect(res.json().code).toBe('D00000');
  return res.json().data.msgCodeKey as string;
}

const register = async (client: Client, userId: string, mobileNo: string, code: { msgCodeKey?: string; msgCode?: string | null }, ip = '10.61.1.1') =>
  client.post(REGISTER, { userId, userName: '注册用户', mobileNo, password: await client.encrypt('Start#Work26'), ...code, msgCode: code.msgCode ?? undefined }, { ip });

describe.each(storeCases())('self-registration proves the phone and follows the registration policy ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'registration-policy'); });
  afterAll(async () => { await client?.close(); });

  it('open: needs the code texted to that number; a missing, wrong, other number\'s or spent code is refused', async () => {
    const mobileNo = freshNumber();
    const msgCodeKey = await sendCode(client, mobileNo);
    const msgCode = await lastSmsCode(client, mobileNo);
    expect(msgCode).toMatch(/^\d{6}$/);
    expect((await register(client, 'reg.nocode', mobileNo, {})).json().code).toBe('E10802');
    const wrong = String((Number(msgCode) + 1) % 1_000_000).padStart(6, '0');
    expect((await register(client, 'reg.wrong', mobileNo, { msgCodeKey, msgCode: wrong })).json().code).toBe('E10802');
    // The code was texted to one number: it proves no other.
    expect((await register(client, 'reg.other', freshNumber(), { msgCodeKey, msgCode })).json().code).toBe('E10801');
    const made = await register(client, 'reg.open', mobileNo, { msgCodeKey, msgCode });
    expect(made.json()).toMatchObject({ code: 'D00000', data: { userId: 'reg.open', pending: false } });
    expect((await passwordLogin(client, 'reg.open', 'Start#Work26')).json().code).toBe('D00000');
    // Replayed for another account and number: spent.
    expect((await register(client, 'reg.replay', mobileNo.replace(/.$/, (d) => String((Number(d) + 5) % 10)), { msgCodeKey, msgCode })).json().code).toBe('E10801');
  });

  it('an expired code is refused, and nothing is registered', async () => {
    const mobileNo = freshNumber();
    const msgCodeKey = await sendCode(client, mobileNo);
    const msgCode = await lastSmsCode(client, mobileNo);
    client.clock.advance(6 * MINUTE);
    try {
      expect((await register(client, 'reg.late', mobileNo, { msgCodeKey, msgCode })).json().code).toBe('E10801');
    } finally {
      client.clock.advance(-6 * MINUTE);
    }
    expect((await passwordLogin(client, 'reg.late', 'Start#Work26', {}, '10.61.9.9')).json().code).toBe('E30002');
  });

  it('a number with an account gets no text, and its owner keeps it', async () => {
    const before = await lastSmsCode(client, '13800000002');
    const res = await client.post(SEND, { mobileNo: '13800000002', ...(await solvedCaptcha(client)) }, { ip: '10.61.0.2' });
    expect(res.json().code).toBe('D00000');
    expect(await lastSmsCode(client, '13800000002')).toBe(before);
    expect((await register(client, 'reg.thief', '13800000002', { msgCodeKey: res.json().data.msgCodeKey, msgCode: '000000' })).json().code).toBe('E10603');
  });

  it('registrations racing with one number and one code make one account', async () => {
    const mobileNo = freshNumber();
    const msgCodeKey = await sendCode(client, mobileNo);
    const msgCode = await lastSmsCode(client, mobileNo);
    const answers = await Promise.all(['reg.race1', 'reg.race2', 'reg.race3'].map((id, i) => register(client, id, mobileNo, { msgCodeKey, msgCode }, `10.61.2.${i + 1}`)));
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 'D00000')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'D00000').every((c) => ['E10801', 'E10603', 'E10604'].includes(c))).toBe(true);
  });

  it('closed: the page is told, and both the code and the registration are refused', async () => {
    const closed = await startClient(store, 'registration-closed', { registrationEnabled: false });
    try {
      const page = await closed.post('/system/v1/config/index-page/query-certification', {});
      expect(page.json().data[0].registrationEnabled).toBe(false);
      const send = await closed.post(SEND, { mobileNo: freshNumber(), ...(await solvedCaptcha(closed)) });
      expect([send.statusCode, send.json().code]).toEqual([403, 'E10601']);
      const res = await register(closed, 'reg.closed', freshNumber(), { msgCodeKey: 'x', msgCode: '123456' });
      expect([res.statusCode, res.json().code]).toEqual([403, 'E10601']);
    } finally {
      await closed.close();
    }
  });

  it('with approval: the account waits, cannot sign in (saying why, zh and en) until approved; a rejection frees the number', async () => {
    const gated = await startClient(store, 'registration-approval', { registrationApproval: true });
    try {
      const admin = await signIn(gated, 'admin');
      const mobileNo = freshNumber();
      const msgCodeKey = await sendCode(gated, mobileNo);
      const made = await register(gated, 'reg.wait', mobileNo, { msgCodeKey, msgCode: await lastSmsCode(gated, mobileNo) });
      expect(made.json()).toMatchObject({ code: 'D00000', data: { userId: 'reg.wait', pending: true } });

      const zh = (await passwordLogin(gated, 'reg.wait', 'Start#Work26', {}, '10.61.3.1')).json();
      expect(zh).toMatchObject({ code: 'E30059', message: '注册申请正在等待管理员审批，审批通过后即可登录' });
      const en = (await passwordLogin(gated, 'reg.wait', 'Start#Work26', {}, '10.61.3.2', { 'accept-language': 'en' })).json();
      expect(en).toMatchObject({ code: 'E30059', message: 'Your registration is waiting for an administrator’s approval; you can sign in once it is approved' });

      const pending = (await gated.post('/admin/v1/registrations/pending', { pageNum: 1, pageSize: 20 }, { token: admin })).json().data;
      const row = pending.datas.find((r: { userId: string }) => r.userId === 'reg.wait');
      expect(row).toMatchObject({ userName: '注册用户', mobileNo });
      // Not an administrator's to decide for anyone else, nor the security administrator's.
      for (const account of ['lisi', 'secadmin']) {
        const other = await signIn(gated, account);
        expect((await gated.post('/admin/v1/registrations/approve', { id: row.id }, { token: other })).statusCode, account).toBe(403);
      }

      expect((await gated.post('/admin/v1/registrations/approve', { id: row.id }, { token: admin })).json().code).toBe('D00000');
      expect((await gated.post('/admin/v1/registrations/approve', { id: row.id }, { token: admin })).json().code).toBe('E00404');
      expect((await passwordLogin(gated, 'reg.wait', 'Start#Work26', {}, '10.61.3.3')).json().code).toBe('D00000');
      const audit = (await gated.post('/admin/v1/operation-log/list', { sceneCode: 'ADMIN_REGISTRATION_APPROVE', pageNum: 1, pageSize: 10 }, { token: await signIn(gated, 'auditor') })).json().data;
      expect(audit.total).toBe(1);

      const other = freshNumber();
      const key = await sendCode(gated, other);
      await register(gated, 'reg.no', other, { msgCodeKey: key, msgCode: await lastSmsCode(gated, other) });
      const no = (await gated.post('/admin/v1/registrations/pending', { pageNum: 1, pageSize: 20 }, { token: admin })).json().data.datas.find((r: { userId: string }) => r.userId === 'reg.no');
      expect((await gated.post('/admin/v1/registrations/reject', { id: no.id }, { token: admin })).json().code).toBe('D00000');
      expect((await passwordLogin(gated, 'reg.no', 'Start#Work26', {}, '10.61.3.4')).json().code).toBe('E30002');
      gated.clock.advance(2 * MINUTE);
      const again = await sendCode(gated, other);
      expect((await register(gated, 'reg.again', other, { msgCodeKey: again, msgCode: await lastSmsCode(gated, other) })).json().code).toBe('D00000');
    } finally {
      await gated.close();
    }
  });
});
