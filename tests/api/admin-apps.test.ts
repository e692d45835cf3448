import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAppsEndpoints } from '../../contract/endpoints/admin/apps.js';
import { adminApi, byDuty, signInAdministrators, unique, type AdministratorTokens } from './adminHarness.js';
import { passwordLogin, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';

const HOUR = 3_600_000;

describe.each(storeCases())('workbench: applications ($name)', (store) => {
  let client: Client;
  let admins: AdministratorTokens;
  let lisi: string;
  beforeAll(async () => {
    client = await startClient(store, 'adminapps');
    admins = await signInAdministrators(client);
    lisi = await signIn(client, 'lisi');
  });
  afterAll(async () => { await client?.close(); });

  const { post, ok, audits } = adminApi(() => client, byDuty(() => admins));
  const newApp = async (extra: Record<string, unknown> = {}) => {
    const appId = unique('h3app');
    const { id } = await ok('/apps/create', { appId, appName: `应用 ${appId}`, idpSsoUrl: `https://${appId}.example.com/sso`, loginTypes: ['ACCOUNT', 'MSG_CODE'], ...extra });
    return { id: id as number, appId, clientId: `${appId}-client` };
  };
  const newGroup = async (members: string[]) => {
    const groupCode = unique('GS-H3');
    const { id } = await ok('/groups/create', { groupCode, groupName: groupCode, groupType: 1, managerUserId: 'zhangsan' });
    if (members.length) await ok('/groups/members/add', { id, userIdSet: members });
    return id as number;
  };
  const myApps = async (token: string) => ((await client.post('/personal/v1/user-app/list-by-user', {}, { token })).json().data as { appId: string }[]).map((a) => a.appId);
  const launch = (clientId: string, token: string) => client.get(`/auth/v1/sso/go/${clientId}`, { token });

  it('refuses every endpoint to a non-administrator, and each to the administrators whose duty it is not, with E00403 and changes nothing', async () => {
    const app = await newApp();
    const groupId = await newGroup(['emp0010']);
    const { id: roleGroupId } = await ok('/apps/role-groups/add', { appRef: app.id, name: 'G' });
    const { id: roleId } = await ok('/apps/roles/add', { groupId: roleGroupId, code: 'R1', name: 'R1' });
    const snapshot = async () => ({
      app: await ok('/apps/get', { id: app.id }),
      roles: await ok('/apps/roles/list', { id: app.id }),
      approvers: await ok('/apps/approvers/list', { id: app.id }),
      users: await ok('/apps/user-grants/list', { id: app.id, pageNum: 1, pageSize: 100 }),
      groups: await ok('/apps/group-grants/list', { id: app.id, pageNum: 1, pageSize: 100 }),
      log: (await client.app.store.db.selectFrom('operation_log').select('id').where('scene_code', 'like', 'ADMIN_%').execute()).length,
    });
    const before = await snapshot();
    const bodies: Record<keyof typeof adminAppsEndpoints, unknown> = {
      list: { pageNum: 1, pageSize: 10 }, get: { id: app.id },
      create: { appId: unique('evil'), appName: 'x', idpSsoUrl: 'https://evil.example.com', loginTypes: ['ACCOUNT'], legacy: false, redirectUris: ['https://evil.example.com/cb'] },
      update: { id: app.id, appName: 'hijacked', legacy: false, redirectUris: ['https://evil.example.com/cb'], firstParty: true }, enable: { id: app.id }, disable: { id: app.id }, roles: { id: app.id },
      roleGroupAdd: { appRef: app.id, name: 'x' }, roleGroupRename: { id: roleGroupId, name: 'x' }, roleGroupRemove: { id: roleGroupId },
      roleAdd: { groupId: roleGroupId, code: 'X', name: 'x' }, roleRename: { id: roleId, name: 'x' }, roleRemove: { id: roleId },
      approvers: { id: app.id }, approversAdd: { id: app.id, userIdSet: ['lisi'] }, approversRemove: { id: app.id, userIdSet: ['lisi'] },
      userGrants: { id: app.id, pageNum: 1, pageSize: 10 }, userGrantsAdd: { id: app.id, userIdSet: ['lisi'] }, userGrantsRemove: { id: app.id, userIdSet: ['lisi'] },
      groupGrants: { id: app.id, pageNum: 1, pageSize: 10 }, groupGrantsAdd: { id: app.id, groupIdSet: [groupId] }, groupGrantsRemove: { id: app.id, groupIdSet: [groupId] },
      rotateSecret: { id: app.id },
    };
    for (const [name, spec] of Object.entries(adminAppsEndpoints)) {
      const refused = [lisi, ...(['system', 'security', 'audit'] as const).filter((duty) => !(spec.duties as readonly string[]).includes(duty)).map((duty) => admins[duty])];
      for (const token of refused) {
        const res = await client.post(spec.path, bodies[name as keyof typeof adminAppsEndpoints], { token });
        expect({ name, status: res.statusCode, code: res.json().code }).toEqual({ name, status: 403, code: 'E00403' });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad settings with E00001 naming the field, and taken names with their own codes', async () => {
    const good = { appId: unique('h3v'), appName: 'Valid', idpSsoUrl: 'https://valid.example.com/sso', loginTypes: ['ACCOUNT'] };
    const bad: [string, Record<string, unknown>][] = [
      ['appId', { ...good, appId: 'has space' }],
      ['idpSsoUrl', { ...good, idpSsoUrl: 'javascript:alert(1)' }],
      ['loginTypes', { ...good, loginTypes: [] }],
      ['loginTypes', { ...good, loginTypes: ['ACCOUNT', 'ACCOUNT'] }],
      ['loginTypes', { ...good, loginTypes: ['FACE_ID'] }],
      ['captchaStrategy', { ...good, captchaStrategy: 1 }],
      ['icon', { ...good, icon: 'http://insecure.example.com/i.png' }],
      ['appName', { ...good, appName: 'x'.repeat(101) }],
      ['sortOrder', { ...good, sortOrder: -1 }],
      ['surprise', { ...good, surprise: true }],
    ];
    for (const [field, body] of bad) {
      const res = await post('/apps/create', body);
      expect({ field, status: res.statusCode, code: res.json().code }).toEqual({ field, status: 400, code: 'E00001' });
      expect(res.json().message).toContain(field);
    }
    expect((await post('/apps/update', { id: 2 ** 31, appName: 'x' })).json().code).toBe('E00001');
    expect((await post('/apps/update', { id: 999_999, appName: 'x' })).json().code).toBe('E00404');
    const created = await ok('/apps/create', good);
    const again = await post('/apps/create', { ...good, appName: 'Other' });
    expect([again.statusCode, again.json().code]).toEqual([200, 'E40201']);
    const sameClient = await post('/apps/create', { ...good, appId: unique('h3v'), clientId: `${good.appId}-client` });
    expect([sameClient.statusCode, sameClient.json().code]).toEqual([200, 'E40202']);
    expect((await ok('/apps/list', { keyword: good.appId, pageNum: 1, pageSize: 10 })).datas.map((a: { id: number }) => a.id)).toEqual([created.id]);
  });

  it('creates, lists by name, state and category, and updates with before/after in the log', async () => {
    const category = unique('cat');
    const app = await newApp({ category, sortOrder: 7, icon: 'data:image/png;base64,iVBORw0KGgo=' });
    const got = await ok('/apps/get', { id: app.id });
    expect(got).toMatchObject({
      appId: app.appId, clientId: app.clientId, category, sortOrder: 7, loginTypes: ['ACCOUNT', 'MSG_CODE'], captchaStrategy: null,
      secondAuthRequired: false, permSystem: true, enabled: true, clientSecretSet: false, previousSecretValidUntil: null,
    });
    expect((await ok('/apps/list', { category, pageNum: 1, pageSize: 10 })).datas.map((a: { appId: string }) => a.appId)).toEqual([app.appId]);
    expect((await ok('/apps/list', { keyword: '企业邮', pageNum: 1, pageSize: 10 })).datas.map((a: { appId: string }) => a.appId)).toEqual(['mail']);

    await ok('/apps/update', { id: app.id, appName: '改名', loginTypes: ['ACCOUNT'], captchaStrategy: 3, category: null });
    expect(await ok('/apps/get', { id: app.id })).toMatchObject({ appName: '改名', loginTypes: ['ACCOUNT'], captchaStrategy: 3, category: null, appId: app.appId });
    const [created] = await audits('ADMIN_APP_CREATE', `app:${app.appId}`);
    expect(JSON.parse(created.changes!)).toMatchObject({ before: null, after: { appId: app.appId, category, icon: '(image)' } });
    const [updated] = await audits('ADMIN_APP_UPDATE', `app:${app.appId}`);
    expect(JSON.parse(updated.changes!)).toMatchObject({
      before: { appName: `应用 ${app.appId}`, loginTypes: ['ACCOUNT', 'MSG_CODE'], captchaStrategy: null, category },
      after: { appName: '改名', loginTypes: ['ACCOUNT'], captchaStrategy: 3, category: null },
    });

    await ok('/apps/disable', { id: app.id });
    expect((await ok('/apps/list', { keyword: app.appId, enabled: false, pageNum: 1, pageSize: 10 })).total).toBe(1);
    expect((await ok('/apps/list', { keyword: app.appId, enabled: true, pageNum: 1, pageSize: 10 })).total).toBe(0);
    const [disabled] = await audits('ADMIN_APP_DISABLE', `app:${app.appId}`);
    expect(JSON.parse(disabled.changes!)).toEqual({ before: { enabled: true }, after: { enabled: false } });
  });

  it("makes /login?appId= follow the app's sign-in methods, captcha strategy and second factor", async () => {
    const app = await newApp({ loginTypes: ['ACCOUNT', 'MSG_CODE'] });
    await ok('/apps/user-grants/add', { id: app.id, userIdSet: ['emp0031'] });
    const types = async () => (await client.post('/auth/v1/get-app-login-config', { appId: app.appId })).json().data as { code: string; captchaStrategy: number }[];
    expect((await types()).map((t) => [t.code, t.captchaStrategy])).toEqual([['ACCOUNT', 0], ['MSG_CODE', 0]]);
    const plain = await passwordLogin(client, 'emp0031', undefined, { appId: app.appId });
    expect(plain.json().data.secondAuth).toBe(false);
    expect(sessionTokenOf(plain)).toBeDefined();

    await ok('/apps/update', { id: app.id, loginTypes: ['ACCOUNT'], captchaStrategy: 3, secondAuthRequired: true });
    expect((await types()).map((t) => [t.code, t.captchaStrategy])).toEqual([['ACCOUNT', 3]]);
    const guarded = await passwordLogin(client, 'emp0031', undefined, { appId: app.appId });
    expect(guarded.json().data).toMatchObject({ secondAuth: true, srmi: expect.any(String) });
    expect(sessionTokenOf(guarded)).toBeUndefined();

    await ok('/apps/update', { id: app.id, captchaStrategy: null });
    expect((await types()).map((t) => t.captchaStrategy)).toEqual([0]);
  });

  it('disabling an app stops its launch and takes it off "my apps"; enabling brings it back', async () => {
    const app = await newApp();
    const token = await signIn(client, 'emp0032');
    await ok('/apps/user-grants/add', { id: app.id, userIdSet: ['emp0032'] });
    expect(await myApps(token)).toContain(app.appId);
    await ok('/apps/disable', { id: app.id });
    expect(await myApps(token)).not.toContain(app.appId);
    expect((await launch(app.clientId, token)).headers.location).toBe('/404');
    await ok('/apps/enable', { id: app.id });
    expect((await launch(app.clientId, token)).headers.location).toMatch(/^https:\/\/.*\?code=/);
  });

  it('manages role groups and roles, refusing to remove one that is held or requested', async () => {
    const app = await newApp();
    const { id: groupId } = await ok('/apps/role-groups/add', { appRef: app.id, name: '权限组' });
    const { id: reader } = await ok('/apps/roles/add', { groupId, code: 'READER', name: '读者' });
    const { id: writer } = await ok('/apps/roles/add', { groupId, code: 'WRITER', name: '作者' });
    expect((await post('/apps/roles/add', { groupId, code: 'READER', name: 'dup' })).json().code).toBe('E40203');
    expect((await post('/apps/roles/add', { groupId, code: 'bad code', name: 'x' })).json().code).toBe('E00001');
    await ok('/apps/roles/rename', { id: writer, name: '编辑' });
    await ok('/apps/role-groups/rename', { id: groupId, name: '默认权限组' });

    // A request names READER; a pass makes emp0033 hold it.
    const applicant = await signIn(client, 'emp0033');
    const applied = (await client.post('/auty/v1/apply/add', { appId: app.appId, roleIdSet: [reader], applyReason: 'read' }, { token: applicant })).json().data;
    const requested = await post('/apps/roles/remove', { id: reader });
    expect([requested.statusCode, requested.json().code]).toEqual([200, 'E40205']);
    expect((await post('/apps/role-groups/remove', { id: groupId })).json().code).toBe('E40205');
    await ok('/requests/decide', { status: 1, approvalSuggestion: 'ok', applyIdList: [applied.id] });
    expect(await ok('/apps/roles/list', { id: app.id })).toEqual([{
      id: groupId, name: '默认权限组',
      roles: [{ id: reader, code: 'READER', name: '读者', holders: 1 }, { id: writer, code: 'WRITER', name: '编辑', holders: 0 }],
    }]);
    const held = await post('/apps/roles/remove', { id: reader });
    expect([held.statusCode, held.json().code]).toEqual([200, 'E40204']);
    expect((await post('/apps/role-groups/remove', { id: groupId })).json().code).toBe('E40204');
    expect((await ok('/apps/roles/list', { id: app.id }))[0].roles).toHaveLength(2);

    await ok('/apps/roles/remove', { id: writer });
    // Revoking the person's grant takes the role with it; then the group can go.
    await ok('/apps/user-grants/remove', { id: app.id, userIdSet: ['emp0033'] });
    await ok('/apps/role-groups/remove', { id: groupId });
    expect(await ok('/apps/roles/list', { id: app.id })).toEqual([]);
    const [removed] = await audits('ADMIN_APP_ROLE_GROUP_REMOVE', `app:${app.appId}`);
    expect(JSON.parse(removed.changes!)).toEqual({ before: { roleGroup: { id: groupId, name: '默认权限组', roles: ['READER'] } }, after: null });
    const [renamed] = await audits('ADMIN_APP_ROLE_RENAME', `app:${app.appId}`);
    expect(JSON.parse(renamed.changes!)).toEqual({ before: { role: { id: writer, code: 'WRITER', name: '作者' } }, after: { role: { id: writer, code: 'WRITER', name: '编辑' } } });
    expect((await post('/apps/roles/remove', { id: writer })).json().code).toBe('E00404');
  });

  it('adds and removes approvers, who then see the app\'s requests', async () => {
    const app = await newApp({ permSystem: false });
    const bad = await post('/apps/approvers/add', { id: app.id, userIdSet: ['emp0040', 'pub.hr', 'nobody'] });
    expect(bad.json()).toMatchObject({ code: 'E20301', message: '用户不存在：pub.hr, nobody' });
    expect(await ok('/apps/approvers/add', { id: app.id, userIdSet: ['emp0040', 'EMP0041', 'emp0040'] })).toEqual({ added: 2 });
    expect((await ok('/apps/approvers/list', { id: app.id })).map((p: { userId: string }) => p.userId)).toEqual(['emp0040', 'emp0041']);
    const approver = await signIn(client, 'emp0040');
    const applicant = await signIn(client, 'emp0042');
    await client.post('/auty/v1/apply/add', { appId: app.appId, roleIdSet: [], applyReason: 'use it' }, { token: applicant });
    const awaiting = (await client.post('/auty/v1/apply/page-list/by-approval-user-id', { pageNum: 1, pageSize: 10 }, { token: approver })).json().data;
    expect(awaiting.datas.map((r: { appId: string }) => r.appId)).toEqual([app.appId]);
    expect(await ok('/apps/approvers/remove', { id: app.id, userIdSet: ['emp0040'] })).toEqual({ removed: 1 });
    expect((await client.post('/auty/v1/apply/page-list/by-approval-user-id', { pageNum: 1, pageSize: 10 }, { token: approver })).json().data.total).toBe(0);
    const [added] = await audits('ADMIN_APP_APPROVERS_ADD', `app:${app.appId}`);
    expect(JSON.parse(added.changes!)).toEqual({ before: { approvers: [] }, after: { approvers: ['emp0040', 'emp0041'] } });
  });

  it('grants people directly: "my apps" and the launch follow at the next call', async () => {
    const app = await newApp();
    const token = await signIn(client, 'emp0050');
    expect((await launch(app.clientId, token)).headers.location).toBe(`/permissionsNone?appId=${app.appId}`);
    expect(await ok('/apps/user-grants/add', { id: app.id, userIdSet: ['emp0050', 'emp0051'] })).toEqual({ added: 2 });
    expect(await myApps(token)).toContain(app.appId);
    expect((await ok('/apps/user-grants/list', { id: app.id, pageNum: 1, pageSize: 10 })).datas.map((u: { userId: string }) => u.userId).sort()).toEqual(['emp0050', 'emp0051']);
    expect(await ok('/apps/user-grants/remove', { id: app.id, userIdSet: ['emp0050'] })).toEqual({ removed: 1 });
    expect(await myApps(token)).not.toContain(app.appId);
    expect((await post('/apps/user-grants/add', { id: app.id, userIdSet: ['ghost'] })).json().code).toBe('E20301');
    const [revoked] = await audits('ADMIN_APP_USERS_REVOKE', `app:${app.appId}`);
    expect(JSON.parse(revoked.changes!)).toEqual({ before: { granted: ['emp0050'] }, after: { granted: [] } });
  });

  it('grants a group: its members see the app, launch it and sign in for it, until the grant is revoked', async () => {
    const app = await newApp();
    const groupId = await newGroup(['emp0060']);
    const member = await signIn(client, 'emp0060');
    const outsider = await signIn(client, 'emp0061');
    expect(await myApps(member)).not.toContain(app.appId);
    const before = (await client.get('/personal/v1/today/num', { token: member })).json().data.appCount;

    expect(await ok('/apps/group-grants/add', { id: app.id, groupIdSet: [groupId] })).toEqual({ added: 1 });
    expect(await myApps(member)).toContain(app.appId);
    expect(await myApps(outsider)).not.toContain(app.appId);
    expect((await client.get('/personal/v1/today/num', { token: member })).json().data.appCount).toBe(before + 1);
    const launched = await launch(app.clientId, member);
    expect(launched.statusCode).toBe(302);
    expect(launched.headers.location).toMatch(new RegExp(`^https://${app.appId}\\.example\\.com/sso\\?code=[\\w-]{32}$`));
    expect((await client.post('/auth/v1/apply-token', { clientId: app.clientId }, { token: member })).json().code).toBe('D00000');
    expect((await passwordLogin(client, 'emp0060', undefined, { appId: app.appId })).json().code).toBe('D00000');
    expect((await launch(app.clientId, outsider)).headers.location).toBe(`/permissionsNone?appId=${app.appId}`);
    const listed = await ok('/apps/group-grants/list', { id: app.id, pageNum: 1, pageSize: 10 });
    expect(listed.datas).toEqual([expect.objectContaining({ groupId, groupType: 1, memberNumber: 1 })]);

    expect(await ok('/apps/group-grants/remove', { id: app.id, groupIdSet: [groupId] })).toEqual({ removed: 1 });
    expect(await myApps(member)).not.toContain(app.appId);
    expect((await launch(app.clientId, member)).headers.location).toBe(`/permissionsNone?appId=${app.appId}`);
    expect((await client.post('/auth/v1/apply-token', { clientId: app.clientId }, { token: member })).json().code).toBe('E30065');
    expect((await passwordLogin(client, 'emp0060', undefined, { appId: app.appId })).json().code).toBe('E30065');

    expect((await post('/apps/group-grants/add', { id: app.id, groupIdSet: [groupId, 987_654] })).json()).toMatchObject({ code: 'E40206', message: '用户组不存在：987654' });
    const [granted] = await audits('ADMIN_APP_GROUPS_GRANT', `app:${app.appId}`);
    expect(JSON.parse(granted.changes!)).toMatchObject({ before: { granted: [] }, after: { granted: [expect.stringMatching(/^GS-H3-/)] } });
  });

  it('rotates the client secret: shown once, stored hashed, the old one valid only through the overlap window', async () => {
    const app = await newApp();
    const verify = (ref: number | string, secret: string) => client.app.services.admin.apps.verifyClientSecret(ref, secret);
    const first = await ok('/apps/secret/rotate', { id: app.id });
    expect(first).toEqual({ clientId: app.clientId, clientSecret: expect.stringMatching(/^[\w-]{43}$/), previousValidUntil: null });
    expect(await verify(app.clientId, first.clientSecret)).toBe(true);
    expect(await verify(app.id, first.clientSecret)).toBe(true);
    expect(await verify(app.clientId, `${first.clientSecret}x`)).toBe(false);
    expect(await verify('no-such-client', first.clientSecret)).toBe(false);

    const second = await ok('/apps/secret/rotate', { id: app.id });
    expect(second.clientSecret).not.toBe(first.clientSecret);
    expect(Date.parse(second.previousValidUntil) - client.clock.now()).toBeGreaterThan(23 * HOUR);
    expect(await verify(app.clientId, second.clientSecret)).toBe(true);
    expect(await verify(app.clientId, first.clientSecret)).toBe(true);
    expect(await ok('/apps/get', { id: app.id })).toMatchObject({ clientSecretSet: true, previousSecretValidUntil: second.previousValidUntil });

    // Past the window, then back, so the other tests' sessions stay within their lifetime.
    client.clock.advance(24 * HOUR + 1000);
    try {
      expect(await verify(app.clientId, first.clientSecret)).toBe(false);
      expect(await verify(app.clientId, second.clientSecret)).toBe(true);
    } finally {
      client.clock.advance(-(24 * HOUR + 1000));
    }

    const stored = await client.app.store.db.selectFrom('apps').select(['client_secret_hash', 'client_secret_prev_hash']).where('id', '=', app.id).executeTakeFirstOrThrow();
    expect([stored.client_secret_hash, stored.client_secret_prev_hash]).not.toContain(second.clientSecret);
    const log = JSON.stringify(await client.app.store.db.selectFrom('operation_log').selectAll().execute());
    for (const secret of [first.clientSecret, second.clientSecret, stored.client_secret_hash!]) expect(log).not.toContain(secret);
    const rotations = await audits('ADMIN_APP_SECRET_ROTATE', `app:${app.appId}`);
    expect(rotations.map((r) => JSON.parse(r.changes!).after.previousValidUntil)).toEqual([null, second.previousValidUntil]);
  });

  it('refuses actions on an application that does not exist', async () => {
    for (const [path, body] of [
      ['/apps/get', { id: 999_999 }], ['/apps/enable', { id: 999_999 }], ['/apps/roles/list', { id: 999_999 }], ['/apps/secret/rotate', { id: 999_999 }],
      ['/apps/user-grants/add', { id: 999_999, userIdSet: ['lisi'] }], ['/apps/role-groups/add', { appRef: 999_999, name: 'x' }],
    ] as const) {
      const res = await post(path, body);
      expect({ path, status: res.statusCode, code: res.json().code }).toEqual({ path, status: 404, code: 'E00404' });
    }
  });
});
