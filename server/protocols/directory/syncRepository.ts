import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Lookups per query: well under either store's bound-parameter limit. */
const CHUNK = 1000;

/** A person as the sync compares them: the fields the directory owns, and what links them to it. */
export interface PortalPerson {
  id: number;
  key: string | null;
  account: string;
  userName: string;
  email: string | null;
  mobileNo: string | null;
  deptRef: number | null;
  enabled: boolean;
  gone: boolean;
  dn: string | null;
}

export interface PortalGroup {
  id: number;
  key: string;
  name: string;
  code: string;
}

/** A new person from the directory: no password (they sign in against the directory, or set one by the forgotten-password flow). */
export interface NewDirectoryPerson {
  key: string;
  dn: string;
  account: string;
  userName: string;
  email: string | null;
  mobileNo: string | null;
  deptRef: number;
  companyName: string | null;
  deptName: string | null;
  enabled: boolean;
  createdAt: number;
}

export interface SyncRunRow {
  id: string;
  trigger: string;
  dryRun: boolean;
  mode: string;
  status: string;
  actorRef: number | null;
  startedAt: number;
  finishedAt: number | null;
  errorCode: string | null;
  counts: string;
  report: string;
}

const PERSON_COLUMNS = ['id', 'directory_key as key', 'user_id as account', 'user_name as userName', 'email', 'mobile_no as mobileNo', 'dept_ref as deptRef', 'enabled', 'directory_gone as gone', 'ldap_dn as dn'] as const;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const toPerson = (r: { id: number; key: string | null; account: string; userName: string; email: string | null; mobileNo: string | null; deptRef: number | null; enabled: number; gone: number; dn: string | null }): PortalPerson =>
  ({ ...r, enabled: r.enabled === 1, gone: r.gone === 1 });

/** The directory sync's queries: what the portal holds of the directory, its writes, its runs and its lease. */
export function directorySyncRepo(db: Kysely<Database>) {
  return {
    async syncedPeople(): Promise<PortalPerson[]> {
      return (await db.selectFrom('users').select(PERSON_COLUMNS).where('directory_key', 'is not', null).execute()).map(toPerson);
    },
    /** Portal accounts not (yet) from the directory with these account names or DNs: link candidates and conflicts. */
    async unsyncedByAccountOrDn(accounts: string[], dns: string[]): Promise<PortalPerson[]> {
      const out: PortalPerson[] = [];
      for (const part of chunks(accounts)) {
        out.push(...(await db.selectFrom('users').select(PERSON_COLUMNS).where('directory_key', 'is', null).where('user_id', 'in', part).execute()).map(toPerson));
      }
      for (const part of chunks(dns)) {
        out.push(...(await db.selectFrom('users').select(PERSON_COLUMNS).where('directory_key', 'is', null).where('ldap_dn', 'in', part).execute()).map(toPerson));
      }
      return out;
    },
    /** Accounts holding these numbers. */
    async mobileHolders(mobiles: string[]): Promise<Set<string>> {
      const out = new Set<string>();
      for (const part of chunks(mobiles)) {
        for (const r of await db.selectFrom('users').select('mobile_no').where('mobile_no', 'in', part).execute()) out.add(r.mobile_no!);
      }
      return out;
    },
    /** People linked to a directory DN (members named by DN whose entries an incremental run did not read). */
    async idsByDn(dns: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const part of chunks(dns)) {
        for (const r of await db.selectFrom('users').select(['id', 'ldap_dn']).where('ldap_dn', 'in', part).where('directory_key', 'is not', null).execute()) out.set(r.ldap_dn!, r.id);
      }
      return out;
    },
    async departmentKeys(): Promise<Map<string, { id: number; name: string; parentRef: number | null }>> {
      const rows = await db.selectFrom('departments').select(['id', 'directory_key', 'name', 'parent_ref']).where('directory_key', 'is not', null).execute();
      return new Map(rows.map((r) => [r.directory_key!, { id: r.id, name: r.name, parentRef: r.parent_ref }]));
    },
    async insertDepartment(node: { key: string; name: string; kind: string; parentRef: number | null; sortOrder: number; createdAt: number }): Promise<number> {
      return (await db.insertInto('departments')
        .values({ directory_key: node.key, name: node.name, kind: node.kind, parent_ref: node.parentRef, sort_order: node.sortOrder, created_at: node.createdAt })
        .returning('id').executeTakeFirstOrThrow()).id;
    },
    async updateDepartment(id: number, name: string, parentRef: number | null): Promise<void> {
      await db.updateTable('departments').set({ name, parent_ref: parentRef }).where('id', '=', id).execute();
    },
    async syncedGroups(): Promise<PortalGroup[]> {
      return db.selectFrom('mail_groups').select(['id', 'directory_key as key', 'group_name as name', 'group_code as code'])
        .where('directory_key', 'is not', null).execute() as Promise<PortalGroup[]>;
    },
    async groupCodesTaken(codes: string[]): Promise<Set<string>> {
      const out = new Set<string>();
      for (const part of chunks(codes)) for (const r of await db.selectFrom('mail_groups').select('group_code').where('group_code', 'in', part).execute()) out.add(r.group_code);
      return out;
    },
    /** Each group's members with the DN that links them to the directory (null: added in the portal). */
    async membersOf(groupRefs: number[]): Promise<Map<number, { userRef: number; dn: string | null }[]>> {
      const out = new Map<number, { userRef: number; dn: string | null }[]>(groupRefs.map((g) => [g, []]));
      for (const part of chunks(groupRefs)) {
        const rows = await db.selectFrom('group_members').innerJoin('users', 'users.id', 'group_members.user_ref')
          .select(['group_members.group_ref', 'group_members.user_ref', 'users.ldap_dn']).where('group_members.group_ref', 'in', part).execute();
        for (const r of rows) out.get(r.group_ref)!.push({ userRef: r.user_ref, dn: r.ldap_dn });
      }
      return out;
    },
    /** New people of one batch; an account name or number someone took meanwhile is skipped by the unique indexes: the ids of those inserted, by key. */
    async insertPeople(people: NewDirectoryPerson[]): Promise<Map<string, number>> {
      if (!people.length) return new Map();
      const rows = await db.insertInto('users').values(people.map((p) => ({
        user_id: p.account, user_name: p.userName, user_type: 'STAFF', mobile_no: p.mobileNo, phone_disabled: 0, email: p.email, mail_local_address: null,
        description: null, avatar: null, enabled: p.enabled ? 1 : 0, activated: 1, user_expire_date: null, password_hash: null, password_changed_at: null,
        password_expire_at: null, password_level: null, must_change_password: 0, second_auth_required: 0, ldap_dn: p.dn, company_name: p.companyName,
        dept_name: p.deptName, position_name: null, manager_user_ref: null, senior_leader: 0, mailbox_manager_ref: null, klpa_result_desc: null,
        dept_ref: p.deptRef, external_id: null, given_name: null, family_name: null, created_at: p.createdAt, updated_at: p.createdAt, directory_key: p.key,
      }))).onConflict((oc) => oc.doNothing()).returning(['id', 'directory_key']).execute();
      return new Map(rows.map((r) => [r.directory_key!, r.id]));
    },
    /** The directory-owned fields of a person (and the link, when a local account is linked). */
    async updatePerson(id: number, set: { key?: string; dn?: string; account?: string; userName?: string; email?: string | null; mobileNo?: string; deptRef?: number; companyName?: string | null; deptName?: string | null; enabled?: boolean; gone?: boolean }, now: number): Promise<void> {
      await db.updateTable('users').set({
        updated_at: now,
        ...(set.key !== undefined && { directory_key: set.key }),
        ...(set.dn !== undefined && { ldap_dn: set.dn }),
        ...(set.account !== undefined && { user_id: set.account }),
        ...(set.userName !== undefined && { user_name: set.userName }),
        ...(set.email !== undefined && { email: set.email }),
        ...(set.mobileNo !== undefined && { mobile_no: set.mobileNo }),
        ...(set.deptRef !== undefined && { dept_ref: set.deptRef, company_name: set.companyName ?? null, dept_name: set.deptName ?? null }),
        ...(set.enabled !== undefined && { enabled: set.enabled ? 1 : 0 }),
        ...(set.gone !== undefined && { directory_gone: set.gone ? 1 : 0 }),
      }).where('id', '=', id).execute();
    },
    async endSessions(userRef: number): Promise<void> {
      await db.deleteFrom('sessions').where('user_ref', '=', userRef).execute();
    },
    async insertGroup(group: { key: string; name: string; code: string; managerRef: number; createdAt: number }): Promise<number> {
      return (await db.insertInto('mail_groups')
        .values({ directory_key: group.key, group_name: group.name, group_code: group.code, group_type: 1, email: null, manager_user_ref: group.managerRef, created_at: group.createdAt, external_id: null })
        .returning('id').executeTakeFirstOrThrow()).id;
    },
    async renameGroup(id: number, name: string): Promise<void> {
      await db.updateTable('mail_groups').set({ group_name: name }).where('id', '=', id).execute();
    },
    async addMembers(groupRef: number, userRefs: number[], now: number): Promise<void> {
      for (const part of chunks(userRefs)) {
        await db.insertInto('group_members').values(part.map((u) => ({ group_ref: groupRef, user_ref: u, added_at: now })))
          .onConflict((oc) => oc.columns(['group_ref', 'user_ref']).doNothing()).execute();
      }
    },
    async removeMembers(groupRef: number, userRefs: number[]): Promise<void> {
      for (const part of chunks(userRefs)) await db.deleteFrom('group_members').where('group_ref', '=', groupRef).where('user_ref', 'in', part).execute();
    },
    /** Whom a run no administrator started is recorded as: the longest-standing administrator, if any. */
    async oldestAdministrator(): Promise<number | undefined> {
      const row = await db.selectFrom('users').innerJoin('user_portal_roles', 'user_portal_roles.user_ref', 'users.id')
        .innerJoin('portal_roles', 'portal_roles.id', 'user_portal_roles.role_ref')
        .select('users.id').where('portal_roles.code', '=', 'SYS_ADMIN').where('users.enabled', '=', 1).orderBy('users.id').limit(1).executeTakeFirst();
      return row?.id;
    },

    /**
     * Takes the lease for `holder` until `until` when it is free (expired) or already theirs: one
     * UPDATE, so of instances racing exactly one gets it.
     */
    async takeLease(holder: string, now: number, until: number): Promise<boolean> {
      const result = await db.updateTable('directory_sync_lease').set({ holder, until })
        .where('id', '=', 1).where((eb) => eb.or([eb('until', '<', now), eb('holder', '=', holder)])).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async releaseLease(holder: string): Promise<void> {
      await db.updateTable('directory_sync_lease').set({ holder: null, until: 0 }).where('id', '=', 1).where('holder', '=', holder).execute();
    },
    async leaseHeld(now: number): Promise<boolean> {
      return !!(await db.selectFrom('directory_sync_lease').select('id').where('id', '=', 1).where('until', '>=', now).executeTakeFirst());
    },

    async insertRun(run: SyncRunRow): Promise<void> {
      await db.insertInto('directory_sync_runs').values({
        id: run.id, trigger: run.trigger, dry_run: run.dryRun ? 1 : 0, mode: run.mode, status: run.status, actor_ref: run.actorRef,
        started_at: run.startedAt, finished_at: run.finishedAt, error_code: run.errorCode, counts: run.counts, report: run.report,
      }).execute();
    },
    async finishRun(id: string, fields: { status: string; finishedAt: number; errorCode: string | null; counts: string; report: string }): Promise<void> {
      await db.updateTable('directory_sync_runs').set({ status: fields.status, finished_at: fields.finishedAt, error_code: fields.errorCode, counts: fields.counts, report: fields.report })
        .where('id', '=', id).execute();
    },
    async setRunMode(id: string, mode: string): Promise<void> {
      await db.updateTable('directory_sync_runs').set({ mode }).where('id', '=', id).execute();
    },
    async runs(pageNum: number, pageSize: number): Promise<{ rows: SyncRunRow[]; total: number }> {
      const total = Number((await db.selectFrom('directory_sync_runs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await db.selectFrom('directory_sync_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc')
        .limit(pageSize).offset((pageNum - 1) * pageSize).execute();
      return { rows: rows.map(toRun), total };
    },
    async run(id: string): Promise<SyncRunRow | undefined> {
      const row = await db.selectFrom('directory_sync_runs').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRun(row) : undefined;
    },
    async lastRun(): Promise<SyncRunRow | undefined> {
      const row = await db.selectFrom('directory_sync_runs').selectAll().orderBy('started_at', 'desc').limit(1).executeTakeFirst();
      return row ? toRun(row) : undefined;
    },
    /** When the last full pass that changed the portal succeeded (incremental runs start from its mark). */
    async lastFullSuccess(): Promise<number | undefined> {
      const row = await db.selectFrom('directory_sync_runs').select('finished_at').where('mode', '=', 'full').where('dry_run', '=', 0)
        .where('status', '=', 'succeeded').orderBy('started_at', 'desc').limit(1).executeTakeFirst();
      return row?.finished_at ?? undefined;
    },
  };
}

function toRun(r: Database['directory_sync_runs'] extends infer T ? { [K in keyof T]: T[K] } : never): SyncRunRow {
  return {
    id: r.id, trigger: r.trigger, dryRun: r.dry_run === 1, mode: r.mode, status: r.status, actorRef: r.actor_ref, startedAt: Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at), errorCode: r.error_code, counts: r.counts, report: r.report,
  };
}

export type DirectorySyncRepo = ReturnType<typeof directorySyncRepo>;
