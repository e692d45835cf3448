import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeStatus } from '../../contract/codes.js';
import { DEMO_PASSWORD, passwordLogin, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';
import { totpCode } from './factors-support.js';

describe.each(storeCases())('authenticator app ($name)', (store) => {
  let client: Client;
  /** zhaoliu's app, enrolled in the first step of its scenario and used by the next ones. */
  let zhaoliuSecret = '';
  beforeAll(async () => { client = await startClient(store, 'factorstotp'); });
  afterAll(async () => { await client?.close(); });

  const call = async (path: string, body: unknown, token?: string) => (await client.post(path, body, { token })).json();
  const reauth = async (token: string) => call('/personal/v1/factors/reauth/password', { password: await client.encrypt(DEMO_PASSWORD) }, token);
  const userRef = async (account: string) => (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirstOrThrow()).id;

  /** Re-authenticates, starts and confirms an app for the session's user; the secret. */
  async function enrol(token: string): Promise<string> {
    expect((await reauth(token)).code).toBe('D00000');
    const started = await call('/personal/v1/factors/totp/start', {}, token);
    expect(started.code).toBe('D00000');
    expect((await call('/personal/v1/factors/totp/confirm', { code: totpCode(started.data.secret, client.clock.now()) }, token)).code).toBe('D00000');
    return started.data.secret;
  }

  /** zhaoliu's password step: the srmi of the second factor (a fresh browser, no device trust). */
  async function zhaoliuSrmi(): Promise<string> {
    const res = await passwordLogin(client, 'zhaoliu', undefined, { deviceId: 'totp-laptop' });
    expect(res.json().data.secondAuth).toBe(true);
    return res.json().data.srmi;
  }

  it('enrols only after a re-authentication, with a QR drawn here and the secret sealed at rest', async () => {
    const lisi = await signIn(client, 'lisi');
    const refused = await client.post('/personal/v1/factors/totp/start', {}, { token: lisi });
    expect(refused.json().code).toBe('E11030');
    expect(refused.statusCode).toBe(envelopeStatus('E11030'));
    const wrong = await call('/personal/v1/factors/reauth/password', { password: await client.encrypt('Wrong@2026x') }, lisi);
    expect(wrong.code).toBe('E10702');
    const ok = await reauth(lisi);
    expect(ok.code).toBe('D00000');
    expect(Date.parse(ok.data.reauthUntil) - client.clock.now()).toBeGreaterThan(4 * 60_000);

    const started = await call('/personal/v1/factors/totp/start', {}, lisi);
    expect(started.data).toMatchObject({ digits: 6, period: 30, algorithm: 'SHA1', accountName: 'lisi' });
    expect(started.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(started.data.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.data.qrDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');
    // Pending: not a factor yet.
    expect((await call('/personal/v1/factors/list', {}, lisi)).data.totp).toBeNull();
    const stored = await client.app.store.db.selectFrom('totp_factors').selectAll().where('user_ref', '=', await userRef('lisi')).executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(started.data.secret);
    expect(stored.secret_enc).toMatch(/^v1\./);

    expect((await call('/personal/v1/factors/totp/confirm', { code: '000000' === totpCode(started.data.secret, client.clock.now()) ? '111111' : '000000' }, lisi)).code).toBe('E11001');
    expect((await call('/personal/v1/factors/totp/confirm', { code: totpCode(started.data.secret, client.clock.now()) }, lisi)).code).toBe('D00000');
    const list = (await call('/personal/v1/factors/list', {}, lisi)).data;
    expect(list.totp).toMatchObject({ createdAt: expect.any(String), lockedUntil: null });
    expect(list.reauthMethods).toEqual(['TOTP', 'PASSWORD']);
    // A second app is refused while one is active.
    expect((await call('/personal/v1/factors/totp/start', {}, lisi)).code).toBe('E11005');
    const ops = (await call('/personal/v1/operate/page-list', { pageNum: 1, pageSize: 20 }, lisi)).data.datas.map((r: { sceneCode: string }) => r.sceneCode);
    expect(ops).toContain('ADD_TOTP');
  });

  it('a stolen session without its own re-authentication can neither add nor remove a factor', async () => {
    const owner = await signIn(client, 'lisi');
    const thief = await signIn(client, 'lisi');
    expect((await reauth(owner)).code).toBe('D00000');
    // The stamp is the owner's session's, not the account's.
    for (const path of ['/personal/v1/factors/totp/start', '/personal/v1/factors/totp/remove', '/personal/v1/factors/passkey/options', '/personal/v1/factors/recovery-codes/generate']) {
      expect((await call(path, {}, thief)).code).toBe('E11030');
    }
    // And it lasts five minutes.
    client.clock.advance(5 * 60_000 + 1000);
    expect((await call('/personal/v1/factors/totp/remove', {}, owner)).code).toBe('E11030');
  });

  it('takes no more than 5 tries however many wrong codes arrive at once', async () => {
    // An app of its own, on an account no other test here gives one.
    const owner = await signIn(client, 'emp0143');
    await enrol(owner);
    const ref = await userRef('emp0143');
    const answers = await Promise.all(Array.from({ length: 30 }, () => call('/personal/v1/factors/reauth/totp', { code: '000001' }, owner)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 'E11001').length).toBe(4);
    expect(codes.filter((c) => c === 'E11003').length).toBe(26);
    const row = await client.app.store.db.selectFrom('totp_factors').select(['failures', 'locked_until']).where('user_ref', '=', ref).executeTakeFirstOrThrow();
    expect(Number(row.failures)).toBe(5);
    expect(Number(row.locked_until)).toBeGreaterThan(client.clock.now());
  });


  // One app's life, step by step: enrolled and used, locked by wrong codes, usable again once the
  // lock has run out, then removed. Each step starts from the state the one before left, so these
  // three keep their order when the suite is shuffled.
  describe('zhaoliu\'s app, from enrolment through a lock to its removal', { shuffle: false }, () => {
    it('passes zhaoliu\'s second factor with the app, single use within the window, strongest factor first', async () => {
      const zhaoliu = await signIn(client, 'zhaoliu');
      const secret = await enrol(zhaoliu);
      zhaoliuSecret = secret;
      const srmi = await zhaoliuSrmi();
      const factors = (await call('/auth/v1/second-auth/factors', { srmi })).data;
      expect(factors.factors.map((f: { kind: string }) => f.kind)).toEqual(['TOTP', 'SMS']);
      expect(factors.factors[1]).toMatchObject({ mobile: '138****0004' });

      // The code used to confirm the app is spent: wait for the next step.
      const reused = await call('/auth/v1/second-auth/totp', { srmi, code: totpCode(secret, client.clock.now()) });
      expect(reused.code).toBe('E11002');
      client.clock.advance(30_000);
      const code = totpCode(secret, client.clock.now());
      const res = await client.post('/auth/v1/second-auth/totp', { srmi, code, deviceId: 'totp-laptop' });
      expect(res.json().code).toBe('D00000');
      expect(sessionTokenOf(res)).toBeDefined();
      expect(res.cookies.find((c) => c.name.startsWith('idaas_dt_'))).toMatchObject({ httpOnly: true, maxAge: 30 * 86_400 });
      // The same code in another sign-in is refused: its step was accepted.
      expect((await call('/auth/v1/second-auth/totp', { srmi: await zhaoliuSrmi(), code })).code).toBe('E11002');
      // ±1 step: the code of the next period is accepted now, and then the current one is old.
      const srmi2 = await zhaoliuSrmi();
      expect((await call('/auth/v1/second-auth/totp', { srmi: srmi2, code: totpCode(secret, client.clock.now(), 1) })).code).toBe('D00000');
      expect((await call('/auth/v1/second-auth/totp', { srmi: await zhaoliuSrmi(), code: totpCode(secret, client.clock.now()) })).code).toBe('E11002');
      // Two periods away is not a code of now.
      expect((await call('/auth/v1/second-auth/totp', { srmi: await zhaoliuSrmi(), code: totpCode(secret, client.clock.now(), 3) })).code).toBe('E11001');
    });

    it('locks the app after 5 wrong codes for 15 minutes; a right code then waits too', async () => {
      client.clock.advance(60_000);
      // The earlier test's wrong code (two periods away) counted: start this one from none.
      await client.app.store.db.updateTable('totp_factors').set({ failures: 0 }).where('user_ref', '=', await userRef('zhaoliu')).execute();
      const zhaoliu = await signIn(client, 'zhaoliu');
      const list = (await call('/personal/v1/factors/list', {}, zhaoliu)).data;
      expect(list.totp).not.toBeNull();
      const srmi = await zhaoliuSrmi();
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push((await call('/auth/v1/second-auth/totp', { srmi, code: '12345x' })).code);
      expect(answers).toEqual(['E11001', 'E11001', 'E11001', 'E11001', 'E11003']);
      // Even the right code waits for the lock.
      client.clock.advance(30_000);
      const locked = await call('/auth/v1/second-auth/totp', { srmi, code: totpCode(zhaoliuSecret, client.clock.now()) });
      expect(locked.code).toBe('E11003');
      expect(locked.message).toMatch(/15/);
      expect((await call('/personal/v1/factors/list', {}, zhaoliu)).data.totp.lockedUntil).not.toBeNull();
    });

    it('lets the app be used again once the lock has run out, and removal ends the other sessions', async () => {
      client.clock.advance(15 * 60_000 + 1000);
      const zhaoliu = await signIn(client, 'zhaoliu');
      client.clock.advance(61_000); // the next text may only go out after the resend interval
      const other = await signIn(client, 'zhaoliu');
      const ref = await userRef('zhaoliu');
      const row = await client.app.store.db.selectFrom('totp_factors').select('secret_enc').where('user_ref', '=', ref).executeTakeFirstOrThrow();
      expect(row.secret_enc).toBeTruthy();
      // The lock has run out: one code, sent by two sign-ins at once, passes one of them.
      client.clock.advance(30_000);
      const racing = totpCode(zhaoliuSecret, client.clock.now());
      const [a, b] = [await zhaoliuSrmi(), await zhaoliuSrmi()];
      const raced = await Promise.all([a, b].map((srmi) => call('/auth/v1/second-auth/totp', { srmi, code: racing })));
      expect(raced.map((r) => r.code).sort()).toEqual(['D00000', 'E11002']);
      client.clock.advance(30_000);
      // Re-authenticate with the app itself, then remove it.
      const again = await call('/personal/v1/factors/reauth/totp', { code: totpCode(zhaoliuSecret, client.clock.now()) }, zhaoliu);
      expect(again.code).toBe('D00000');
      expect((await call('/personal/v1/factors/totp/remove', {}, zhaoliu)).code).toBe('D00000');
      expect((await call('/personal/v1/current-user-detail', {}, other)).code).toBe('E00009');
      expect((await call('/personal/v1/current-user-detail', {}, zhaoliu)).code).toBe('D00000');
      expect((await call('/personal/v1/factors/list', {}, zhaoliu)).data.totp).toBeNull();
      const ops = (await call('/personal/v1/operate/page-list', { pageNum: 1, pageSize: 20 }, zhaoliu)).data.datas.map((r: { sceneCode: string }) => r.sceneCode);
      expect(ops).toContain('REMOVE_TOTP');
    });
  });
});
