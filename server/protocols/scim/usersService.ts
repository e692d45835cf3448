import { CODE } from '../../../contract/codes.js';
import { USER_TYPES, type UserType } from '../../../contract/rules.js';
import { AppError, notFound } from '../../platform/lib/errors.js';
import { parseFilter } from './filter.js';
import { canonicalDocument, canonicalKeys, patchInput, userInput, type ListQuery, type UserInput } from './input.js';
import { applyPatch } from './patch.js';
import type { ScimRepo, ScimUserRow } from './repository.js';
import { project, toScimUser, type Links, type ScimDocument } from './resources.js';
import { SCHEMA, USER_SHAPE } from './schema.js';
import { toSql, withSchemaNames, type ColumnMap } from './sqlFilter.js';
import type { Repos } from '../../composition/repositories.js';
import type { CreateUserInput, UpdateUserPatch } from '../../organisation/usersAdminService.js';
import { indexTree, type TreeIndex } from '../../organisation/tree.js';
import type { ServiceContext } from '../../composition/context.js';
import { reaches, type PeopleScope } from '../../administrators/scope.js';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { listResponse, preconditionOf, resourceId, withoutReadOnly, type Precondition, type ScimCall, type ScimDeps, type ScimTx } from './shared.js';

const USER_INPUT = userInput(USER_SHAPE);
/** Sent back by clients with the rest of a user, never set by them. */
const READ_ONLY = ['id', 'meta', 'groups'];

/** What a User filter may name, and where each is stored. */
const FILTERABLE: ColumnMap = withSchemaNames(SCHEMA.user, {
  id: { kind: 'id', column: 'users.id' },
  username: { kind: 'text', column: 'users.user_id', lower: true },
  externalid: { kind: 'text', column: 'users.external_id', caseExact: true },
  displayname: { kind: 'text', column: 'users.user_name' },
  'name.formatted': { kind: 'text', column: 'users.user_name' },
  'name.familyname': { kind: 'text', column: 'users.family_name' },
  'name.givenname': { kind: 'text', column: 'users.given_name' },
  title: { kind: 'text', column: 'users.position_name' },
  usertype: { kind: 'text', column: 'users.user_type', upper: true },
  active: { kind: 'bool', column: 'users.enabled' },
  emails: { kind: 'text', column: 'users.email' },
  'emails.value': { kind: 'text', column: 'users.email' },
  'emails.type': { kind: 'const', value: 'work', present: 'users.email' },
  'emails.primary': { kind: 'const', value: true, present: 'users.email' },
  phonenumbers: { kind: 'text', column: 'users.mobile_no', caseExact: true },
  'phonenumbers.value': { kind: 'text', column: 'users.mobile_no', caseExact: true },
  'phonenumbers.type': { kind: 'const', value: 'mobile', present: 'users.mobile_no' },
  'phonenumbers.primary': { kind: 'const', value: true, present: 'users.mobile_no' },
  groups: { kind: 'exists', table: 'group_members', key: 'user_ref', owner: 'users.id', value: 'group_ref' },
  'groups.value': { kind: 'exists', table: 'group_members', key: 'user_ref', owner: 'users.id', value: 'group_ref' },
  'meta.created': { kind: 'time', column: 'users.created_at' },
  'meta.lastmodified': { kind: 'time', column: 'users.updated_at' },
  [`${SCHEMA.enterprise.toLowerCase()}:department`]: 'filtering by department is not offered',
});

type Email = NonNullable<UserInput['emails']>[number];
type Phone = NonNullable<UserInput['phoneNumbers']>[number];

/** The address kept: the primary one, else the work one, else the first. */
function pickEmail(emails: readonly Email[] | null | undefined): string | null {
  const list = emails ?? [];
  const chosen = list.find((e) => e.primary === true) ?? list.find((e) => e.type?.toLowerCase() === 'work') ?? list[0];
  return chosen?.value || null;
}

/** The number kept: the mobile one, else one without a type; office and fax numbers are not mobiles. */
function pickMobile(phones: readonly Phone[] | null | undefined): string | null {
  const list = phones ?? [];
  const chosen = list.find((p) => p.type?.toLowerCase() === 'mobile') ?? list.find((p) => !p.type);
  return chosen?.value || null;
}

/** Given and family names as one (family first, unspaced, when not in Latin script: 张 + 三 → 张三). */
function joined(input: UserInput): string | null {
  const given = input.name?.givenName?.trim() ?? '';
  const family = input.name?.familyName?.trim() ?? '';
  if (!given && !family) return null;
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(given + family) ? `${given} ${family}`.trim() : `${family}${given}`;
}

/** The names a user document offers for the full name, most explicit first (empty where it offers none). */
const nameCandidates = (input: UserInput): string[] => [input.displayName?.trim() ?? '', input.name?.formatted?.trim() ?? '', joined(input) ?? ''];

/**
 * The full name a document asks for. A patched document still carries the old displayName and
 * formatted name beside a new given name, so there the first of them that the patch changed wins
 * (`before`: the document the patch was applied to); a patch that changed none keeps the first.
 */
function fullName(input: UserInput, before?: UserInput): string | null {
  const candidates = nameCandidates(input);
  const was = before && nameCandidates(before);
  return (was && candidates.find((n, i) => n && n !== was[i])) || candidates.find((n) => n) || null;
}

/** The given and family names a document carries, as kept (blank is none). */
const namePartsOf = (input: UserInput) => ({ givenName: input.name?.givenName?.trim() || null, familyName: input.name?.familyName?.trim() || null });

/** The versions (updated_at) an If-Match names; null for any (`*`). Tags that are no version of ours match nothing. */
function userVersions(precondition: '*' | string[]): number[] | null {
  if (precondition === '*') return null;
  return precondition.map((tag) => /^"(\d{1,16})"$/.exec(tag)).filter((m) => m !== null).map((m) => Number(m[1]));
}

function userTypeOf(value: string | null | undefined): UserType | undefined {
  if (!value) return undefined;
  const found = USER_TYPES.find((t) => t === value.trim().toUpperCase());
  if (!found) throw new AppError(CODE.importTypeInvalid);
  return found;
}

function departmentOf(tree: TreeIndex, value: string | null | undefined): number | null {
  if (!value) return null;
  const found = tree.resolve(value);
  if ('id' in found) return found.id;
  throw new AppError(found.error === 'ambiguous' ? CODE.importDeptAmbiguous : CODE.deptUnknown);
}

/** A list's filter confined to the token's subtree (a scoped token lists only the people placed there). */
function within(where: RawBuilder<SqlBool> | null, scope: PeopleScope): RawBuilder<SqlBool> | null {
  if (scope.kind === 'all') return where;
  const inside = scope.deptRefs.length ? sql<SqlBool>`users.dept_ref in (${sql.join(scope.deptRefs)})` : sql<SqlBool>`1 = 0`;
  return where ? sql<SqlBool>`(${where}) and ${inside}` : inside;
}

/** How a write reads what it was not sent: PUT keeps the account's own states, PATCH's document says everything. */
type Mode = 'put' | 'patch';

/**
 * Provisioning of users (RFC 7644 §3): lists by filter, reads, and writes through the
 * workbench's users service, so phone format, uniqueness and audit follow one set of rules.
 * Deleting deletes: the account goes with what is only its own (sessions, devices, memberships,
 * its own logs and requests); a user others' records depend on is refused (E40508).
 */
export function scimUsersService(ctx: ServiceContext, deps: ScimDeps) {
  const repo = deps.store.repo;
  const loadTree = async () => indexTree(await ctx.repos.admin.departments.all());

  /** Users as documents; `on` the transaction of a write, whose reads must not wait for the pool (or SQLite's one connection). */
  async function render(rows: ScimUserRow[], links: Links, on: { repos: Repos; scim: ScimRepo } = { repos: ctx.repos, scim: repo }): Promise<ScimDocument[]> {
    const [tree, groups] = await Promise.all([on.repos.admin.departments.all().then(indexTree), on.scim.groupsOf(rows.map((r) => r.id))]);
    return rows.map((r) => toScimUser(r, links, {
      department: r.deptRef !== null && tree.find(r.deptRef) ? tree.path(r.deptRef) : null,
      groups: groups.get(r.id),
    }));
  }

  /** A user outside the token's subtree is as absent as an id nobody has. */
  async function found(rawId: string, scope: PeopleScope): Promise<ScimUserRow> {
    const row = await repo.findUser(resourceId(rawId));
    if (!row || !reaches(scope, row.deptRef)) throw notFound();
    return row;
  }

  async function renderOne(id: number, links: Links): Promise<ScimDocument> {
    const row = await repo.findUser(id);
    if (!row) throw notFound();
    return (await render([row], links))[0];
  }

  const parse = (body: unknown): UserInput => USER_INPUT.parse(canonicalDocument(withoutReadOnly(body, READ_ONLY), USER_SHAPE));

  /**
   * A write's transaction, begun by claiming the user's version when the client named one: one
   * conditional UPDATE (repository.claimUser), so of writes racing with one ETag — on one
   * instance or several — exactly one goes on and the others answer 412. The claimed version is
   * kept when the write is done, so whatever it wrote, the version moved on.
   */
  function writing<T>(rawId: string, scope: PeopleScope, ifMatch: string | undefined, work: (tx: ScimTx, current: ScimUserRow) => Promise<T>): Promise<T> {
    const id = resourceId(rawId);
    const precondition: Precondition = preconditionOf(ifMatch);
    return deps.store.write(async (tx) => {
      let version: number | undefined;
      if (precondition !== null) {
        version = await tx.scim.claimUser(id, userVersions(precondition), ctx.clock.now());
        // No such user is no current version either (RFC 9110 §13.1.1): of DELETEs racing with one ETag, the later ones get 412 too.
        if (version === undefined) throw new AppError(CODE.scimVersionMismatch);
      } else if (!(await tx.scim.lockUser(id))) {
        // Without If-Match the row is still taken first: racing writes run one after the other.
        throw notFound();
      }
      // Read once the row is taken: a move out of the subtree racing this write is seen here.
      const current = await tx.scim.findUser(id);
      if (!current || !reaches(scope, current.deptRef)) throw notFound();
      const result = await work(tx, current);
      if (version !== undefined) await tx.scim.keepVersion(id, version);
      return result;
    });
  }

  /**
   * Writes the difference between the user and what the client sent; nothing when nothing differs.
   * `before`: for a PATCH, the document its operations were applied to.
   */
  async function write(tx: ScimTx, call: ScimCall, current: ScimUserRow, input: UserInput, mode: Mode, before?: UserInput): Promise<void> {
    if (input.userName.toLowerCase() !== current.account) throw new AppError(CODE.scimMutability, { attribute: 'userName' });
    if (input.password !== undefined) throw new AppError(CODE.scimMutability, { attribute: 'password' });
    const enterprise = input[SCHEMA.enterprise];
    const wanted = {
      userName: fullName(input, before) ?? (mode === 'put' ? current.userName : current.account),
      userType: userTypeOf(input.userType) ?? current.userType,
      email: pickEmail(input.emails),
      mobileNo: pickMobile(input.phoneNumbers),
      positionName: input.title || null,
      externalId: input.externalId ?? null,
      // A PUT without the extension leaves the placement alone: clients that do not map it must not unplace everyone.
      deptId: mode === 'put' && enterprise === undefined ? current.deptRef : departmentOf(indexTree(await tx.ctx.repos.admin.departments.all()), enterprise?.department),
    };
    const patch: UpdateUserPatch = {};
    if (wanted.userName !== current.userName) patch.userName = wanted.userName;
    if (wanted.userType !== current.userType) patch.userType = wanted.userType as UserType;
    if (wanted.email !== current.email) patch.email = wanted.email;
    if (wanted.mobileNo !== current.mobileNo) patch.mobileNo = wanted.mobileNo;
    if (wanted.positionName !== current.positionName) patch.positionName = wanted.positionName;
    if (wanted.externalId !== current.externalId) patch.externalId = wanted.externalId;
    if (wanted.deptId !== current.deptRef) patch.deptId = wanted.deptId;
    if (Object.keys(patch).length) await tx.users.update(call.actor.actorRef, current.id, patch, call.caller, call.actor.scope);
    const names = namePartsOf(input);
    if (names.givenName !== current.givenName || names.familyName !== current.familyName) {
      await tx.scim.setNameParts(current.id, names.givenName, names.familyName, ctx.clock.now());
      // Name parts alone (the full name unchanged) still leave a row; beside other changes the workbench's row says what changed.
      if (!Object.keys(patch).length) {
        const was = { givenName: current.givenName, familyName: current.familyName };
        await deps.audit.adminChange(call.actor.actorRef, 'SCIM_USER_UPDATE', `user:${current.account}`, { before: was, after: names }, call.caller, tx.ctx.repos);
      }
    }
    const enabled = input.active ?? current.enabled;
    if (enabled !== current.enabled) await tx.users.setEnabled(call.actor.actorRef, current.id, enabled, call.caller, call.actor.scope);
  }

  return {
    async list(query: ListQuery, links: Links, scope: PeopleScope): Promise<ScimDocument> {
      const where = within(query.filter ? toSql(parseFilter(query.filter), FILTERABLE) : null, scope);
      const page = await repo.pageUsers(where, query.startIndex - 1, query.count);
      const docs = await render(page.rows, links);
      return listResponse(docs.map((d) => project(d, SCHEMA.user, query.attributes, query.excludedAttributes)), page.total, query.startIndex);
    },

    async get(rawId: string, links: Links, scope: PeopleScope, attributes?: string, excluded?: string): Promise<ScimDocument> {
      const row = await found(rawId, scope);
      return project((await render([row], links))[0], SCHEMA.user, attributes, excluded);
    },

    async create(call: ScimCall, body: unknown): Promise<ScimDocument> {
      const input = parse(body);
      const enterprise = input[SCHEMA.enterprise];
      const create: CreateUserInput = {
        userId: input.userName,
        userName: fullName(input) ?? input.userName,
        userType: userTypeOf(input.userType) ?? 'STAFF',
        mobileNo: pickMobile(input.phoneNumbers),
        email: pickEmail(input.emails),
        deptId: departmentOf(await loadTree(), enterprise?.department),
        positionName: input.title || null,
        externalId: input.externalId ?? null,
        ...(input.password !== undefined ? { password: input.password } : {}),
      };
      const created = await deps.users.create(call.actor.actorRef, create, call.caller, call.actor.scope);
      const names = namePartsOf(input);
      if (names.givenName || names.familyName) await repo.setNameParts(created.id, names.givenName, names.familyName, ctx.clock.now());
      if (input.active === false) await deps.users.setEnabled(call.actor.actorRef, created.id, false, call.caller, call.actor.scope);
      return renderOne(created.id, call.links);
    },

    async replace(call: ScimCall, rawId: string, body: unknown, ifMatch: string | undefined): Promise<ScimDocument> {
      const input = parse(body);
      const id = await writing(rawId, call.actor.scope, ifMatch, async (tx, current) => {
        await write(tx, call, current, input, 'put');
        return current.id;
      });
      return renderOne(id, call.links);
    },

    /** The operations applied to the user's document, which is then written as a whole. */
    async patch(call: ScimCall, rawId: string, body: unknown, ifMatch: string | undefined): Promise<ScimDocument> {
      const { Operations } = patchInput.parse(canonicalKeys(body, ['schemas', 'Operations']));
      const id = await writing(rawId, call.actor.scope, ifMatch, async (tx, current) => {
        const [doc] = await render([current], call.links, { repos: tx.ctx.repos, scim: tx.scim });
        await write(tx, call, current, parse(applyPatch(doc, Operations, USER_SHAPE)), 'patch', parse(doc));
        return current.id;
      });
      return renderOne(id, call.links);
    },

    async delete(call: ScimCall, rawId: string, ifMatch: string | undefined): Promise<void> {
      await writing(rawId, call.actor.scope, ifMatch, async ({ ctx: { repos }, scim }, current) => {
        if (await scim.holdsRecords(current.id)) throw new AppError(CODE.scimUserHoldsRecords);
        // A record made in the meantime that points at the user refuses the delete the same way.
        const deleted = await scim.deleteUser(current.id).catch(() => {
          throw new AppError(CODE.scimUserHoldsRecords);
        });
        if (!deleted) throw notFound();
        const before = {
          account: current.account, userName: current.userName, userType: current.userType, mobileNo: current.mobileNo, email: current.email,
          enabled: current.enabled, externalId: current.externalId, positionName: current.positionName, deptId: current.deptRef,
        };
        await deps.audit.adminChange(call.actor.actorRef, 'SCIM_USER_DELETE', `user:${current.account}`, { before, after: null }, call.caller, repos);
      });
    },
  };
}

export type ScimUsersService = ReturnType<typeof scimUsersService>;
