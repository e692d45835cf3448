import { dutyOfRole } from '../../contract/duties.js';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Store } from '../platform/db/connect.js';
import type { Database, LoginHistoryTable, OperationLogTable, UsersTable } from '../platform/db/schema.js';
import { DAY, HOUR, MINUTE } from '../platform/lib/clock.js';
import { LOGIN_PAGE_KEY, LOGIN_TYPES_KEY } from '../policies/loginPageStore.js';
import { defaultHomeContent, defaultLoginTypes, defaultLoginPage } from '../policies/defaultConfig.js';
import { HOME_CONTENT_KEY } from '../audit/personalLogs.js';
import { seedDemoNotices } from './seedNotices.js';
import { APPS, COMPANY, DEMO_PASSWORD, DEPARTMENTS, GIVEN, GRANTS, NAMED_USERS, POSITIONS, SURNAMES, appIcon } from './data.js';
import { CODE } from '../../contract/codes.js';
import { seedDemoScimToken } from './seedScimToken.js';
import { ApplyStatus, GroupType } from '../../contract/enums.js';
import { seedDemoDepartments } from './seedDepartments.js';
import { seedDemoOidcClient } from './seedOidc.js';
import { seedDemoCasService } from './seedCas.js';
import { seedDemoSamlSps } from './seedSaml.js';

const MARKER = 'seed.demo';
const GENERATED = 200;

/** Deterministic generator, so every fresh demo looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function insertChunks<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[], size = 300): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await db.insertInto(table).values(rows.slice(i, i + size) as any).execute();
  }
}

/** Seeds the demo organisation once (idempotent: a marker row records that it ran). */
export async function seedDemo(store: Store, now: number, hashPassword: (pw: string) => Promise<string>): Promise<void> {
  await seedDemoNotices(store.db, now);
  const existing = await store.db.selectFrom('config').select('key').where('key', '=', MARKER).executeTakeFirst();
  if (existing) return;
  // One hash for all demo accounts: they share the published demo password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await store.db.transaction().execute(async (db) => {
    const claimed = await db.insertInto('config').values({ key: MARKER, value: JSON.stringify({ at: now }) })
      .onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return;
    await db.insertInto('config').values([
      { key: LOGIN_PAGE_KEY, value: JSON.stringify(defaultLoginPage) },
      { key: LOGIN_TYPES_KEY, value: JSON.stringify(defaultLoginTypes) },
      { key: HOME_CONTENT_KEY, value: JSON.stringify(defaultHomeContent) },
    ]).onConflict((oc) => oc.column('key').doNothing()).execute();

    const roleIds: Record<string, number> = {};
    for (const [code, name] of [['SYS_ADMIN', '系统管理员'], ['SEC_ADMIN', '安全管理员'], ['AUDIT_ADMIN', '审计管理员'], ['DEPT_ADMIN', '部门管理员'], ['EMPLOYEE', '普通员工']] as const) {
      const row = await db.insertInto('portal_roles').values({ code, name }).returning('id').executeTakeFirstOrThrow();
      roleIds[code] = row.id;
    }

    const random = rng(2026);
    const baseUser = (account: string, name: string, type: string): Insertable<UsersTable> => ({
      user_id: account, user_name: name, user_type: type, phone_disabled: 0, enabled: 1, activated: 1,
      password_hash: passwordHash, password_level: 'strong', password_changed_at: now - 30 * DAY,
      password_expire_at: now + 60 * DAY, must_change_password: 0, second_auth_required: 0,
      senior_leader: 0, company_name: COMPANY, created_at: now - 400 * DAY, updated_at: now,
    });

    const ids: Record<string, number> = {};
    for (const u of NAMED_USERS) {
      const row = await db.insertInto('users').values({
        ...baseUser(u.account, u.name, u.type),
        mobile_no: u.mobile ?? null, email: u.email ?? null, dept_name: u.dept, position_name: u.position ?? null,
        second_auth_required: u.secondAuth ? 1 : 0, senior_leader: u.seniorLeader ? 1 : 0,
        password_expire_at: u.passwordDays === undefined ? now + 60 * DAY : now + u.passwordDays * DAY,
        mail_local_address: u.type === 'PUBLIC_MAIL' ? u.email ?? null : null,
        user_expire_date: u.type === 'PUBLIC_MAIL' ? now + 365 * DAY : u.type === 'TEMP' ? now + 90 * DAY : null,
      }).returning('id').executeTakeFirstOrThrow();
      ids[u.account] = row.id;
    }
    for (const u of NAMED_USERS) {
      const patch: Updateable<UsersTable> = {};
      if (u.manager) patch.manager_user_ref = ids[u.manager];
      if (u.mailboxManager) patch.mailbox_manager_ref = ids[u.mailboxManager];
      if (Object.keys(patch).length) await db.updateTable('users').set(patch).where('id', '=', ids[u.account]).execute();
      for (const code of u.roles ?? ['EMPLOYEE']) {
        await db.insertInto('user_portal_roles').values({ user_ref: ids[u.account], role_ref: roleIds[code], admin_slot: dutyOfRole(code) ? 1 : null }).execute();
      }
    }

    const generated: Insertable<UsersTable>[] = [];
    for (let i = 1; i <= GENERATED; i++) {
      const name = SURNAMES[Math.floor(random() * SURNAMES.length)] + GIVEN[Math.floor(random() * GIVEN.length)];
      const account = `emp${String(i).padStart(4, '0')}`;
      generated.push({
        ...baseUser(account, name, i % 25 === 0 ? 'TEMP' : 'STAFF'),
        mobile_no: `139${String(10000000 + i).slice(-8)}`,
        email: `${account}@corp.example.com`,
        dept_name: DEPARTMENTS[i % DEPARTMENTS.length],
        position_name: POSITIONS[Math.floor(random() * POSITIONS.length)],
        manager_user_ref: ids.zhangsan,
      });
    }
    await insertChunks(db, 'users', generated);
    const genRows = await db.selectFrom('users').select(['id', 'user_id']).where('user_id', 'like', 'emp%').orderBy('id').execute();
    await insertChunks(db, 'user_portal_roles', genRows.map((r) => ({ user_ref: r.id, role_ref: roleIds.EMPLOYEE })));
    await seedDemoDepartments(db, now);
    for (const u of NAMED_USERS.filter((named) => named.administers)) {
      const dept = await db.selectFrom('departments').select('id').where('name', '=', u.administers!).executeTakeFirstOrThrow();
      await db.updateTable('user_portal_roles').set({ dept_ref: dept.id }).where('user_ref', '=', ids[u.account]).where('admin_slot', '=', 1).execute();
    }

    const appRefs: Record<string, number> = {};
    const appRoles: Record<string, { id: number; name: string }[]> = {};
    for (const [order, a] of APPS.entries()) {
      const app = await db.insertInto('apps').values({
        app_id: a.appId, app_name: a.name, icon: appIcon(a.name.slice(0, 1), a.color), client_id: `${a.appId}-client`,
        idp_sso_url: `https://${a.appId}.apps.example.com/sso/login`,
        login_types: JSON.stringify(a.loginTypes ?? ['ACCOUNT', 'MSG_CODE', 'PA_ACCOUNT', 'LDAP']),
        second_auth_required: a.secondAuth ? 1 : 0, perm_system: a.roles.length ? 1 : 0, enabled: 1, sort_order: order, created_at: now - 500 * DAY,
      }).returning('id').executeTakeFirstOrThrow();
      appRefs[a.appId] = app.id;
      appRoles[a.appId] = [];
      if (a.roles.length) {
        const group = await db.insertInto('perm_groups').values({ app_ref: app.id, name: `${a.name}权限组` }).returning('id').executeTakeFirstOrThrow();
        for (const code of a.roles) {
          const role = await db.insertInto('app_roles').values({ group_ref: group.id, code, name: code }).returning('id').executeTakeFirstOrThrow();
          appRoles[a.appId].push({ id: role.id, name: code });
        }
      }
      for (const approver of a.approvers) await db.insertInto('app_approvers').values({ app_ref: app.id, user_ref: ids[approver] }).execute();
    }

    const grant = async (userRef: number, appId: string, roleCount = 1) => {
      await db.insertInto('user_apps').values({ user_ref: userRef, app_ref: appRefs[appId], granted_at: now - 100 * DAY }).execute();
      const roles = appRoles[appId].slice(0, roleCount);
      if (roles.length) await db.insertInto('user_roles').values(roles.map((r) => ({ user_ref: userRef, role_ref: r.id, granted_at: now - 100 * DAY }))).execute();
    };
    for (const [account, apps] of Object.entries(GRANTS)) {
      for (const appId of apps) await grant(ids[account], appId, account === 'lisi' && appId === 'wiki' ? 2 : 1);
    }
    for (const r of genRows) {
      for (const appId of ['mail', 'oa', 'wiki']) await db.insertInto('user_apps').values({ user_ref: r.id, app_ref: appRefs[appId], granted_at: now - 200 * DAY }).execute();
    }

    const request = (app: string, roleIdx: number[], reason: string, status: ApplyStatus, daysAgo: number, suggestion: string | null) => ({
      apply_user_ref: ids.lisi, app_ref: appRefs[app],
      role_ids: JSON.stringify(roleIdx.map((i) => appRoles[app][i].id)), role_names: roleIdx.map((i) => appRoles[app][i].name).join(','),
      apply_reason: reason, status, apply_date: now - daysAgo * DAY,
      approval_user_ref: status === ApplyStatus.PENDING ? null : ids.zhangsan, approval_suggestion: suggestion,
      approval_date: status === ApplyStatus.PENDING ? null : now - daysAgo * DAY + 3 * HOUR,
    });
    await db.insertInto('apply_requests').values([
      request('crm', [0], '负责华东区客户跟进，需要录入商机', ApplyStatus.PENDING, 1, null),
      request('wiki', [1], '维护市场部知识库文档', ApplyStatus.PASSED, 20, '同意'),
      request('erp', [2], '查看市场费用预算', ApplyStatus.REJECTED, 12, '请通过费用报销系统查看，不开通财务系统'),
    ]).execute();

    const groups = [
      { group_code: 'ML-RD-ALL', group_name: '研发中心全员邮件组', group_type: GroupType.MAIL, email: 'rd-all@corp.example.com', manager: 'zhangsan' },
      { group_code: 'GS-FIN-SYS', group_name: '财务系统安全组', group_type: GroupType.SECURITY, email: null, manager: 'zhangsan' },
      { group_code: 'ML-MKT', group_name: '市场部邮件组', group_type: GroupType.MAIL, email: 'marketing@corp.example.com', manager: 'admin' },
      { group_code: 'GS-VPN', group_name: 'VPN 访问安全组', group_type: GroupType.SECURITY, email: null, manager: 'admin' },
    ];
    for (const [gi, g] of groups.entries()) {
      const row = await db.insertInto('mail_groups').values({ group_code: g.group_code, group_name: g.group_name, group_type: g.group_type, email: g.email, manager_user_ref: ids[g.manager], created_at: now - 300 * DAY }).returning('id').executeTakeFirstOrThrow();
      const members = genRows.filter((_, i) => i % groups.length === gi).slice(0, 12);
      await insertChunks(db, 'group_members', members.map((m) => ({ group_ref: row.id, user_ref: m.id, added_at: now - 100 * DAY })));
      await db.insertInto('group_members').values({ group_ref: row.id, user_ref: ids.lisi, added_at: now - 50 * DAY }).execute();
    }

    await seedDemoScimToken(db, now, ids.admin);
    await seedDemoOidcClient(db, now, ids);
    await seedDemoCasService(db, now, ids);
    await seedDemoSamlSps(db, now, ids);
    await db.insertInto('social_bindings').values([
      { user_ref: ids.lisi, source: 'WECHAT_WORK', social_id: 'ww-lisi-5a1f', created_at: now - 90 * DAY },
      { user_ref: ids.lisi, source: 'DINGTALK', social_id: 'dt-88213', created_at: now - 45 * DAY },
    ]).execute();

    await insertChunks(db, 'login_history', history(ids, appRefs, now, random));
    await insertChunks(db, 'operation_log', operations(ids, now, random));
  });
}

/** 60 days of sign-ins and application launches for the named users. */
function history(ids: Record<string, number>, appRefs: Record<string, number>, now: number, random: () => number): Insertable<LoginHistoryTable>[] {
  const rows: Insertable<LoginHistoryTable>[] = [];
  const names = Object.fromEntries(APPS.map((a) => [a.appId, a.name]));
  for (const [account, apps] of Object.entries(GRANTS)) {
    for (let day = 60; day >= 1; day--) {
      if (random() < 0.25) continue;
      const at = now - day * DAY + 9 * HOUR + Math.floor(random() * 60) * MINUTE;
      const device = { ip: `10.8.${day % 20}.${10 + (day % 200)}`, device_id: `demo-${account}-pc`, device_name: day % 7 === 0 ? 'Edge' : 'Chrome' };
      if (random() < 0.08) rows.push({ user_ref: ids[account], account, opt_type: 'ACCOUNT', app_ref: null, app_name: null, is_success: 0, login_msg: CODE.accountOrPasswordWrong, created_at: at - 2 * MINUTE, ...device });
      rows.push({ user_ref: ids[account], account, opt_type: 'ACCOUNT', app_ref: null, app_name: null, is_success: 1, login_msg: CODE.ok, created_at: at, ...device });
      for (let k = 0; k < 1 + Math.floor(random() * 3); k++) {
        const appId = apps[Math.floor(random() * apps.length)];
        rows.push({ user_ref: ids[account], account, opt_type: 'SSO', app_ref: appRefs[appId], app_name: names[appId], is_success: 1, login_msg: CODE.ok, created_at: at + (k + 1) * 7 * MINUTE, ...device });
      }
    }
  }
  return rows;
}

function operations(ids: Record<string, number>, now: number, random: () => number): Insertable<OperationLogTable>[] {
  const scenes = ['LOGIN', 'LOGOUT', 'VIEW_INFO', 'CHANGE_PASSWORD', 'APPLY_PERMISSION'];
  const rows: Insertable<OperationLogTable>[] = [];
  for (const account of Object.keys(GRANTS)) {
    for (let day = 60; day >= 1; day -= 2) {
      const scene = scenes[Math.floor(random() * scenes.length)];
      rows.push({ user_ref: ids[account], scene_code: scene, detail: null, ip: `10.8.${day % 20}.${10 + day}`, ip_region: '内网', created_at: now - day * DAY + 10 * HOUR });
    }
  }
  return rows;
}
