import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, passwordLogin, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';
import { SoftPasskey } from './factors-support.js';

describe.each(storeCases())('passkeys ($name)', (store) => {
  let client: Client;
  let origin = '';
  let rpId = '';
  beforeAll(async () => {
    client = await startClient(store, 'factorspasskeys');
    origin = new URL(client.app.config.publicUrl).origin;
    rpId = new URL(client.app.config.publicUrl).hostname;
  });
  afterAll(async () => { await client?.close(); });

  const call = async (path: string, body: unknown, token?: string) => (await client.post(path, body, { token })).json();
  const reauth = async (token: string) => call('/personal/v1/factors/reauth/password', { password: await client.encrypt(DEMO_PASSWORD) }, token);

  /** Registers a new software passkey for the session's user under `name`. */
  async function register(token: string, name: string, key = new SoftPasskey(origin, rpId)): Promise<SoftPasskey> {
    expect((await reauth(token)).code).toBe('D00000');
    const options = (await call('/personal/v1/factors/passkey/options', {}, token)).data.options;
    const res = await call('/personal/v1/factors/passkey/register', { name, credential: key.register(options) }, token);
    expect(res.code).toBe('D00000');
    return key;
  }

  async function passwordless(key: SoftPasskey, opts: Parameters<SoftPasskey['assert']>[1] = {}, extra: Record<string, unknown> = {}) {
    const options = (await call('/auth/v1/passkey/options', {})).data.options;
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const credential = key.assert(options, opts);
    return { credential, res: await client.post('/auth/v1/passkey/login-check', { credential, deviceId: 'pk-laptop', ...extra }) };
  }

  it('registers a named passkey after re-authentication, and refuses the same credential twice', async () => {
    // An account no other test here gives a passkey: this one is its first.
    const person = await signIn(client, 'emp0141');
    expect((await call('/personal/v1/factors/passkey/options', {}, person)).code).toBe('E11030');
    expect((await reauth(person)).code).toBe('D00000');
    const options = (await call('/personal/v1/factors/passkey/options', {}, person)).data.options;
    expect(options).toMatchObject({ rp: { id: rpId }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' }, attestation: 'none' });
    const key = new SoftPasskey(origin, rpId);
    const item = await call('/personal/v1/factors/passkey/register', { name: 'Laptop', credential: key.register(options) }, person);
    expect(item.data).toMatchObject({ name: 'Laptop', lastUsedAt: null, transports: ['internal'] });

    // The options now exclude it, and registering it again is refused.
    const again = (await call('/personal/v1/factors/passkey/options', {}, person)).data.options;
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    expect((await call('/personal/v1/factors/passkey/register', { name: 'Copy', credential: key.register(again) }, person)).code).toBe('E11013');
    // A challenge is good for one ceremony only.
    expect((await call('/personal/v1/factors/passkey/register', { name: 'Copy', credential: new SoftPasskey(origin, rpId).register(again) }, person)).code).toBe('E11011');
    // Without user verification, or for another origin: not verified.
    const noUv = (await call('/personal/v1/factors/passkey/options', {}, person)).data.options;
    expect((await call('/personal/v1/factors/passkey/register', { name: 'No UV', credential: new SoftPasskey(origin, rpId).register(noUv, { uv: false }) }, person)).code).toBe('E11010');
    const phishing = (await call('/personal/v1/factors/passkey/options', {}, person)).data.options;
    expect((await call('/personal/v1/factors/passkey/register', { name: 'Evil', credential: new SoftPasskey(origin, rpId).register(phishing, { origin: 'https://evil.example' }) }, person)).code).toBe('E11010');

    const list = (await call('/personal/v1/factors/list', {}, person)).data;
    expect(list.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
    expect(list.reauthMethods[0]).toBe('PASSKEY');
    expect((await call('/personal/v1/factors/passkey/rename', { id: list.passkeys[0].id, name: 'Work laptop' }, person)).code).toBe('D00000');
    const score = (await call('/personal/v1/safety-score', {}, person)).data;
    expect(score.items).toContainEqual({ key: 'passkey', points: 5, earned: true });
  });

  it('holds ten passkeys at most, however many registrations race', async () => {
    const zhangsan = await signIn(client, 'zhangsan');
    const ref = (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', 'zhangsan').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 9; i++) {
      await client.app.store.db.insertInto('passkeys').values({
        user_ref: ref, credential_id: `seeded-${i}`, public_key: 'x', counter: 0, transports: '[]', name: `Seeded ${i}`, user_handle: 'h',
        device_type: 'singleDevice', backed_up: 0, created_at: Date.now(), last_used_at: null,
      }).execute();
    }
    expect((await reauth(zhangsan)).code).toBe('D00000');
    const ceremonies = [];
    for (let i = 0; i < 6; i++) ceremonies.push((await call('/personal/v1/factors/passkey/options', {}, zhangsan)).data.options);
    const answers = await Promise.all(ceremonies.map((options, i) =>
      call('/personal/v1/factors/passkey/register', { name: `Racer ${i}`, credential: new SoftPasskey(origin, rpId).register(options) }, zhangsan)));
    expect(answers.map((a) => a.code).sort()).toEqual(['D00000', 'E11014', 'E11014', 'E11014', 'E11014', 'E11014']);
    expect((await call('/personal/v1/factors/list', {}, zhangsan)).data.passkeys).toHaveLength(10);
    expect((await call('/personal/v1/factors/passkey/options', {}, zhangsan)).code).toBe('E11014');
    await client.app.store.db.deleteFrom('passkeys').where('user_ref', '=', ref).execute();
  });

  it('signs in without a password; the assertion and its counter cannot be replayed', async () => {
    const lisi = await signIn(client, 'lisi');
    const key = await register(lisi, 'Phone');
    const { credential, res } = await passwordless(key);
    expect(res.json().code).toBe('D00000');
    expect(res.json().data).toMatchObject({ userId: 'lisi', secondAuth: false, srmi: null });
    const token = sessionTokenOf(res);
    expect((await call('/personal/v1/current-user-detail', {}, token)).data.userId).toBe('lisi');
    expect((await call('/personal/v1/factors/list', {}, token)).data.passkeys.find((p: { name: string }) => p.name === 'Phone').lastUsedAt).not.toBeNull();

    // The same answer again: its challenge is spent.
    expect((await client.post('/auth/v1/passkey/login-check', { credential })).json().code).toBe('E11011');
    // A fresh challenge signed with a counter that did not move: a cloned key.
    expect((await passwordless(key, { repeatCounter: true })).res.json().code).toBe('E11010');
    // Without user verification, or for another relying party: refused.
    expect((await passwordless(key, { uv: false })).res.json().code).toBe('E11010');
    expect((await passwordless(key, { rpId: 'evil.example' })).res.json().code).toBe('E11010');
    // A passkey nobody registered here.
    expect((await passwordless(new SoftPasskey(origin, rpId))).res.json().code).toBe('E11012');
    expect((await passwordless(key)).res.json().code).toBe('D00000');

    // In the user's sign-in history as a passkey sign-in, successes and refusals alike.
    const history = await client.app.store.db.selectFrom('login_history').select(['opt_type', 'is_success', 'login_msg']).where('opt_type', '=', 'PASSKEY').execute();
    expect(history.filter((h) => Number(h.is_success) === 1).length).toBeGreaterThanOrEqual(2);
    expect(history.map((h) => h.login_msg)).toEqual(expect.arrayContaining(['E11011', 'E11010', 'E11012']));
  });

  it('answers passwordless challenges without storing them: forged, expired and replayed ones are refused', async () => {
    const lisi = await signIn(client, 'lisi');
    const key = await register(lisi, 'Tablet');
    const stored = async () => Number((await client.app.store.db.selectFrom('webauthn_challenges').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await stored();
    // Anyone may ask, as often as they like: 30 at once write nothing.
    const asked = await Promise.all(Array.from({ length: 30 }, () => call('/auth/v1/passkey/options', {})));
    expect(new Set(asked.map((a) => a.data.options.challenge)).size).toBe(30);
    expect(await stored()).toBe(before);

    const loginWith = async (options: { challenge: string }) =>
      (await client.post('/auth/v1/passkey/login-check', { credential: key.assert({ ...asked[0].data.options, ...options }) })).json().code;
    // A challenge of our own making, or one whose signature was altered: refused before any signature check.
    const bytes = Buffer.from(asked[1].data.options.challenge, 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(await loginWith({ challenge: bytes.toString('base64url') })).toBe('E11011');
    expect(await loginWith({ challenge: Buffer.alloc(40, 7).toString('base64url') })).toBe('E11011');
    // Used once, then spent; twenty answers to one challenge at once: one signs in.
    expect(await loginWith(asked[2].data.options)).toBe('D00000');
    expect(await loginWith(asked[2].data.options)).toBe('E11011');
    const racing = await Promise.all(Array.from({ length: 20 }, () => loginWith(asked[3].data.options)));
    expect(racing.filter((code) => code === 'D00000')).toHaveLength(1);
    expect(racing.filter((code) => code === 'E11011')).toHaveLength(19);
    // Past its ten minutes.
    client.clock.advance(11 * 60_000);
    expect(await loginWith(asked[4].data.options)).toBe('E11011');
  });

  it('keeps the account checks of a password sign-in: disabled accounts and app permission', async () => {
    const lisi = await signIn(client, 'lisi');
    const key = await register(lisi, 'Tablet');
    await client.app.store.db.updateTable('users').set({ enabled: 0 }).where('user_id', '=', 'lisi').execute();
    try {
      expect((await passwordless(key)).res.json().code).toBe('E30051');
    } finally {
      await client.app.store.db.updateTable('users').set({ enabled: 1 }).where('user_id', '=', 'lisi').execute();
    }
    // Locked by failed passwords: the passkey waits for the lock too.
    await client.app.services.throttle.clearAccount('lisi');
    await client.app.store.db.insertInto('limit_counters').values({ subject: 'acct:lisi', hits: 10, window_start: client.clock.now(), locked_until: client.clock.now() + 15 * 60_000 }).execute();
    try {
      expect((await passwordless(key)).res.json().code).toBe('E30053');
    } finally {
      await client.app.services.throttle.clearAccount('lisi');
    }
    // lisi holds no permission for the ERP, and one for the mail application (which the answer then launches).
    expect((await passwordless(key, {}, { appId: 'erp' })).res.json().code).toBe('E30065');
    const mail = (await passwordless(key, {}, { appId: 'mail' })).res.json();
    expect(mail).toMatchObject({ code: 'D00000', data: { appId: 'mail', redirectUrl: '/idaas/auth/v1/sso/go/mail-client' } });
    expect((await client.post('/auth/v1/passkey/options', { appId: 'no-such-app' })).json().code).toBe('E30066');
  });

  it('passes zhaoliu\'s second factor with a passkey, offered first', async () => {
    const zhaoliu = await signIn(client, 'zhaoliu');
    const key = await register(zhaoliu, 'YubiKey');
    const srmi = (await passwordLogin(client, 'zhaoliu', undefined, { deviceId: 'pk-desk' })).json().data.srmi;
    const factors = (await call('/auth/v1/second-auth/factors', { srmi })).data;
    expect(factors.factors.map((f: { kind: string }) => f.kind)).toEqual(['PASSKEY', 'SMS']);
    const options = (await call('/auth/v1/second-auth/passkey/options', { srmi })).data.options;
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);

    // lisi's passkey cannot pass zhaoliu's step.
    const lisiKey = await register(await signIn(client, 'lisi'), 'Other');
    expect((await call('/auth/v1/second-auth/passkey', { srmi, credential: lisiKey.assert(options) })).code).toBe('E11012');
    // That try spent the challenge: zhaoliu's own key cannot reuse it.
    expect((await call('/auth/v1/second-auth/passkey', { srmi, credential: key.assert(options) })).code).toBe('E11011');

    const again = (await call('/auth/v1/second-auth/passkey/options', { srmi })).data.options;
    const res = await client.post('/auth/v1/second-auth/passkey', { srmi, credential: key.assert(again), deviceId: 'pk-desk' });
    expect(res.json().code).toBe('D00000');
    expect(sessionTokenOf(res)).toBeDefined();
    expect(res.cookies.find((c) => c.name.startsWith('idaas_dt_'))).toBeDefined();
  });

  it('removes a passkey only after re-authentication; the other sessions end and it signs in no more', async () => {
    const lisi = await signIn(client, 'lisi');
    const key = await register(lisi, 'Old phone');
    const other = await signIn(client, 'lisi');
    const id = (await call('/personal/v1/factors/list', {}, lisi)).data.passkeys.find((p: { name: string }) => p.name === 'Old phone').id;
    client.clock.advance(5 * 60_000 + 1000);
    expect((await call('/personal/v1/factors/passkey/remove', { id }, lisi)).code).toBe('E11030');
    // Re-authenticate with the passkey itself.
    const options = (await call('/personal/v1/factors/reauth/passkey/options', {}, lisi)).data.options;
    expect((await call('/personal/v1/factors/reauth/passkey', { credential: key.assert(options) }, lisi)).code).toBe('D00000');
    // Someone else's passkey row is not found.
    expect((await call('/personal/v1/factors/passkey/remove', { id: 999_999 }, lisi)).code).toBe('E00404');
    expect((await call('/personal/v1/factors/passkey/remove', { id }, lisi)).code).toBe('D00000');
    expect((await call('/personal/v1/current-user-detail', {}, other)).code).toBe('E00009');
    expect((await passwordless(key)).res.json().code).toBe('E11012');
  });

  it('asks administrators for a passkey when the policy says so: enrolment, then only the passkey passes', async () => {
    // The security administrator sets the policy; the system administrator is the one made to enrol.
    const security = await signIn(client, 'secadmin');
    expect((await call('/admin/v1/policies/update', { mfa: { passkeyForAdmins: true } }, security)).code).toBe('D00000');
    try {
      const first = (await passwordLogin(client, 'admin', undefined, { deviceId: 'admin-pc' })).json().data;
      expect(first.steps.map((s: { code: string }) => s.code)).toEqual(['ENROL-FACTOR', 'FINISH']);
      expect(first.steps[0].message).toBe('PASSKEY');
      const srmi = first.srmi;
      expect((await call('/user/v1/auth/factor-enrol/totp/start', { srmi })).code).toBe('E11031');
      const options = (await call('/user/v1/auth/factor-enrol/passkey/options', { srmi })).data.options;
      const key = new SoftPasskey(origin, rpId);
      expect((await call('/user/v1/auth/factor-enrol/passkey/register', { srmi, name: 'Admin key', credential: key.register(options) })).data).toEqual({ active: 1 });
      const opened = await client.post('/auth/v1/self-service/continue', { srmi });
      expect(opened.json().data.secondAuth).toBe(false);
      expect(sessionTokenOf(opened)).toBeDefined();

      const next = (await passwordLogin(client, 'admin', undefined, { deviceId: 'admin-pc-2' })).json().data;
      expect(next.secondAuth).toBe(true);
      expect((await call('/auth/v1/second-auth/factors', { srmi: next.srmi })).data).toEqual({
        factors: [{ kind: 'PASSKEY', mobile: null, remaining: null }], passkeyRequired: true,
      });
      expect((await call('/auth/v1/send-msg/second-auth', { srmi: next.srmi })).code).toBe('E11031');
      expect((await call('/auth/v1/second-auth/totp', { srmi: next.srmi, code: '123456' })).code).toBe('E11031');
      const assertion = (await call('/auth/v1/second-auth/passkey/options', { srmi: next.srmi })).data.options;
      expect((await client.post('/auth/v1/second-auth/passkey', { srmi: next.srmi, credential: key.assert(assertion) })).json().code).toBe('D00000');

      // The last passkey the policy requires cannot be removed.
      const session = sessionTokenOf(await passwordless(key).then((r) => r.res))!;
      expect((await reauth(session)).code).toBe('D00000');
      const id = (await call('/personal/v1/factors/list', {}, session)).data.passkeys[0].id;
      expect((await call('/personal/v1/factors/passkey/remove', { id }, session)).code).toBe('E11032');
    } finally {
      await client.app.store.db.deleteFrom('config').where('key', '=', 'policy.mfa').execute();
      client.app.services.settings.invalidate();
    }
    // The passkey the policy made the administrator enrol stays; with the policy gone the password alone signs in.
    const adminRef = (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect((await client.app.store.db.selectFrom('passkeys').select('credential_id').where('user_ref', '=', adminRef).execute()).length).toBe(1);
    const alone = await passwordLogin(client, 'admin', undefined, { deviceId: 'admin-pc-4' });
    expect(alone.json().data.secondAuth).toBe(false);
    expect(sessionTokenOf(alone)).toBeDefined();
  });

  it('lets the security administrator see and reset a person\'s factors, audited', async () => {
    // A person of its own, with a passkey to be seen and reset.
    const personRef = (await client.app.store.db.selectFrom('users').select('id').where('user_id', '=', 'emp0142').executeTakeFirstOrThrow()).id;
    const person = await signIn(client, 'emp0142');
    await register(await signIn(client, 'emp0142'), 'Lost phone');
    const adminSession = sessionTokenOf(await passwordLogin(client, 'secadmin', undefined, { deviceId: 'secadmin-pc' }))!;
    const seen = await call('/admin/v1/users/factors/get', { id: personRef }, adminSession);
    expect(seen.code).toBe('D00000');
    expect(seen.data.passkeys.length).toBeGreaterThan(0);
    expect(JSON.stringify(seen.data)).not.toContain('public_key');
    expect((await call('/admin/v1/users/factors/get', { id: personRef }, person)).code).toBe('E00403');
    expect((await call('/admin/v1/users/factors/reset', { id: personRef, kinds: ['PASSKEY'] }, adminSession)).code).toBe('D00000');
    expect((await call('/personal/v1/current-user-detail', {}, person)).code).toBe('E00009');
    const after = await call('/admin/v1/users/factors/get', { id: personRef }, adminSession);
    expect(after.data.passkeys).toEqual([]);
    const audit = (await call('/admin/v1/operation-log/list', { sceneCode: 'ADMIN_USER_FACTORS_RESET', pageNum: 1, pageSize: 10 }, await signIn(client, 'auditor'))).data;
    expect(audit.total).toBe(1);
  });
});
