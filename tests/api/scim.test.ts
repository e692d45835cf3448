import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { passwordLogin, signIn, startClient, storeCases, type Client } from './harness.js';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PORTAL = 'urn:idaas:params:scim:schemas:extension:portal:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const TOKEN = 'demo-scim-token';
const PASSWORD = 'Provision#2026';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe.each(storeCases())('SCIM 2.0 provisioning ($name)', (store) => {
  let client: Client;
  let admin: string;
  let n = 0;
  /** A fresh account name and mobile number per test, so tests stand alone in any order. */
  const fresh = () => {
    n++;
    const tag = `${Date.now().toString(36).slice(-5)}${n}`;
    return { account: `scim.${tag}`, mobile: `135${String(Date.now() % 1e6).padStart(6, '0')}${String(n % 100).padStart(2, '0')}` };
  };

  beforeAll(async () => {
    client = await startClient(store, 'scim');
    admin = await signIn(client, 'admin');
  });
  afterAll(async () => { await client?.close(); });

  const scim = (method: Method, path: string, body?: unknown, opts: { token?: string | null; headers?: Record<string, string> } = {}) => {
    const token = opts.token === undefined ? TOKEN : opts.token;
    return client.app.inject({
      method, url: `/scim/v2${path}`,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }), ...opts.headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  };
  const db = () => client.app.store.db;
  const userCount = async () => Number((await db().selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const newUser = (account: string, more: Record<string, unknown> = {}) => ({
    schemas: [USER, ENTERPRISE], userName: account, name: { givenName: 'Ada', familyName: 'Lovelace' }, externalId: `ext-${account}`,
    emails: [{ value: `${account}@corp.example.com`, type: 'work', primary: true }], title: 'Engineer', active: true, ...more,
  });
  const create = async (body: Record<string, unknown>) => {
    const res = await scim('POST', '/Users', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; userName: string; meta: { version: string; location: string } } & Record<string, unknown>;
  };
  const expectError = (res: LightMyRequestResponse, status: number, scimType?: string, detail?: RegExp) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/scim+json');
    const body = res.json();
    expect(body.schemas).toEqual([ERROR]);
    expect(body.status).toBe(String(status));
    if (scimType) expect(body.scimType).toBe(scimType);
    if (detail) expect(body.detail).toMatch(detail);
    return body;
  };
  const audit = (scene: string, target: string) =>
    db().selectFrom('operation_log').innerJoin('users', 'users.id', 'operation_log.user_ref').select(['users.user_id as actor', 'operation_log.changes'])
      .where('scene_code', '=', scene).where('target', '=', target).execute();

  describe('authorisation', () => {
    it('answers 401 in SCIM form to no token, a wrong one and a revoked one, and writes nothing', async () => {
      const security = await signIn(client, 'secadmin');
      const made = (await client.post('/admin/v1/scim-tokens/create', { name: 'to revoke' }, { token: security })).json().data;
      expect((await client.post('/admin/v1/scim-tokens/revoke', { id: made.id }, { token: security })).json().code).toBe('D00000');
      const before = await userCount();
      for (const token of [null, 'wrong-token', made.token as string]) {
        expectError(await scim('GET', '/Users', undefined, { token }), 401);
        const res = await scim('POST', '/Users', newUser(fresh().account), { token });
        expectError(res, 401, undefined, /^E40502/);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      }
      expectError(await scim('GET', '/Users', undefined, { token: '', headers: { authorization: 'Basic YWRtaW46eA==' } }), 401);
      expect(await userCount()).toBe(before);
    });

    it('is not part of /idaas: no portal session or cookie opens it', async () => {
      const res = await client.app.inject({ method: 'GET', url: '/scim/v2/Users', headers: { cookie: `idaas_token=${admin}` } });
      expectError(res, 401);
      expectError(await scim('GET', '/Users', undefined, { token: admin }), 401);
    });
  });

  it('keeps unknown paths under /scim/v2 its own when the SPA is served: 401 without a token, SCIM 404 with one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scim-spa-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><meta name="idaas-sm2" content=""><title>spa</title>');
    const withSpa = await startClient(store, 'scimspa', { staticDir: dir });
    try {
      const ask = (token?: string) => withSpa.app.inject({ method: 'GET', url: '/scim/v2/Nothing/here', headers: token ? { authorization: `Bearer ${token}` } : {} });
      expectError(await ask(), 401);
      expectError(await ask(TOKEN), 404);
      expect((await withSpa.app.inject({ method: 'GET', url: '/somewhere' })).headers['content-type']).toContain('text/html');
    } finally {
      await withSpa.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('discovery', () => {
    it('describes the service, its resource types and schemas', async () => {
      const config = await scim('GET', '/ServiceProviderConfig');
      expect(config.statusCode).toBe(200);
      expect(config.headers['content-type']).toContain('application/scim+json');
      expect(config.json()).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 100 }, etag: { supported: true }, bulk: { supported: false } });
      const types = (await scim('GET', '/ResourceTypes')).json();
      expect(types.Resources.map((t: { id: string }) => t.id)).toEqual(['User', 'Group']);
      expect((await scim('GET', '/ResourceTypes/User')).json()).toMatchObject({ endpoint: '/Users', schema: USER, schemaExtensions: [{ schema: ENTERPRISE, required: false }] });
      const schemas = (await scim('GET', '/Schemas')).json();
      expect(schemas.Resources.map((s: { id: string }) => s.id)).toEqual([USER, ENTERPRISE, GROUP, PORTAL]);
      const user = (await scim('GET', `/Schemas/${USER}`)).json();
      expect(user.attributes.find((a: { name: string }) => a.name === 'userName')).toMatchObject({ required: true, uniqueness: 'server', mutability: 'immutable' });
      expect(user.attributes.find((a: { name: string }) => a.name === 'password')).toMatchObject({ mutability: 'writeOnly', returned: 'never' });
      expectError(await scim('GET', '/Schemas/urn:nope'), 404);
      expectError(await scim('GET', '/Nothing'), 404);
    });
  });

  describe('users', () => {
    it('creates a user from SCIM attributes, answers it with meta and an ETag, and audits it as the token creator', async () => {
      const { account, mobile } = fresh();
      const res = await scim('POST', '/Users', newUser(account, { phoneNumbers: [{ value: '010-88886666', type: 'work' }, { value: mobile, type: 'mobile' }] }));
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        schemas: [USER], id: expect.stringMatching(/^\d+$/), userName: account, externalId: `ext-${account}`, displayName: 'Ada Lovelace',
        name: { formatted: 'Ada Lovelace' }, title: 'Engineer', userType: 'STAFF', active: true,
        emails: [{ value: `${account}@corp.example.com`, type: 'work', primary: true }], phoneNumbers: [{ value: mobile, type: 'mobile', primary: true }],
        meta: { resourceType: 'User', location: expect.stringMatching(new RegExp(`^http://localhost(:80)?/scim/v2/Users/${user.id}$`)), version: expect.stringMatching(/^W\/"\d+"$/) },
      });
      expect(user.password).toBeUndefined();
      expect(res.headers.location).toBe(user.meta.location);
      expect(res.headers.etag).toBe(user.meta.version);
      const got = await scim('GET', `/Users/${user.id}`);
      expect(got.json()).toEqual(user);
      const row = await db().selectFrom('users').selectAll().where('user_id', '=', account).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_name: 'Ada Lovelace', email: `${account}@corp.example.com`, mobile_no: mobile, enabled: 1, external_id: `ext-${account}`, position_name: 'Engineer' });
      const rows = await audit('SCIM_USER_CREATE', `user:${account}`);
      expect(rows).toHaveLength(1);
      expect(rows[0].actor).toBe('admin');
      expect(JSON.parse(rows[0].changes!).after).toMatchObject({ account, mobileNo: mobile });
    });

    it('names people in Chinese family-name order and takes displayName first', async () => {
      const a = await create({ schemas: [USER], userName: fresh().account, name: { familyName: '王', givenName: '小明' } });
      expect(a.displayName).toBe('王小明');
      const b = await create({ schemas: [USER], userName: fresh().account, displayName: '李雷', name: { formatted: 'ignored', givenName: 'x' } });
      expect(b.displayName).toBe('李雷');
    });

    it('filters with eq, sw and co, and/or, on userName, externalId, emails, displayName and active; pages from 1', async () => {
      const tag = `flt${Date.now().toString(36)}`;
      const made = [];
      for (const i of [1, 2, 3]) made.push(await create(newUser(`${tag}.${i}`, { displayName: `Filter ${tag} ${i}`, active: i !== 3 })));
      const list = async (query: string) => {
        const res = await scim('GET', `/Users?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const q = (filter: string, more = '') => list(`filter=${encodeURIComponent(filter)}${more}`);
      const names = (body: { Resources: { userName: string }[] }) => body.Resources.map((r) => r.userName);

      expect(names(await q(`userName eq "${tag.toUpperCase()}.2"`))).toEqual([`${tag}.2`]);
      expect(names(await q(`externalId eq "ext-${tag}.1"`))).toEqual([`${tag}.1`]);
      expect(names(await q(`externalId eq "EXT-${tag}.1"`))).toEqual([]);
      expect(names(await q(`userName sw "${tag}."`))).toEqual([`${tag}.1`, `${tag}.2`, `${tag}.3`]);
      expect(names(await q(`displayName co "${tag} 3"`))).toEqual([`${tag}.3`]);
      expect(names(await q(`emails.value co "${tag}.2@"`))).toEqual([`${tag}.2`]);
      expect(names(await q(`emails[type eq "work" and value sw "${tag}.1@"]`))).toEqual([`${tag}.1`]);
      expect(names(await q(`userName sw "${tag}" and active eq false`))).toEqual([`${tag}.3`]);
      expect(names(await q(`userName eq "${tag}.1" or userName eq "${tag}.3"`))).toEqual([`${tag}.1`, `${tag}.3`]);
      expect(names(await q(`${USER}:userName sw "${tag}" and not (active eq true)`))).toEqual([`${tag}.3`]);
      expect(names(await q(`meta.lastModified ge "2000-01-01T00:00:00Z" and userName ew "${tag}.2"`))).toEqual([`${tag}.2`]);

      const page = await q(`userName sw "${tag}"`, '&startIndex=2&count=1');
      expect(page).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 3, startIndex: 2, itemsPerPage: 1 });
      expect(names(page)).toEqual([`${tag}.2`]);
      expect((await q(`userName sw "${tag}"`, '&startIndex=-4&count=0'))).toMatchObject({ totalResults: 3, startIndex: 1, itemsPerPage: 0, Resources: [] });
      const capped = await list('count=1000');
      expect(capped.itemsPerPage).toBe(100);
      expect(capped.totalResults).toBeGreaterThan(200);
      const slim = await q(`userName eq "${tag}.1"`, '&attributes=userName');
      expect(Object.keys(slim.Resources[0]).sort()).toEqual(['id', 'meta', 'schemas', 'userName']);
    });

    it('refuses a filter it cannot read or on an attribute it does not know with 400 invalidFilter', async () => {
      for (const filter of ['nickName eq "x"', 'userName eq', 'userName eq unquoted', 'userName xx "a"', '(userName eq "a"', 'name.middleName eq "Byron"', 'active eq "yes"', 'userName eq "a" and']) {
        expectError(await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter', /^E40503/);
      }
      expectError(await scim('GET', '/Users?count=ten'), 400, 'invalidValue', /^E00001/);
      expectError(await scim('GET', '/Users?colour=red'), 400);
    });

    it('refuses a taken userName or mobile number with 409 uniqueness, even when racing, and writes one', async () => {
      const { account, mobile } = fresh();
      const [a, b] = await Promise.all([scim('POST', '/Users', newUser(account)), scim('POST', '/Users', newUser(account))]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expectError(a.statusCode === 409 ? a : b, 409, 'uniqueness', /^E1060[24]/);
      expect((await db().selectFrom('users').select('id').where('user_id', '=', account).execute())).toHaveLength(1);
      await create(newUser(fresh().account, { phoneNumbers: [{ value: mobile, type: 'mobile' }] }));
      expectError(await scim('POST', '/Users', newUser(fresh().account, { phoneNumbers: [{ value: mobile }] })), 409, 'uniqueness', /^E10603/);
    });

    it('holds phone numbers to the workbench rule: the same code and reason', async () => {
      const { account } = fresh();
      const res = expectError(await scim('POST', '/Users', newUser(account, { phoneNumbers: [{ value: '1234567', type: 'mobile' }] }), { headers: { 'accept-language': 'en' } }), 400, 'invalidValue');
      const bench = await client.post('/admin/v1/users/create', { userId: fresh().account, userName: 'Bench', mobileNo: '1234567' }, { token: admin, headers: { 'accept-language': 'en' } });
      expect(bench.json().code).toBe('E10906');
      expect(res.detail).toBe(`E10906: ${bench.json().message}`);
      expect(await db().selectFrom('users').select('id').where('user_id', '=', account).executeTakeFirst()).toBeUndefined();
      // And the other rules of the workbench: the account name, the email, the type.
      expectError(await scim('POST', '/Users', newUser('no spaces allowed')), 400, 'invalidValue', /^E10605/);
      expectError(await scim('POST', '/Users', newUser(fresh().account, { emails: [{ value: 'not-an-address' }] })), 400, 'invalidValue', /^E10606/);
      expectError(await scim('POST', '/Users', newUser(fresh().account, { userType: 'Robot' })), 400, 'invalidValue');
      expectError(await scim('POST', '/Users', newUser(fresh().account, { password: '123' })), 400, 'invalidValue', /^E1071/);
    });

    it('refuses malformed bodies: unknown attributes, wrong types, broken JSON, oversized', async () => {
      expectError(await scim('POST', '/Users', newUser(fresh().account, { favouriteColour: 'blue' })), 400, 'invalidValue', /^E00001/);
      expectError(await scim('POST', '/Users', newUser(fresh().account, { active: 'maybe' })), 400, 'invalidValue', /active/);
      expectError(await scim('POST', '/Users', { schemas: [USER] }), 400, 'invalidValue', /userName/);
      const broken = await client.app.inject({ method: 'POST', url: '/scim/v2/Users', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/scim+json' }, payload: '{"userName":' });
      expectError(broken, 400, 'invalidSyntax');
      const big = await scim('POST', '/Users', newUser(fresh().account, { nickName: 'x'.repeat(300 * 1024) }));
      expectError(big, 413);
      // Attributes identity providers send by default and this server does not keep are accepted.
      const azure = await create(newUser(fresh().account, { preferredLanguage: 'zh-CN', addresses: [{ type: 'work', country: 'CN' }], [ENTERPRISE]: { employeeNumber: '42' } }));
      expect(azure.preferredLanguage).toBeUndefined();
      // Attribute names are not case-sensitive (RFC 7643 §2.1).
      const { account } = fresh();
      const shouted = await create({ SCHEMAS: [USER], USERNAME: account, DisplayName: 'Loud', Emails: [{ Value: `${account}@corp.example.com`, Primary: 'True' }] });
      expect(shouted).toMatchObject({ userName: account, displayName: 'Loud', emails: [{ value: `${account}@corp.example.com` }] });
    });

    it('places users by the enterprise department (path or unique name); a PUT without the extension keeps the placement', async () => {
      const org = (body: unknown) => client.post('/admin/v1/organisation/create', body, { token: admin });
      const company = (await org({ name: `SCIM Co ${n++}${Date.now().toString(36)}`, kind: 'COMPANY' })).json().data;
      const dept = (await org({ name: `Payroll ${company.id}`, kind: 'DEPARTMENT', parentId: company.id })).json().data;
      expect(dept?.id, JSON.stringify(dept)).toBeTruthy();
      const path = `${company.name}/${dept.name}`;
      const { account } = fresh();
      const user = await create(newUser(account, { [ENTERPRISE]: { department: path } }));
      expect(user).toMatchObject({ schemas: [USER, ENTERPRISE], [ENTERPRISE]: { department: path } });
      expect((await db().selectFrom('users').select(['dept_ref', 'dept_name', 'company_name']).where('user_id', '=', account).executeTakeFirstOrThrow()))
        .toEqual({ dept_ref: dept.id, dept_name: dept.name, company_name: company.name });
      const put = await scim('PUT', `/Users/${user.id}`, { schemas: [USER], userName: account, displayName: 'Kept in place' });
      expect(put.json()[ENTERPRISE]).toEqual({ department: path });
      const byName = await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `${ENTERPRISE}:department` }] });
      expect(byName.json()[ENTERPRISE]).toBeUndefined();
      expect((await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: ENTERPRISE, value: { department: dept.name } }] })).json())
        .toMatchObject({ [ENTERPRISE]: { department: path } });
      expectError(await scim('POST', '/Users', newUser(fresh().account, { [ENTERPRISE]: { department: 'Nowhere/At all' } })), 400, 'invalidValue', /^E40110/);
    });

    it('replaces with PUT: what is left out is cleared, the account name cannot change, If-Match is honoured', async () => {
      const { account, mobile } = fresh();
      const user = await create(newUser(account, { phoneNumbers: [{ value: mobile, type: 'mobile' }] }));
      const body = { schemas: [USER], userName: account, displayName: 'Ada King', emails: [{ value: `king.${account}@corp.example.com`, primary: true }], active: true };
      expectError(await scim('PUT', `/Users/${user.id}`, body, { headers: { 'if-match': 'W/"1"' } }), 412, undefined, /^E40507/);
      const res = await scim('PUT', `/Users/${user.id}`, body, { headers: { 'if-match': user.meta.version } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ displayName: 'Ada King', emails: [{ value: `king.${account}@corp.example.com` }] });
      expect(res.json().phoneNumbers).toBeUndefined();
      expect(res.json().externalId).toBeUndefined();
      expect(res.json().title).toBeUndefined();
      expect(res.json().meta.version).not.toBe(user.meta.version);
      expectError(await scim('PUT', `/Users/${user.id}`, { ...body, userName: `${account}x` }), 400, 'mutability', /^E40506/);
      expectError(await scim('PUT', '/Users/99999999', body), 404);
      expectError(await scim('PUT', '/Users/abc', body), 404);
      expect((await audit('SCIM_USER_UPDATE', `user:${account}`)).length).toBe(1);
    });

    it('patches with and without paths, in the forms identity providers send', async () => {
      const { account, mobile } = fresh();
      const user = await create(newUser(account));
      const patch = async (ops: unknown[], status = 200) => {
        const res = await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: ops });
        expect(res.statusCode, res.body).toBe(status);
        return res.json();
      };
      expect(await patch([{ op: 'replace', path: 'displayName', value: 'Countess Ada' }])).toMatchObject({ displayName: 'Countess Ada' });
      expect(await patch([{ op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: mobile }])).toMatchObject({ phoneNumbers: [{ value: mobile, type: 'mobile' }] });
      expect(await patch([{ op: 'Replace', value: { title: 'Analyst', 'name.givenName': 'Augusta', 'name.familyName': 'Lovelace', [`${ENTERPRISE}:employeeNumber`]: '7' } }])).toMatchObject({ title: 'Analyst', displayName: 'Augusta Lovelace' });
      expect(await patch([{ op: 'replace', path: 'emails[type eq "work"].value', value: `a.${account}@corp.example.com` }])).toMatchObject({ emails: [{ value: `a.${account}@corp.example.com` }] });
      const removed = await patch([{ op: 'remove', path: 'emails[type eq "work"]' }, { op: 'remove', path: 'title' }, { op: 'remove', path: 'externalId' }]);
      expect(removed.emails).toBeUndefined();
      expect(removed.title).toBeUndefined();
      expect(removed.externalId).toBeUndefined();
      expect(await patch([{ op: 'add', path: 'externalId', value: `x-${account}` }])).toMatchObject({ externalId: `x-${account}` });

      expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'userName', value: 'other' }] }), 400, 'mutability');
      expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'id', value: '1' }] }), 400, 'mutability');
      expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'shoeSize', value: 44 }] }), 400, 'invalidPath', /^E40504/);
      expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'remove' }] }), 400, 'noTarget', /^E40505/);
      expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'emails[type eq "home"]', value: { value: 'h@x.com' } }] }), 400, 'noTarget');
      expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'move', path: 'title' }] }), 400, 'invalidValue');
      expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'phoneNumbers[type eq "mobile"].value', value: '999' }] }), 400, 'invalidValue', /^E10906/);
      expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'title', value: 'x' }] }, { headers: { 'if-match': 'W/"0"' } }), 412);
      const current = (await scim('GET', `/Users/${user.id}`)).json();
      expect(current.title).toBeUndefined();
      expect(current.phoneNumbers).toEqual([{ value: mobile, type: 'mobile', primary: true }]);
    });

    it('reads back the given and family names a client wrote (POST, PUT, PATCH), beside the full name', async () => {
      const { account } = fresh();
      const user = await create({ schemas: [USER], userName: account, name: { givenName: 'Grace', familyName: 'Hopper' } });
      expect(user.name).toEqual({ formatted: 'Grace Hopper', givenName: 'Grace', familyName: 'Hopper' });
      expect((await scim('GET', `/Users/${user.id}`)).json().name).toEqual({ formatted: 'Grace Hopper', givenName: 'Grace', familyName: 'Hopper' });
      // Entra ID's form: one attribute by path.
      const given = await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'name.givenName', value: 'Amazing Grace' }] });
      expect(given.statusCode, given.body).toBe(200);
      const got = (await scim('GET', `/Users/${user.id}`)).json();
      expect(got.name).toEqual({ formatted: 'Amazing Grace Hopper', givenName: 'Amazing Grace', familyName: 'Hopper' });
      expect(got.displayName).toBe('Amazing Grace Hopper');
      // Okta's form: the whole user again, every cycle. The same document twice changes nothing the second time.
      const okta = { schemas: [USER], userName: account, displayName: 'Rear Admiral Hopper', name: { givenName: 'Grace', familyName: 'Hopper', formatted: 'Grace Hopper' }, active: true };
      const put = await scim('PUT', `/Users/${user.id}`, okta);
      expect(put.json()).toMatchObject({ displayName: 'Rear Admiral Hopper', name: { formatted: 'Rear Admiral Hopper', givenName: 'Grace', familyName: 'Hopper' } });
      const again = await scim('PUT', `/Users/${user.id}`, okta);
      expect(again.json().meta.version).toBe(put.json().meta.version);
      // A patch of something else leaves the full name alone, though it is not the parts joined.
      expect((await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'title', value: 'Admiral' }] })).json())
        .toMatchObject({ title: 'Admiral', displayName: 'Rear Admiral Hopper', name: { givenName: 'Grace', familyName: 'Hopper' } });
      const byPart = (await scim('GET', `/Users?filter=${encodeURIComponent(`name.familyName eq "hopper" and userName eq "${account}"`)}`)).json();
      expect(byPart.Resources.map((r: { id: string }) => r.id)).toEqual([user.id]);
      // Only the formatted name: it is the full name, as before; a PUT that leaves the parts out clears them.
      const formatted = await scim('PUT', `/Users/${user.id}`, { schemas: [USER], userName: account, name: { formatted: 'G. M. Hopper' } });
      expect(formatted.json().name).toEqual({ formatted: 'G. M. Hopper' });
      expect(formatted.json().displayName).toBe('G. M. Hopper');
      const row = await db().selectFrom('users').select(['user_name', 'given_name', 'family_name']).where('user_id', '=', account).executeTakeFirstOrThrow();
      expect(row).toEqual({ user_name: 'G. M. Hopper', given_name: null, family_name: null });
      const rows = await audit('SCIM_USER_UPDATE', `user:${account}`);
      expect(rows.length).toBeGreaterThanOrEqual(3);
    });

    it('deactivates with active=false: the account is disabled and its open portal session ends (E00009)', async () => {
      const { account, mobile } = fresh();
      const user = await create(newUser(account, { password: PASSWORD, phoneNumbers: [{ value: mobile, type: 'mobile' }] }));
      const res = await passwordLogin(client, account, PASSWORD, { deviceId: 'scim-device' });
      const session = res.cookies.find((c) => c.name === 'idaas_token')?.value;
      expect(session, res.body).toBeTruthy();
      expect((await client.post('/personal/v1/current-user-detail', {}, { token: session })).json().code).toBe('D00000');

      // Azure AD's form: no path, the value a string.
      const off = await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', value: { active: 'False' } }] });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().active).toBe(false);
      const after = await client.post('/personal/v1/current-user-detail', {}, { token: session });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('E00009');
      expect((await db().selectFrom('sessions').select('id').where('user_ref', '=', Number(user.id)).execute())).toHaveLength(0);
      const listed = (await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${account}" and active eq false`)}`)).json();
      expect(listed.totalResults).toBe(1);
      expect(await audit('SCIM_USER_DISABLE', `user:${account}`)).toHaveLength(1);
      const on = await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] });
      expect(on.json().active).toBe(true);
    });

    it('deletes a user who holds nothing; refuses with 409 one whose records others depend on', async () => {
      const user = await create(newUser(fresh().account));
      expectError(await scim('DELETE', `/Users/${user.id}`, undefined, { headers: { 'if-match': 'W/"5"' } }), 412);
      const res = await scim('DELETE', `/Users/${user.id}`);
      expect(res.statusCode).toBe(204);
      expectError(await scim('GET', `/Users/${user.id}`), 404);
      expectError(await scim('DELETE', `/Users/${user.id}`), 404);
      expect(await audit('SCIM_USER_DELETE', `user:${user.userName}`)).toHaveLength(1);

      const zhangsan = (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "zhangsan"')}`)).json().Resources[0];
      expectError(await scim('DELETE', `/Users/${zhangsan.id}`), 409, undefined, /^E40508/);
      expect((await scim('GET', `/Users/${zhangsan.id}`)).statusCode).toBe(200);
      // The token's creator holds the token itself.
      const adminUser = (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "admin"')}`)).json().Resources[0];
      expectError(await scim('DELETE', `/Users/${adminUser.id}`), 409);
    });
  });

  describe('groups', () => {
    const groupName = () => `SCIM group ${Date.now().toString(36)}-${n++}`;
    const userIds = async (count: number) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push((await create(newUser(fresh().account))).id);
      return ids;
    };
    const members = (group: { members?: { value: string }[] }) => (group.members ?? []).map((m) => m.value).sort();

    it('creates a group with members, reads, filters and lists it', async () => {
      const ids = await userIds(2);
      const name = groupName();
      const res = await scim('POST', '/Groups', { schemas: [GROUP], displayName: name, externalId: `g-${name}`, members: ids.map((value) => ({ value })) });
      expect(res.statusCode, res.body).toBe(201);
      const group = res.json();
      expect(group).toMatchObject({
        displayName: name, externalId: `g-${name}`, [PORTAL]: { groupType: 'SECURITY', groupCode: expect.stringMatching(/^scim-/), manager: { display: expect.any(String) } },
        meta: { resourceType: 'Group', version: expect.stringMatching(/^W\//) },
      });
      expect(members(group)).toEqual([...ids].sort());
      expect(group.members[0]).toMatchObject({ type: 'User', $ref: expect.stringContaining('/scim/v2/Users/') });
      const q = async (filter: string, more = '') => (await scim('GET', `/Groups?filter=${encodeURIComponent(filter)}${more}`)).json();
      expect((await q(`displayName eq "${name.toUpperCase()}"`)).Resources.map((g: { id: string }) => g.id)).toEqual([group.id]);
      expect((await q(`displayName sw "${name.slice(0, -2)}"`)).totalResults).toBeGreaterThanOrEqual(1);
      expect((await q(`displayName co "${name.slice(5)}"`)).Resources[0].id).toBe(group.id);
      expect((await q(`externalId eq "g-${name}"`)).Resources[0].id).toBe(group.id);
      expect((await q(`members[value eq "${ids[0]}"]`)).Resources.map((g: { id: string }) => g.id)).toContain(group.id);
      const slim = await q(`displayName eq "${name}"`, '&excludedAttributes=members');
      expect(slim.Resources[0].members).toBeUndefined();
      expectError(await scim('GET', `/Groups?filter=${encodeURIComponent('owner eq "x"')}`), 400, 'invalidFilter');
      // The user shows the group it belongs to.
      expect((await scim('GET', `/Users/${ids[0]}`)).json().groups).toEqual([expect.objectContaining({ value: group.id, display: name })]);
      const rows = await db().selectFrom('operation_log').select(['scene_code']).where('target', '=', `group:${group[PORTAL].groupCode}`).execute();
      expect(rows.map((r) => r.scene_code).sort()).toEqual(['SCIM_GROUP_CREATE', 'SCIM_GROUP_MEMBERS_ADD', 'SCIM_GROUP_UPDATE']);
    });

    it('patches members in and out (by filter and as Azure AD sends them), replaces with PUT, deletes', async () => {
      const ids = await userIds(4);
      const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: groupName(), members: [{ value: ids[0] }] })).json();
      const patch = async (ops: unknown[], headers: Record<string, string> = {}) => {
        const res = await scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH], Operations: ops }, { headers });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      expect(members(await patch([{ op: 'add', path: 'members', value: [{ value: ids[1] }, { value: ids[2] }] }]))).toEqual([ids[0], ids[1], ids[2]].sort());
      expect(members(await patch([{ op: 'remove', path: `members[value eq "${ids[1]}"]` }]))).toEqual([ids[0], ids[2]].sort());
      expect(members(await patch([{ op: 'Remove', path: 'members', value: [{ value: ids[2] }] }]))).toEqual([ids[0]]);
      const renamed = await patch([{ op: 'replace', value: { id: group.id, displayName: `${group.displayName} (renamed)` } }]);
      expect(renamed.displayName).toBe(`${group.displayName} (renamed)`);
      expectError(await scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: '99999999' }] }] }), 400, 'invalidValue', /^E40510/);
      expectError(await scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: `${PORTAL}:groupCode`, value: 'other' }] }), 400, 'mutability');
      expectError(await scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: 'members' }] }, { headers: { 'if-match': 'W/"stale"' } }), 412);

      const current = (await scim('GET', `/Groups/${group.id}`)).json();
      const put = await scim('PUT', `/Groups/${group.id}`, { schemas: [GROUP], displayName: 'Replaced', members: [{ value: ids[3] }] }, { headers: { 'if-match': current.meta.version } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ displayName: 'Replaced' });
      expect(members(put.json())).toEqual([ids[3]]);
      expect(put.json().meta.version).not.toBe(current.meta.version);

      expect((await scim('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
      expectError(await scim('GET', `/Groups/${group.id}`), 404);
      const rows = await db().selectFrom('operation_log').select('scene_code').where('target', '=', `group:${group[PORTAL].groupCode}`).execute();
      expect(rows.map((r) => r.scene_code)).toEqual(expect.arrayContaining(['SCIM_GROUP_MEMBERS_REMOVE', 'SCIM_GROUP_UPDATE', 'SCIM_GROUP_DELETE']));
    });

    it('lets PATCHes racing to add different members both land', async () => {
      const ids = await userIds(3);
      const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: groupName(), members: [{ value: ids[0] }] })).json();
      const add = (id: string) => scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: id }] }] });
      const results = await Promise.all([add(ids[1]), add(ids[2])]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(members((await scim('GET', `/Groups/${group.id}`)).json())).toEqual([...ids].sort());
    });

    it('keeps deactivated users in groups and adds them like anyone (create, PATCH, PUT)', async () => {
      const [off, on] = await userIds(2);
      const deactivate = await scim('PATCH', `/Users/${off}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] });
      expect(deactivate.json().active).toBe(false);
      const created = await scim('POST', '/Groups', { schemas: [GROUP], displayName: groupName(), members: [{ value: off }] });
      expect(created.statusCode, created.body).toBe(201);
      expect(members(created.json())).toEqual([off]);
      const other = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: groupName() })).json();
      const added = await scim('PATCH', `/Groups/${other.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: off }, { value: on }] }] });
      expect(added.statusCode, added.body).toBe(200);
      expect(members(added.json())).toEqual([off, on].sort());
      const put = await scim('PUT', `/Groups/${created.json().id}`, { schemas: [GROUP], displayName: 'Kept', members: [{ value: off }, { value: on }] });
      expect(members(put.json())).toEqual([off, on].sort());
      expect((await scim('GET', `/Users/${off}`)).json().groups.map((g: { value: string }) => g.value).sort()).toEqual([created.json().id, other.id].sort());
    });

    it('says every refusal in English, whatever Accept-Language asks', async () => {
      const zh = { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } };
      const user = await create(newUser(fresh().account));
      const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: groupName() })).json();
      const mailbox = (await db().selectFrom('users').select('id').where('user_type', '=', 'PUBLIC_MAIL').executeTakeFirst())?.id;
      const refusals = [
        await scim('GET', '/Users', undefined, { ...zh, token: null }),
        await scim('GET', '/Users/99999999', undefined, zh),
        await scim('GET', '/Nowhere', undefined, zh),
        await scim('GET', `/Users?filter=${encodeURIComponent('nickName eq "x"')}`, undefined, zh),
        await scim('POST', '/Users', newUser(fresh().account, { phoneNumbers: [{ value: '1234567', type: 'mobile' }] }), zh),
        await scim('POST', '/Users', newUser(user.userName), zh),
        await scim('POST', '/Users', newUser(fresh().account, { favouriteColour: 'blue' }), zh),
        await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'title', value: 'x' }] }, { headers: { ...zh.headers, 'if-match': 'W/"1"' } }),
        await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'userName', value: 'x' }] }, zh),
        await scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: '99999999' }] }] }, zh),
        ...(mailbox ? [await scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: String(mailbox) }] }] }, zh)] : []),
        await scim('DELETE', '/Users/1', undefined, zh),
      ];
      for (const res of refusals) {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        const { detail } = res.json();
        expect(detail, res.body).toMatch(/^E\d{5}: [A-Z]/);
        expect(detail, res.body).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/);
      }
      expect(refusals[7].json().detail).toBe('E40507: The resource changed since the version given; read it again');
    });

    it('keeps the workbench rules: taken codes 409 uniqueness, mail groups need an address', async () => {
      expectError(await scim('POST', '/Groups', { schemas: [GROUP, PORTAL], displayName: groupName(), [PORTAL]: { groupCode: 'ML-RD-ALL' } }), 409, 'uniqueness', /^E40301/);
      expectError(await scim('POST', '/Groups', { schemas: [GROUP, PORTAL], displayName: groupName(), [PORTAL]: { groupType: 'MAIL' } }), 400, 'invalidValue', /^E40302/);
      const mail = await scim('POST', '/Groups', { schemas: [GROUP, PORTAL], displayName: groupName(), [PORTAL]: { groupType: 'mail', email: `g${n}@corp.example.com` } });
      expect(mail.statusCode, mail.body).toBe(201);
      expect(mail.json()[PORTAL]).toMatchObject({ groupType: 'MAIL' });
    });
  });
});
