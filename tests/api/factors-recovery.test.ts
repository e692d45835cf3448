import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, passwordLogin, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';

describe.each(storeCases())('recovery codes and the policy by user type ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'factorsrecovery'); });
  afterAll(async () => { await client?.close(); });

  const call = async (path: string, body: unknown, token?: string) => (await client.post(path, body, { token })).json();
  const reauth = async (token: string) => call('/personal/v1/factors/reauth/password', { password: await client.encrypt(DEMO_PASSWORD) }, token);
  const zhaoliuSrmi = async () => (await passwordLogin(client, 'zhaoliu', undefined, { deviceId: 'rc-laptop' })).json().data.srmi as string;

  /**
   * Past zhaoliu's texted-code resend interval and the quarter of an hour in which wrong
   * recovery codes count, whatever another test here sent or guessed.
   */
  const afterOthers = () => client.clock.advance(16 * 60_000);

  it('gives ten codes once, each passing the second factor a single time and saying how many are left', async () => {
    afterOthers();
    const zhaoliu = await signIn(client, 'zhaoliu');
    expect((await call('/personal/v1/factors/recovery-codes/generate', {}, zhaoliu)).code).toBe('E11030');
    expect((await reauth(zhaoliu)).code).toBe('D00000');
    const { codes } = (await call('/personal/v1/factors/recovery-codes/generate', {}, zhaoliu)).data;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect((await call('/personal/v1/factors/list', {}, zhaoliu)).data.recoveryCodes).toMatchObject({ remaining: 10, total: 10 });
    // Only digests are kept.
    const stored = await client.app.store.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.some((r) => codes.includes(r.code_hash))).toBe(false);

    const srmi = await zhaoliuSrmi();
    const offered = (await call('/auth/v1/second-auth/factors', { srmi })).data.factors;
    expect(offered.map((f: { kind: string }) => f.kind)).toEqual(['SMS', 'RECOVERY_CODE']);
    expect(offered[1].remaining).toBe(10);
    // Typed loosely: lower case, spaces instead of the hyphen.
    const res = await client.post('/auth/v1/second-auth/recovery-code', { srmi, code: ` ${codes[0].toLowerCase().replace('-', ' ')} ` });
    expect(res.json()).toMatchObject({ code: 'D00000', data: { recoveryCodesLeft: 9, userId: 'zhaoliu' } });
    const token = sessionTokenOf(res)!;
    expect((await call('/auth/v1/second-auth/recovery-code', { srmi: await zhaoliuSrmi(), code: codes[0] })).code).toBe('E11020');
    const ops = (await call('/personal/v1/operate/page-list', { pageNum: 1, pageSize: 20 }, token)).data.datas;
    expect(ops.find((r: { sceneCode: string }) => r.sceneCode === 'USE_RECOVERY_CODE')).toMatchObject({ detail: 'left:9' });
  });

  it('spends a code once even when it is sent twice at the same moment', async () => {
    afterOthers();
    const zhaoliu = await signIn(client, 'zhaoliu');
    expect((await reauth(zhaoliu)).code).toBe('D00000');
    const { codes } = (await call('/personal/v1/factors/recovery-codes/generate', {}, zhaoliu)).data;
    const [a, b] = await Promise.all([zhaoliuSrmi(), zhaoliuSrmi()]);
    const answers = await Promise.all([a, b].map((srmi) => call('/auth/v1/second-auth/recovery-code', { srmi, code: codes[3] })));
    expect(answers.map((r) => r.code).sort()).toEqual(['D00000', 'E11020']);
  });

  it('voids the old codes when new ones are made', async () => {
    afterOthers();
    const zhaoliu = await signIn(client, 'zhaoliu');
    expect((await reauth(zhaoliu)).code).toBe('D00000');
    const old = (await call('/personal/v1/factors/recovery-codes/generate', {}, zhaoliu)).data.codes;
    const fresh = (await call('/personal/v1/factors/recovery-codes/generate', {}, zhaoliu)).data.codes;
    expect((await call('/auth/v1/second-auth/recovery-code', { srmi: await zhaoliuSrmi(), code: old[0] })).code).toBe('E11020');
    expect((await call('/auth/v1/second-auth/recovery-code', { srmi: await zhaoliuSrmi(), code: fresh[0] })).code).toBe('D00000');
  });

  it('limits guesses: ten tries a quarter of an hour per account', async () => {
    afterOthers();
    // Codes to guess at.
    const zhaoliu = await signIn(client, 'zhaoliu');
    expect((await reauth(zhaoliu)).code).toBe('D00000');
    expect((await call('/personal/v1/factors/recovery-codes/generate', {}, zhaoliu)).code).toBe('D00000');
    const srmi = await zhaoliuSrmi();
    const answers = await Promise.all(Array.from({ length: 15 }, () => call('/auth/v1/second-auth/recovery-code', { srmi, code: 'AAAAA-AAAAA' })));
    const codes = answers.map((r) => r.code);
    expect(codes.filter((c) => c === 'E11020').length).toBe(10);
    expect(codes.filter((c) => c === 'E00429').length).toBe(5);
  });

  it('does not let a phone-less user skip binding the phone that is to be their second factor', async () => {
    const security = await signIn(client, 'secadmin');
    expect((await call('/admin/v1/policies/update', { mfa: { requiredUserTypes: ['TEMP'] } }, security)).code).toBe('D00000');
    try {
      const wangwu = (await passwordLogin(client, 'wangwu', undefined, { deviceId: 'temp-pc' })).json().data;
      expect(wangwu.secondAuth).toBe(true);
      expect(wangwu.steps.map((s: { code: string }) => s.code)).toEqual(['BIND-PHONE', 'FINISH']);
      expect((await call('/user/v1/auth/bind-phone/skip', { srmi: wangwu.srmi })).code).toBe('E11033');
    } finally {
      await client.app.store.db.deleteFrom('config').where('key', '=', 'policy.mfa').execute();
      client.app.services.settings.invalidate();
    }
    // Without the policy the step stays optional.
    const free = (await passwordLogin(client, 'wangwu', undefined, { deviceId: 'temp-pc' })).json().data;
    expect((await call('/user/v1/auth/bind-phone/skip', { srmi: free.srmi })).code).toBe('D00000');
  });

  it('requires a second factor of everyone of a user type, walking those with none through enrolment', async () => {
    const security = await signIn(client, 'secadmin');
    expect((await call('/admin/v1/policies/update', { mfa: { requiredUserTypes: ['STAFF'] } }, security)).data.mfa).toEqual({ requiredUserTypes: ['STAFF'], passkeyForAdmins: false });
    try {
      // lisi has a phone: the texted code is her second factor now.
      const lisi = (await passwordLogin(client, 'lisi', undefined, { deviceId: 'type-pc' })).json().data;
      expect(lisi).toMatchObject({ secondAuth: true, steps: [] });
      // Without a phone (stopped) nor anything else: the ENROL-FACTOR step, any kind.
      await client.app.store.db.updateTable('users').set({ phone_disabled: 1 }).where('user_id', '=', 'lisi').execute();
      const bare = (await passwordLogin(client, 'lisi', undefined, { deviceId: 'type-pc' })).json().data;
      expect(bare.steps).toEqual([{ code: 'ENROL-FACTOR', title: 'ENROL-FACTOR', message: 'ANY' }, { code: 'FINISH', title: 'FINISH', message: 'FINISH' }]);
      const started = (await call('/user/v1/auth/factor-enrol/totp/start', { srmi: bare.srmi })).data;
      const { totpCode } = await import('./factors-support.js');
      expect((await call('/user/v1/auth/factor-enrol/totp/confirm', { srmi: bare.srmi, code: totpCode(started.secret, client.clock.now()) })).data).toEqual({ active: 1 });
      const done = await client.post('/auth/v1/self-service/continue', { srmi: bare.srmi });
      expect(done.json().data.secondAuth).toBe(false);
      expect(sessionTokenOf(done)).toBeDefined();
      // The skip of an optional step does not skip this one.
      expect((await call('/user/v1/auth/bind-phone/skip', { srmi: (await passwordLogin(client, 'lisi', undefined, { deviceId: 'x' })).json().data.srmi })).code).toBe('E00013');
    } finally {
      await client.app.store.db.updateTable('users').set({ phone_disabled: 0 }).where('user_id', '=', 'lisi').execute();
      await client.app.store.db.deleteFrom('config').where('key', '=', 'policy.mfa').execute();
      client.app.services.settings.invalidate();
    }
  });
});
