import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { reaches, type PeopleScope } from '../../administrators/scope.js';
import { CODE } from '../../../contract/codes.js';
import { GroupType } from '../../../contract/enums.js';
import { LIMITS } from '../../../contract/rules.js';
import { INT32_MAX } from '../../../contract/schemas/common.js';
import { AppError, notFound } from '../../platform/lib/errors.js';
import { randomId } from '../../platform/lib/crypto.js';
import { parseFilter } from './filter.js';
import { canonicalDocument, canonicalKeys, groupInput, patchInput, type GroupInput, type ListQuery } from './input.js';
import { applyPatch } from './patch.js';
import type { ScimGroupRow, ScimRepo } from './repository.js';
import { groupTypeName, groupVersion, project, toScimGroup, type Links, type ScimDocument } from './resources.js';
import { GROUP_SHAPE, SCHEMA } from './schema.js';
import { toSql, withSchemaNames, type ColumnMap } from './sqlFilter.js';
import { peopleByAccounts } from '../../groups/adminPeople.js';
import type { Repos } from '../../composition/repositories.js';
import type { AdminGroupsService } from '../../groups/adminService.js';
import type { ServiceContext } from '../../composition/context.js';
import { actingUser, checkVersion, listResponse, preconditionOf, resourceId, withoutReadOnly, type ScimCall, type ScimDeps, type ScimTx } from './shared.js';

const GROUP_INPUT = groupInput();
const PATCHED_GROUP = groupInput(INT32_MAX);
const READ_ONLY = ['id', 'meta'];
const PORTAL = SCHEMA.portalGroup.toLowerCase();

/** What a Group filter may name, and where each is stored. */
const FILTERABLE: ColumnMap = withSchemaNames(SCHEMA.group, {
  id: { kind: 'id', column: 'mail_groups.id' },
  displayname: { kind: 'text', column: 'mail_groups.group_name' },
  externalid: { kind: 'text', column: 'mail_groups.external_id', caseExact: true },
  members: { kind: 'exists', table: 'group_members', key: 'group_ref', owner: 'mail_groups.id', value: 'user_ref' },
  'members.value': { kind: 'exists', table: 'group_members', key: 'group_ref', owner: 'mail_groups.id', value: 'user_ref' },
  'meta.created': { kind: 'time', column: 'mail_groups.created_at' },
  [`${PORTAL}:groupcode`]: { kind: 'text', column: 'mail_groups.group_code', caseExact: true },
  [`${PORTAL}:email`]: { kind: 'text', column: 'mail_groups.email' },
});

/** A list's filter confined to the groups whose manager is placed in the token's subtree. */
function withinGroups(where: RawBuilder<SqlBool> | null, scope: PeopleScope): RawBuilder<SqlBool> | null {
  if (scope.kind === 'all') return where;
  const inside = scope.deptRefs.length
    ? sql<SqlBool>`mail_groups.manager_user_ref in (select u.id from users u where u.dept_ref in (${sql.join(scope.deptRefs)}))`
    : sql<SqlBool>`1 = 0`;
  return where ? sql<SqlBool>`(${where}) and ${inside}` : inside;
}

/** Whether an answer shows members (RFC 7644 §3.4.2.5): identity providers leave them out of lists of large groups. */
function wantsMembers(attributes?: string, excluded?: string): boolean {
  const named = (list?: string) => !!list && list.split(',').some((n) => /^(urn:ietf:params:scim:schemas:core:2\.0:group:)?members(\.|$)/i.test(n.trim()));
  return attributes ? named(attributes) : !named(excluded);
}

const memberIds = (input: GroupInput) => [...new Set((input.members ?? []).map((m) => m.value))];

/** In batches the workbench takes, each one transaction with its audit row. */
function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += LIMITS.membersPerBatchMax) out.push(items.slice(i, i + LIMITS.membersPerBatchMax));
  return out;
}

/**
 * Provisioning of the portal's security and mail groups: lists by filter, reads, and writes
 * through the workbench's groups service (codes, manager and member eligibility, audit).
 * Members are users, by id. A new group's code is made up unless the portal extension names one,
 * it is a security group unless it says MAIL, and the token's creator manages it unless it names
 * a manager. What is written is checked first, so a refused write leaves the group as it was.
 */
export function scimGroupsService(ctx: ServiceContext, deps: ScimDeps) {
  const repo = deps.store.repo;

  /** Groups as documents; `scim` the transaction of a write, whose reads must not wait for the pool (or SQLite's one connection). */
  async function render(rows: ScimGroupRow[], links: Links, withMembers: boolean, scim: ScimRepo = repo): Promise<ScimDocument[]> {
    const ids = rows.map((r) => r.id);
    const [members, stamps] = await Promise.all([withMembers ? scim.membersOf(ids) : Promise.resolve(null), scim.memberStamps(ids)]);
    return rows.map((r) => toScimGroup(r, links, { members: members?.get(r.id), memberStamp: stamps.get(r.id) ?? '0' }));
  }

  /** A group outside the token's subtree (its manager placed elsewhere) is as absent as an id nobody has. */
  async function found(rawId: string, scope: PeopleScope): Promise<ScimGroupRow> {
    const row = await repo.findGroup(resourceId(rawId));
    if (!row || !reaches(scope, row.managerDeptRef)) throw notFound();
    return row;
  }

  /**
   * A write's transaction, begun by taking the group's row: writes racing on one group, on one
   * instance or several, run one after the other, and the If-Match version is compared with the
   * group as the write finds it — so of writes racing with one ETag, the first to change the
   * group makes the others' version stale (412). Groups keep no version number of their own.
   */
  function writing<T>(rawId: string, scope: PeopleScope, ifMatch: string | undefined, work: (tx: ScimTx, row: ScimGroupRow) => Promise<T>): Promise<T> {
    const id = resourceId(rawId);
    const precondition = preconditionOf(ifMatch);
    return deps.store.write(async (tx) => {
      // No such group is no current version either (RFC 9110 §13.1.1): 412 when the client named one.
      if (!(await tx.scim.lockGroup(id))) throw precondition === null ? notFound() : new AppError(CODE.scimVersionMismatch);
      const row = await tx.scim.findGroup(id);
      if (!row || !reaches(scope, row.managerDeptRef)) throw notFound();
      if (precondition !== null) checkVersion(precondition, groupVersion(row, (await tx.scim.memberStamps([id])).get(id) ?? '0'));
      return work(tx, row);
    });
  }

  async function renderOne(id: number, links: Links): Promise<ScimDocument> {
    const row = await repo.findGroup(id);
    if (!row) throw notFound();
    return (await render([row], links, true))[0];
  }

  const parse = (body: unknown, schema = GROUP_INPUT): GroupInput => schema.parse(canonicalDocument(withoutReadOnly(body, READ_ONLY), GROUP_SHAPE));

  /** The accounts of user ids a client named; every id must be a user's (E40510). */
  async function accountsOf(ids: string[], scim: ScimRepo = repo): Promise<string[]> {
    const numeric = ids.filter((v) => /^\d{1,10}$/.test(v)).map(Number);
    const accounts = await scim.accountsOf(numeric);
    const unknown = ids.filter((v) => !/^\d{1,10}$/.test(v) || !accounts.has(Number(v)));
    if (unknown.length) throw new AppError(CODE.scimUnknownUsers, { ids: unknown.join(', ') });
    return numeric.map((n) => accounts.get(n)!);
  }

  async function setExternalId(call: ScimCall, row: ScimGroupRow, externalId: string | null, tx?: ScimTx): Promise<void> {
    const work = async (repos: Repos, scim: ScimRepo) => {
      if (!(await scim.setGroupExternalId(row.id, externalId))) throw notFound();
      await deps.audit.adminChange(call.actor.actorRef, 'SCIM_GROUP_UPDATE', `group:${row.groupCode}`, { before: { externalId: row.externalId }, after: { externalId } }, call.caller, repos);
    };
    await (tx ? work(tx.ctx.repos, tx.scim) : deps.store.transaction(work));
  }

  /**
   * Members join whatever their state: an identity provider keeps deactivated people in their
   * groups (and may add them there), so membership never waits on `active`. Shared mailboxes
   * are not people and still cannot join.
   */
  async function addMembers(call: ScimCall, groupRef: number, accounts: string[], groups: AdminGroupsService = deps.groups): Promise<void> {
    for (const batch of batches(accounts)) await groups.addMembers(actingUser(call.actor), groupRef, batch, call.caller, call.actor.scope, { anyState: true });
  }

  /**
   * Writes the difference between the group and what the client sent. Members are compared with
   * `base`: for a PATCH, the members its operations were applied to, so two PATCHes racing to add
   * different people both land; for a PUT, the members now (a replacement replaces).
   */
  async function write(tx: ScimTx, call: ScimCall, row: ScimGroupRow, input: GroupInput, mode: 'put' | 'patch', base?: Set<string>): Promise<void> {
    const ext = input[SCHEMA.portalGroup];
    if (ext?.groupCode && ext.groupCode !== row.groupCode) throw new AppError(CODE.scimMutability, { attribute: 'groupCode' });
    if (ext?.groupType && ext.groupType !== groupTypeName(row.groupType)) throw new AppError(CODE.scimMutability, { attribute: 'groupType' });
    const email = mode === 'put' && ext === undefined ? row.email : ext?.email || null;
    const managerRef = ext?.manager ? ext.manager.value : String(row.managerRef);
    const externalId = input.externalId ?? null;

    // Everything that can be refused is looked up before anything is written.
    const current = base ?? new Set(((await tx.scim.membersOf([row.id])).get(row.id) ?? []).map((m) => String(m.id)));
    const wanted = new Set(memberIds(input));
    const toAdd = await accountsOf([...wanted].filter((id) => !current.has(id)), tx.scim);
    if (toAdd.length) await peopleByAccounts(tx.ctx.repos, toAdd, 'anyState');
    const toRemove = await accountsOf([...current].filter((id) => !wanted.has(id)), tx.scim);
    const manager = managerRef === String(row.managerRef) ? null : (await accountsOf([managerRef], tx.scim))[0];
    if (manager) await peopleByAccounts(tx.ctx.repos, [manager], true);

    const acting = actingUser(call.actor);
    if (input.displayName !== row.groupName || email !== row.email) {
      await tx.groups.update(acting, {
        id: row.id, ...(input.displayName !== row.groupName ? { groupName: input.displayName } : {}), ...(email !== row.email ? { email } : {}),
      }, call.caller, call.actor.scope);
    }
    if (manager) await tx.groups.setManager(acting, row.id, manager, call.caller, call.actor.scope);
    if (externalId !== row.externalId) await setExternalId(call, row, externalId, tx);
    await addMembers(call, row.id, toAdd, tx.groups);
    for (const batch of batches(toRemove)) await tx.groups.removeMembers(acting, row.id, batch, call.caller, call.actor.scope);
  }

  return {
    async list(query: ListQuery, links: Links, scope: PeopleScope): Promise<ScimDocument> {
      const where = withinGroups(query.filter ? toSql(parseFilter(query.filter), FILTERABLE) : null, scope);
      const page = await repo.pageGroups(where, query.startIndex - 1, query.count);
      const docs = await render(page.rows, links, wantsMembers(query.attributes, query.excludedAttributes));
      return listResponse(docs.map((d) => project(d, SCHEMA.group, query.attributes, query.excludedAttributes)), page.total, query.startIndex);
    },

    async get(rawId: string, links: Links, scope: PeopleScope, attributes?: string, excluded?: string): Promise<ScimDocument> {
      const row = await found(rawId, scope);
      const [doc] = await render([row], links, wantsMembers(attributes, excluded));
      return project(doc, SCHEMA.group, attributes, excluded);
    },

    async create(call: ScimCall, body: unknown): Promise<ScimDocument> {
      const input = parse(body);
      const ext = input[SCHEMA.portalGroup];
      const members = await accountsOf(memberIds(input));
      if (members.length) await peopleByAccounts(ctx.repos, members, 'anyState');
      const manager = ext?.manager ? (await accountsOf([ext.manager.value]))[0] : call.actor.account;
      const { id } = await deps.groups.create(actingUser(call.actor), {
        groupCode: ext?.groupCode || `scim-${randomId(9)}`,
        groupName: input.displayName,
        groupType: ext?.groupType === 'MAIL' ? GroupType.MAIL : GroupType.SECURITY,
        email: ext?.email || null,
        managerUserId: manager,
      }, call.caller, call.actor.scope);
      if (input.externalId) {
        const row = await repo.findGroup(id);
        if (row) await setExternalId(call, row, input.externalId);
      }
      await addMembers(call, id, members);
      return renderOne(id, call.links);
    },

    async replace(call: ScimCall, rawId: string, body: unknown, ifMatch: string | undefined): Promise<ScimDocument> {
      const input = parse(body);
      const id = await writing(rawId, call.actor.scope, ifMatch, async (tx, row) => {
        await write(tx, call, row, input, 'put');
        return row.id;
      });
      return renderOne(id, call.links);
    },

    async patch(call: ScimCall, rawId: string, body: unknown, ifMatch: string | undefined): Promise<ScimDocument> {
      const { Operations } = patchInput.parse(canonicalKeys(body, ['schemas', 'Operations']));
      const id = await writing(rawId, call.actor.scope, ifMatch, async (tx, row) => {
        const [doc] = await render([row], call.links, true, tx.scim);
        const before = new Set(((doc.members ?? []) as { value: string }[]).map((m) => m.value));
        await write(tx, call, row, parse(applyPatch(doc, Operations, GROUP_SHAPE), PATCHED_GROUP), 'patch', before);
        return row.id;
      });
      return renderOne(id, call.links);
    },

    async delete(call: ScimCall, rawId: string, ifMatch: string | undefined): Promise<void> {
      await writing(rawId, call.actor.scope, ifMatch, (tx, row) => tx.groups.delete(actingUser(call.actor), row.id, call.caller, call.actor.scope));
    },
  };
}

export type ScimGroupsService = ReturnType<typeof scimGroupsService>;
