import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, ROOMY_SMS_BUDGETS, passwordLogin, registrationCode, signIn, solvedCaptcha, startClient, storeCases, type Client } from './harness.js';

const GET = '/admin/v1/policies/get';
const UPDATE = '/admin/v1/policies/update';
const STRATEGY = '/personal/v1/pwd/strategy/detail';
const HISTORY = '/admin/v1/policies/history';
const VERSION = '/admin/v1/policies/version';
const ROLLBACK = '/admin/v1/policies/rollback';
const DEFAULTS = '/admin/v1/policies/restore-defaults';

describe.each(storeCases())('workbench policies ($name)', (store) => {
  let client: Client;
  let security: string;
  beforeAll(async () => {
    client = await startClient(store, 'adminpolicies');
    security = await signIn(client, 'secadmin');
  });
  afterAll(async () => { await client?.close(); });

  const policies = async () => (await client.post(GET, {}, { token: security })).json().data;
  const update = (body: unknown, token = security) => client.post(UPDATE, body, { token });
  /** Sets sections for one test and puts the earlier values back afterwards, so tests stay independent. */
  async function withPolicies(body: Record<string, Record<string, unknown>>, run: () => Promise<void>) {
    const before = await policies();
    const res = await update(body);
    expect(res.json().code, res.body).toBe('D00000');
    try {
      await run();
    } finally {
      security = await signIn(client, 'secadmin');
      const restore = Object.fromEntries(Object.keys(body).map((section) => [section, before[section]]));
      expect((await update(restore)).json().code).toBe('D00000');
    }
  }
  const changePassword = async (token: string, oldPassword: string, newPassword: string) =>
    client.post('/personal/v1/pwd/change/person/save-by-ori-pwd', {
      oldPassword: await client.encrypt(oldPassword), newPassword: await client.encrypt(newPassword), repeatNewPassword: await client.encrypt(newPassword),
    }, { token });
  const register = async (userId: string, mobileNo: string, password: string) =>
    client.post('/personal/v1/add', { userId, userName: '新员工', mobileNo, password: await client.encrypt(password), ...(await registrationCode(client, mobileNo)) }, { ip: `10.77.${mobileNo.slice(-2)}.1` });
  /** The operation log is the audit administrator's to read (signed in afresh: a test may have shortened sessions). */
  const operationLog = async (body: Record<string, unknown>) =>
    (await client.post('/admin/v1/operation-log/list', body, { token: await signIn(client, 'auditor') })).json().data;
  const policyAudits = async () => (await operationLog({ sceneCode: 'ADMIN_POLICY_UPDATE', pageNum: 1, pageSize: 100 })).total as number;

  it('answers the configuration defaults for sections never saved', async () => {
    const p = await policies();
    expect(p).toMatchObject({
      pwd: { minLength: 8, maxLength: 64, minKinds: 2, expiryDays: 90, reminderDays: 7, historyCount: 0 },
      signIn: { captchaAfter: 3, lockAfter: 10, lockMinutes: 15, ipFailuresPerHour: 100 },
      sessions: { idleMinutes: 30, absoluteHours: 12 },
      sms: { dailyPerNumber: 10 },
      registration: { enabled: true },
      loginPage: { companyName: { zh: '星河科技统一身份认证平台', en: 'Galaxy Tech Identity Portal' } },
    });
    // The demo seeds the sign-in page's row.
    expect(p.customized).toContain('loginPage');
  });

  it('refuses every policy endpoint to lisi and to the system administrator with E00403 and changes nothing', async () => {
    const lisi = await signIn(client, 'lisi');
    const system = await signIn(client, 'admin');
    const before = await policies();
    const audits = await policyAudits();
    const refused = [
      [GET, {}], [UPDATE, { pwd: { minLength: 20 } }], [UPDATE, { registration: { enabled: false } }], [HISTORY, {}], [VERSION, { version: 1 }],
      [ROLLBACK, { version: 1 }], [DEFAULTS, { sections: ['pwd'] }],
    ] as const;
    for (const [path, body] of refused) {
      for (const token of [lisi, system]) {
        const res = await client.post(path, body, { token });
        expect(res.statusCode, path).toBe(403);
        expect(res.json().code).toBe('E00403');
      }
    }
    expect(await policies()).toEqual(before);
    expect(await policyAudits()).toBe(audits);
  });

  it('refuses values out of range, fractional, negative or of the wrong type with E00001 naming the field', async () => {
    const before = await policies();
    const bad: [unknown, string][] = [
      [{ pwd: { minLength: 5 } }, 'pwd.minLength'],
      [{ pwd: { maxLength: 129 } }, 'pwd.maxLength'],
      [{ pwd: { minKinds: 4 } }, 'pwd.minKinds'],
      [{ pwd: { expiryDays: -1 } }, 'pwd.expiryDays'],
      [{ pwd: { historyCount: 25 } }, 'pwd.historyCount'],
      [{ pwd: { reminderDays: 1.5 } }, 'pwd.reminderDays'],
      [{ signIn: { lockAfter: 0 } }, 'signIn.lockAfter'],
      [{ signIn: { lockMinutes: 'soon' } }, 'signIn.lockMinutes'],
      [{ signIn: { ipFailuresPerHour: 100001 } }, 'signIn.ipFailuresPerHour'],
      [{ sessions: { idleMinutes: 0 } }, 'sessions.idleMinutes'],
      [{ sessions: { absoluteHours: 721 } }, 'sessions.absoluteHours'],
      [{ sms: { dailyPerNumber: 0 } }, 'sms.dailyPerNumber'],
      [{ registration: { enabled: 'yes' } }, 'registration.enabled'],
      [{ loginPage: { logoUrl: 'javascript:alert(1)' } }, 'loginPage.logoUrl'],
      [{ loginPage: { companyName: { zh: 'x'.repeat(101) } } }, 'loginPage.companyName.zh'],
      [{ pwd: { minLength: 10, colour: 'red' } }, 'pwd'],
      [{ theme: {} }, 'body'],
    ];
    for (const [body, field] of bad) {
      const res = await update(body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status: 400, code: 'E00001' });
      expect(res.json().message).toContain(field);
    }
    expect(await policies()).toEqual(before);
  });

  it('refuses rules that contradict each other with their own codes, as they would be saved, and stores nothing', async () => {
    const before = await policies();
    const audits = await policyAudits();
    const refusals: [unknown, string][] = [
      [{ pwd: { minLength: 20, maxLength: 10 } }, 'E40401'],
      // Against the saved maximum (64).
      [{ pwd: { minLength: 70 } }, 'E40401'],
      [{ pwd: { expiryDays: 30, reminderDays: 30 } }, 'E40402'],
      [{ signIn: { captchaAfter: 5, lockAfter: 5 } }, 'E40403'],
      [{ sessions: { idleMinutes: 120, absoluteHours: 1 } }, 'E40404'],
      // One good section does not carry a bad one through.
      [{ sms: { dailyPerNumber: 3 }, signIn: { lockAfter: 2 } }, 'E40403'],
    ];
    for (const [body, code] of refusals) {
      const res = await update(body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status: 200, code });
    }
    expect(await policies()).toEqual(before);
    expect(await policyAudits()).toBe(audits);
    // Expiry 0 means never: any reminder is then fine.
    await withPolicies({ pwd: { expiryDays: 0, reminderDays: 30 } }, async () => {
      expect((await policies()).pwd).toMatchObject({ expiryDays: 0, reminderDays: 30 });
    });
  });

  it('audits a change with the sections before and after, and answers what is now in force', async () => {
    await withPolicies({ sms: { dailyPerNumber: 20 } }, async () => {
      const rows = (await operationLog({ target: 'policy:sms', pageNum: 1, pageSize: 1 })).datas;
      expect(rows[0]).toMatchObject({
        userId: 'secadmin', sceneCode: 'ADMIN_POLICY_UPDATE', target: 'policy:sms',
        changes: { before: { sms: { dailyPerNumber: 10 } }, after: { sms: { dailyPerNumber: 20 } } },
      });
      const p = await policies();
      expect(p.sms.dailyPerNumber).toBe(20);
      expect(p.customized).toContain('sms');
    });
  });

  it('raises the minimum length: the very next registration and change refuse a shorter password, and the hint says so', async () => {
    const zhangsan = await signIn(client, 'emp0031');
    expect((await client.post(STRATEGY, {})).json().data).toContain('8-64');
    await withPolicies({ pwd: { minLength: 14 } }, async () => {
      expect((await client.post(STRATEGY, {})).json().data).toContain('14-64');
      expect((await client.post(STRATEGY, {}, { headers: { 'accept-language': 'en' } })).json().data).toContain('14 to 64');
      const reg = await register('policy.short', '13577770001', 'Short#Pass26');
      expect(reg.json()).toMatchObject({ code: 'E10711' });
      expect(reg.json().message).toContain('14-64');
      expect((await changePassword(zhangsan, DEMO_PASSWORD, 'Short#Pass26')).json().code).toBe('E10711');
      expect((await register('policy.long', '13577770002', 'Long#Enough#2026')).json().code).toBe('D00000');
    });
    expect((await client.post(STRATEGY, {})).json().data).toContain('8-64');
    expect((await register('policy.short', '13577770003', 'Short#Pass26')).json().code).toBe('D00000');
  });

  it('locks an account sooner once lock-after is lowered, for the minutes set', async () => {
    await withPolicies({ signIn: { captchaAfter: 1, lockAfter: 2, lockMinutes: 7 } }, async () => {
      expect((await passwordLogin(client, 'emp0032', 'Wrong#Pass1', {}, '10.78.0.1')).json().code).toBe('E30002');
      const captcha = await solvedCaptcha(client);
      const second = await passwordLogin(client, 'emp0032', 'Wrong#Pass2', { capKey: captcha.capKey, validCode: captcha.capText }, '10.78.0.2');
      expect(second.json().code).toBe('E30053');
      expect(second.json().message).toContain('7');
      expect((await passwordLogin(client, 'emp0032', DEMO_PASSWORD, {}, '10.78.0.3')).json().code).toBe('E30053');
    });
  });

  it('switches registration off and on at once', async () => {
    const pageSays = async () => (await client.post('/system/v1/config/index-page/query-certification', {})).json().data[0].registrationEnabled;
    expect(await pageSays()).toBe(true);
    await withPolicies({ registration: { enabled: false } }, async () => {
      // The sign-in page's configuration tells the register link and page.
      expect(await pageSays()).toBe(false);
      const res = await register('policy.closed', '13577770011', 'Closed#Door2026');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('E10601');
    });
    expect((await register('policy.closed', '13577770011', 'Closed#Door2026')).json().code).toBe('D00000');
  });

  it('refuses the last N passwords and keeps only N in the history', async () => {
    await withPolicies({ pwd: { historyCount: 3 } }, async () => {
      const token = await signIn(client, 'emp0033');
      const chain = ['Alpha#Change01', 'Bravo#Change02', 'Charlie#Change03'];
      let current = DEMO_PASSWORD;
      for (const next of chain) {
        expect((await changePassword(token, current, next)).json().code).toBe('D00000');
        current = next;
      }
      const reused = await changePassword(token, current, 'Alpha#Change01');
      expect(reused.json().code).toBe('E10716');
      expect(reused.json().message).toContain('3');
      expect((await changePassword(token, current, 'Bravo#Change02')).json().code).toBe('E10716');
      expect((await changePassword(token, current, 'Delta#Change04')).json().code).toBe('D00000');
      const { db } = client.app.store;
      const user = await db.selectFrom('users').select('id').where('user_id', '=', 'emp0033').executeTakeFirstOrThrow();
      const kept = () => db.selectFrom('password_history').select('id').where('user_ref', '=', user.id).execute();
      expect(await kept()).toHaveLength(3);
      // Alpha is now the fourth most recent: allowed again.
      expect((await changePassword(token, 'Delta#Change04', 'Alpha#Change01')).json().code).toBe('D00000');
      expect(await kept()).toHaveLength(3);
    });
  });

  it('applies a new idle timeout to sessions at once', async () => {
    const token = await signIn(client, 'emp0034');
    await withPolicies({ sessions: { idleMinutes: 5 } }, async () => {
      client.clock.advance(4 * 60_000);
      expect((await client.post('/personal/v1/current-user-detail', {}, { token })).json().code).toBe('D00000');
      client.clock.advance(6 * 60_000);
      expect((await client.post('/personal/v1/current-user-detail', {}, { token })).json().code).toBe('E00009');
    });
  });

  it('gives sessions opened after a change the new absolute lifetime, cookie included', async () => {
    await withPolicies({ sessions: { absoluteHours: 24 } }, async () => {
      const res = await passwordLogin(client, 'emp0036', DEMO_PASSWORD, {}, '10.81.0.1');
      expect(res.cookies.find((c) => c.name === 'idaas_token')?.maxAge).toBe(24 * 3600);
      const { db } = client.app.store;
      const user = await db.selectFrom('users').select('id').where('user_id', '=', 'emp0036').executeTakeFirstOrThrow();
      const session = await db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_ref', '=', user.id).executeTakeFirstOrThrow();
      expect(Number(session.expires_at) - Number(session.created_at)).toBe(24 * 3600_000);
    });
  });

  it('caps texts per number per day at the new limit', async () => {
    await withPolicies({ sms: { dailyPerNumber: 2 } }, async () => {
      const codes: string[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push((await client.post('/auth/v1/send-msg/msg-login', { mobileNo: '13912340001' }, { ip: `10.79.0.${i}` })).json().code);
        client.clock.advance(61_000);
      }
      expect(codes).toEqual(['D00000', 'D00000', 'E10806']);
    });
  });

  it("sets the sign-in page's texts and pictures per language", async () => {
    await withPolicies({ loginPage: { companyName: { en: 'Acme Sign-in' }, versionInfo: { zh: 'v9', en: '' }, logoUrl: 'https://cdn.example.com/logo.png' } }, async () => {
      const page = async (lang: string) =>
        (await client.post('/system/v1/config/index-page/query-certification', {}, { headers: { 'accept-language': lang } })).json().data[0];
      expect(await page('en')).toMatchObject({ companyName: 'Acme Sign-in', versionInfo: 'v9', logoUrl: 'https://cdn.example.com/logo.png' });
      expect(await page('zh')).toMatchObject({ companyName: '星河科技统一身份认证平台', versionInfo: 'v9' });
    });
  });

  it('falls back to the defaults for a stored section it cannot read, so sign-in keeps working', async () => {
    const { db } = client.app.store;
    await db.insertInto('config').values({ key: 'policy.signIn', value: '{"lockAfter":"never"' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '{"lockAfter":"never"' })).execute();
    try {
      client.clock.advance(1000);
      expect((await policies()).signIn.lockAfter).toBe(10);
      expect((await passwordLogin(client, 'emp0035', DEMO_PASSWORD, {}, '10.80.0.1')).json().code).toBe('D00000');
    } finally {
      await db.deleteFrom('config').where('key', '=', 'policy.signIn').execute();
      client.clock.advance(1000);
    }
  });

  it('lets two racing saves through only as a consistent whole', async () => {
    const before = (await policies()).pwd;
    const [a, b] = await Promise.all([update({ pwd: { minLength: 40 } }), update({ pwd: { maxLength: 30 } })]);
    const codes = [a.json().code, b.json().code].sort();
    expect(codes).toEqual(['D00000', 'E40401']);
    const after = (await policies()).pwd;
    expect(after.minLength).toBeLessThanOrEqual(after.maxLength);
    expect((await update({ pwd: before })).json().code).toBe('D00000');
  });

  const history = async () => (await client.post(HISTORY, { pageNum: 1, pageSize: 50 }, { token: security })).json().data.datas as
    { version: number; savedBy: string; action: string; sections: string[]; fromVersion: number | null }[];
  const operations = async (sceneCode: string) =>
    (await operationLog({ sceneCode, pageNum: 1, pageSize: 100 })).datas as { target: string }[];

  it('keeps every save as a version (who, how, which sections, the whole policies) and returns to an earlier one as a new, audited version', async () => {
    const before = (await policies()).sms;
    try {
      // A version to stand before the first of this test's, whichever tests saved before it.
      expect((await update({ sms: before })).json().code).toBe('D00000');
      expect((await update({ sms: { dailyPerNumber: 11 } })).json().code).toBe('D00000');
      expect((await update({ sms: { dailyPerNumber: 13 } })).json().code).toBe('D00000');
      const [second, first] = await history();
      expect(first).toMatchObject({ savedBy: 'secadmin', action: 'UPDATE', sections: ['sms'], fromVersion: null });
      expect(second.version).toBeGreaterThan(first.version);
      const detail = (await client.post(VERSION, { version: first.version }, { token: security })).json();
      expect(detail.code).toBe('D00000');
      expect(detail.data.policies.sms.dailyPerNumber).toBe(11);
      expect(detail.data.previous.sms.dailyPerNumber).toBe(before.dailyPerNumber);
      expect(detail.data.policies.pwd).toEqual((await policies()).pwd);

      const rolled = await client.post(ROLLBACK, { version: first.version }, { token: security });
      expect(rolled.json().code, rolled.body).toBe('D00000');
      expect(rolled.json().data.sms.dailyPerNumber).toBe(11);
      expect((await policies()).sms.dailyPerNumber).toBe(11);
      const [latest] = await history();
      expect(latest).toMatchObject({ action: 'ROLLBACK', fromVersion: first.version, sections: ['sms'] });
      expect((await operations('ADMIN_POLICY_ROLLBACK'))[0]).toMatchObject({ target: 'policy:sms' });
      // Returning to the state already in force changes nothing and writes no version.
      expect((await client.post(ROLLBACK, { version: first.version }, { token: security })).json().code).toBe('D00000');
      expect((await history())[0].version).toBe(latest.version);
    } finally {
      expect((await update({ sms: before })).json().code).toBe('D00000');
    }
  });

  it('refuses a version that does not exist, or is no version number, and changes nothing', async () => {
    const before = await policies();
    for (const body of [{ version: 999_999 }, { version: 0 }, { version: 'latest' }, {}]) {
      for (const path of [VERSION, ROLLBACK]) {
        const res = await client.post(path, body, { token: security });
        expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(typeof body.version === 'number' && body.version > 0 ? 404 : 400);
      }
    }
    expect(await policies()).toEqual(before);
  });

  it('restores chosen sections to the configured defaults as a version, leaving the others', async () => {
    const before = await policies();
    try {
      expect((await update({ pwd: { minLength: 12 }, signIn: { lockAfter: 7 } })).json().code).toBe('D00000');
      const res = await client.post(DEFAULTS, { sections: ['pwd'] }, { token: security });
      expect(res.json().code, res.body).toBe('D00000');
      expect(res.json().data.pwd).toMatchObject({ minLength: 8, maxLength: 64, minKinds: 2, expiryDays: 90 });
      expect(res.json().data.signIn.lockAfter).toBe(7);
      expect((await history())[0]).toMatchObject({ action: 'DEFAULTS', sections: ['pwd'] });
      expect((await client.post(DEFAULTS, { sections: [] }, { token: security })).statusCode).toBe(400);
      expect((await client.post(DEFAULTS, { sections: ['everything'] }, { token: security })).statusCode).toBe(400);
    } finally {
      expect((await update({ pwd: before.pwd, signIn: before.signIn })).json().code).toBe('D00000');
    }
  });
});

const postgres = storeCases().filter((s) => s.name === 'postgres');
const sqlite = storeCases().filter((s) => s.name === 'sqlite');

/** Two instances on one database: the one that saved agrees at once, the other within a second. */
describe.each([...sqlite, ...postgres])('policies shared by two instances ($name)', (store) => {
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    const url = await store.seededUrl('policytwins');
    a = await startClient(store, 'policytwins', {}, ROOMY_SMS_BUDGETS, url);
    b = await startClient(store, 'policytwins', {}, ROOMY_SMS_BUDGETS, url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('shows a saved policy on the saving instance at once and on the other within a second', async () => {
    expect((await b.post(STRATEGY, {})).json().data).toContain('8-64');
    const security = await signIn(a, 'secadmin');
    // Nothing is stored until an administrator saves a section (the demo seeds the sign-in page's row).
    expect((await a.post(GET, {}, { token: security })).json().data.customized).toEqual(['loginPage']);
    expect((await a.post(UPDATE, { pwd: { minLength: 11 } }, { token: security })).json().code).toBe('D00000');
    expect((await a.post(STRATEGY, {})).json().data).toContain('11-64');
    b.clock.advance(1000);
    expect((await b.post(STRATEGY, {})).json().data).toContain('11-64');
  });
});
