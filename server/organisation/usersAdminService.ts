import { refuseAdministratorCredentials } from '../administrators/credentials.js';
import { EVERYTHING, confineDepts, outsideScope, reaches, refuseOutside, scopeService, type PeopleScope } from '../administrators/scope.js';
import { DUTY_ROLES, dutyOfRole, type AdminDuty } from '../../contract/duties.js';
import { CODE } from '../../contract/codes.js';
import { PasswordResetMode } from '../../contract/enums.js';
import { passwordStrength, type UserType } from '../../contract/rules.js';
import type { PageResult } from '../../contract/schemas/common.js';
import type { AdminUserDetail, AdminUserItem, SignInEntry, UserFilters } from '../../contract/schemas/admin/users.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { text } from '../platform/lib/texts.js';
import type { AdminUserPatch, AdminUserRecord, NewAdminUser, UserOrder, UserSearch } from './usersAdminRepository.js';
import type { Repos } from '../composition/repositories.js';
import { mapPage } from '../platform/db/paging.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import { passwordExpiresAt } from '../passwords/policy.js';
import { EVERY_USER_ROLE } from '../passwords/registration.js';
import { accountKey } from '../sign-in/throttle.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { indexTree, type TreeIndex } from './tree.js';
import { DEFAULT_USER_TYPE, accountProblem, auditView, blankToNull, emailProblem, iso, mobileProblem, toDetail, toItem } from './usersFields.js';
import { usersExport } from './usersExport.js';
import { usersImportService } from './usersImport.js';
import { runUserBatch } from './usersBatch.js';
import { isForeignKeyViolation } from '../platform/db/constraints.js';
import { ActivationChannel } from '../../contract/schemas/admin/users.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminUsersEndpoints } from '../../contract/endpoints/admin/users.js';

/** The built-in roles' names, stored in zh (the default language) when a role is first needed. */
const ROLE_NAMES: Record<string, string> = Object.fromEntries([...Object.values(DUTY_ROLES), EVERY_USER_ROLE].map((code) => [code, text(`role.${code}` as 'role.EMPLOYEE', 'zh')]));

/** What the operation log calls each change an administrator makes to a person. */
const SCENE = {
  CREATE: 'ADMIN_USER_CREATE', UPDATE: 'ADMIN_USER_UPDATE', ENABLE: 'ADMIN_USER_ENABLE', DISABLE: 'ADMIN_USER_DISABLE', UNLOCK: 'ADMIN_USER_UNLOCK',
  RESET_PASSWORD: 'ADMIN_USER_RESET_PASSWORD', END_SESSIONS: 'ADMIN_USER_END_SESSIONS', EXPORT: 'ADMIN_USERS_EXPORT', BOOTSTRAP: 'ADMIN_BOOTSTRAP',
  DELETE: 'ADMIN_USER_DELETE',
} as const;
const auditTarget = (account: string) => `user:${account}`;

/** A new person as the workbench or provisioning (SCIM) describes them. */
export interface CreateUserInput {
  userId: string;
  userName: string;
  userType?: UserType;
  mobileNo?: string | null;
  email?: string | null;
  deptId?: number | null;
  positionName?: string | null;
  secondAuthRequired?: boolean;
  externalId?: string | null;
  /** A password to start with (provisioning may send one): the policy applies. Absent: none until a reset or the forgotten-password flow. */
  password?: string;
}

/** The fields an update may change; absent fields stay as they are, null clears. */
export type UpdateUserPatch = Partial<Omit<CreateUserInput, 'userId' | 'password'>>;

/**
 * Workbench: people. Writes take the acting administrator (`actorRef`) and the caller, check
 * what registration checks (account name, phone, email, uniqueness, with its codes), run in one
 * transaction with their audit row (before/after, never a secret), and throw AppError codes.
 * Provisioning (SCIM) calls the same functions.
 */
export function adminUsersService(ctx: ServiceContext, base: BaseServices) {
  const now = () => ctx.clock.now();
  const scopes = scopeService(ctx, base);
  const loadTree = async (repos: Repos = ctx.repos) => indexTree(await repos.admin.departments.all());

  /** The directory owns a synchronised person's name, email and department: a change of one is refused (an unchanged value passes). */
  function refuseDirectoryOwned(before: AdminUserRecord, patch: UpdateUserPatch): void {
    const changed = (patch.userName !== undefined && patch.userName.trim() !== before.userName) ? 'userName'
      : (patch.email !== undefined && blankToNull(patch.email) !== before.email) ? 'email'
      : (patch.deptId !== undefined && patch.deptId !== before.deptRef) ? 'deptId'
      : null;
    if (changed) throw new AppError(CODE.directoryOwnedField, { field: changed });
  }

  /**
   * The person, within the caller's reach. To a delegated administrator a person outside their
   * subtree and an id nobody has are the same answer (E60205), so guessing ids enumerates nothing.
   */
  async function record(userRef: number, scope: PeopleScope): Promise<AdminUserRecord> {
    const user = await ctx.repos.admin.users.find(userRef);
    if (!user) throw scope.kind === 'all' ? notFound() : outsideScope();
    if (!reaches(scope, user.deptRef)) throw outsideScope();
    return user;
  }

  /** The person, to be changed: within reach, and to a delegated administrator not an administrator themselves (E60203). */
  async function target(userRef: number, scope: PeopleScope): Promise<AdminUserRecord> {
    const user = await record(userRef, scope);
    await scopes.refuseAdministrator(scope, userRef);
    return user;
  }

  async function detail(userRef: number): Promise<AdminUserDetail> {
    const [user, roles, tree] = await Promise.all([record(userRef, EVERYTHING), ctx.repos.portalRoles.listByUser(userRef), loadTree()]);
    return toDetail(user, roles, tree, now());
  }

  /** Where a person placed in `deptId` sits: the node (E40110 when there is none) and the names the personal centre shows. */
  function placement(tree: TreeIndex, deptId: number | null) {
    if (deptId === null) return { deptRef: null, companyName: null, deptName: null };
    if (!tree.find(deptId)) throw new AppError(CODE.deptUnknown);
    return { deptRef: deptId, ...tree.placement(deptId) };
  }

  /** The optional fields as stored, each checked like registration checks it. */
  function contactFields(input: { mobileNo?: string | null; email?: string | null }) {
    const mobileNo = input.mobileNo === undefined ? undefined : blankToNull(input.mobileNo);
    const email = input.email === undefined ? undefined : blankToNull(input.email);
    if (mobileNo && mobileProblem(mobileNo)) throw new AppError(CODE.mobileInvalid);
    if (email && emailProblem(email)) throw new AppError(CODE.emailInvalid);
    return { mobileNo, email };
  }

  /**
   * Why a write the unique indexes refused was refused: the account or the number is taken (a
   * racing write got there first), or the department went away; anything else is not ours to name.
   */
  async function refusalAfterConflict(error: unknown, account: string | null, mobileNo: string | null | undefined, deptRef: number | null | undefined, self?: number): Promise<never> {
    if (error instanceof AppError) throw error;
    const byAccount = account === null ? undefined : await ctx.repos.admin.users.idByAccount(account);
    if (byAccount !== undefined && byAccount !== self) throw new AppError(CODE.accountNameTaken);
    const byMobile = mobileNo ? await ctx.repos.admin.users.idByMobile(mobileNo) : undefined;
    if (byMobile !== undefined && byMobile !== self) throw new AppError(CODE.mobileRegistered);
    if (deptRef != null && !(await ctx.repos.admin.departments.find(deptRef))) throw new AppError(CODE.deptUnknown);
    if (account !== null || mobileNo) throw new AppError(CODE.accountOrMobileTaken);
    throw error;
  }

  /** Every person holds EMPLOYEE (docs/DECISIONS.md); a production store starts without the role, so it is made on first use. */
  const ensureRole = (code: string, repos: Repos = ctx.repos) => repos.admin.users.ensureRole(code, ROLE_NAMES[code] ?? code);

  /**
   * A department filter naming a node that is gone (deleted while a list was filtered by it)
   * matches nobody, as any filter value nobody has: the list is empty, not an error, and the
   * workbench clears the stale filter once its tree no longer has the node.
   */
  async function toSearch(filters: UserFilters, scope: PeopleScope): Promise<{ search: UserSearch; tree: TreeIndex }> {
    const tree = await loadTree();
    const deptRefs = confineDepts(scope, filters.deptId === undefined ? undefined : tree.find(filters.deptId) ? tree.subtree(filters.deptId) : []);
    return {
      tree,
      search: {
        keyword: filters.keyword, deptRefs, userType: filters.userType,
        enabled: filters.enabled, locked: filters.locked, passwordExpired: filters.passwordExpired, now: now(),
      },
    };
  }

  /** A new account with its roles and audit row; its id. */
  async function insertUser(actorRef: number | null, user: NewAdminUser, roles: string[], scene: string, caller: Caller): Promise<number> {
    try {
      return await ctx.transaction(async (repos) => {
        const id = await repos.admin.users.insert(user);
        for (const code of roles) {
          const roleRef = await ensureRole(code, repos);
          if (dutyOfRole(code)) await repos.administrators.grant(id, roleRef, null);
          else await repos.admin.users.grantRole([id], roleRef);
        }
        await base.audit.adminChange(actorRef ?? id, scene, auditTarget(user.account), { after: { account: user.account, ...auditView({ ...user, enabled: true }), roles } }, caller, repos);
        return id;
      });
    } catch (error) {
      return refusalAfterConflict(error, user.account, user.mobileNo, user.deptRef);
    }
  }

  // The service's own update, for the people an import's rows change (defined below; called only once a run writes).
  const imports = usersImportService(ctx, base, { employeeRole: () => ensureRole(EVERY_USER_ROLE), update: (...args) => service.update(...args) });

  const service = {
    async list(scope: PeopleScope, filters: UserFilters, pageNum: number, pageSize: number, order?: UserOrder): Promise<PageResult<AdminUserItem>> {
      const { search, tree } = await toSearch(filters, scope);
      const at = now();
      return mapPage(await ctx.repos.admin.users.search(search, pageNum, pageSize, order), (u) => toItem(u, tree, at));
    },

    async get(scope: PeopleScope, userRef: number): Promise<AdminUserDetail> {
      await record(userRef, scope);
      return detail(userRef);
    },

    /** For provisioning filters (`userName eq "…"`, `externalId eq "…"`): the person, or undefined. */
    async findByAccount(account: string): Promise<AdminUserDetail | undefined> {
      const id = await ctx.repos.admin.users.idByAccount(account.trim());
      return id === undefined ? undefined : detail(id);
    },
    async findByExternalId(externalId: string): Promise<AdminUserDetail | undefined> {
      const id = await ctx.repos.admin.users.idByExternalId(externalId);
      return id === undefined ? undefined : detail(id);
    },

    async create(actorRef: number, input: CreateUserInput, caller: Caller, scope: PeopleScope): Promise<AdminUserDetail> {
      refuseOutside(scope, input.deptId ?? null);
      const account = input.userId.trim();
      if (accountProblem(account)) throw new AppError(CODE.accountNameInvalid);
      const { mobileNo = null, email = null } = contactFields(input);
      const place = placement(await loadTree(), input.deptId ?? null);
      if (await ctx.repos.admin.users.idByAccount(account)) throw new AppError(CODE.accountNameTaken);
      if (mobileNo && (await ctx.repos.admin.users.idByMobile(mobileNo))) throw new AppError(CODE.mobileRegistered);
      const at = now();
      // The policy and the hash before the transaction: slow, and nothing is written yet.
      const rules = await base.policy.rules();
      const password = input.password === undefined ? null : {
        level: await base.policy.enforce(input.password, account, null), hash: await base.passwords.hash(input.password),
      };
      const id = await insertUser(actorRef, {
        account: account.toLowerCase(), userName: input.userName.trim(), userType: input.userType ?? DEFAULT_USER_TYPE, mobileNo, email, ...place,
        positionName: blankToNull(input.positionName), secondAuthRequired: input.secondAuthRequired ?? false, externalId: input.externalId ?? null,
        passwordHash: password?.hash ?? null, passwordLevel: password?.level ?? null, passwordChangedAt: password ? at : null,
        passwordExpireAt: password ? passwordExpiresAt(rules, at) : null, mustChangePassword: false, createdAt: at,
      }, [EVERY_USER_ROLE], SCENE.CREATE, caller);
      return detail(id);
    },

    async update(actorRef: number, userRef: number, patch: UpdateUserPatch, caller: Caller, scope: PeopleScope): Promise<AdminUserDetail> {
      const before = await target(userRef, scope);
      if (patch.deptId !== undefined) refuseOutside(scope, patch.deptId);
      if (before.fromDirectory) refuseDirectoryOwned(before, patch);
      const { mobileNo, email } = contactFields(patch);
      const place = patch.deptId === undefined ? {} : placement(await loadTree(), patch.deptId);
      // The phone signs in by texted code: an administrator's is theirs to change.
      if (mobileNo !== undefined && mobileNo !== before.mobileNo) await refuseAdministratorCredentials(ctx.repos, actorRef, userRef);
      if (mobileNo && mobileNo !== before.mobileNo) {
        const holder = await ctx.repos.admin.users.idByMobile(mobileNo);
        if (holder !== undefined && holder !== userRef) throw new AppError(CODE.mobileRegistered);
      }
      const changes: AdminUserPatch = {
        userName: patch.userName?.trim(), userType: patch.userType, mobileNo, email, ...place,
        positionName: patch.positionName === undefined ? undefined : blankToNull(patch.positionName),
        secondAuthRequired: patch.secondAuthRequired, externalId: patch.externalId,
      };
      const after = auditView({ ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) });
      try {
        await ctx.transaction(async (repos) => {
          await repos.admin.users.update(userRef, changes, now());
          await base.audit.adminChange(actorRef, SCENE.UPDATE, auditTarget(before.account), { before: auditView(before), after }, caller, repos);
        });
      } catch (error) {
        await refusalAfterConflict(error, null, mobileNo, changes.deptRef, userRef);
      }
      return detail(userRef);
    },

    /** Disabling ends every session of the person in the same transaction: their next call is E00009. */
    async setEnabled(actorRef: number, userRef: number, enabled: boolean, caller: Caller, scope: PeopleScope): Promise<null> {
      if (!enabled && userRef === actorRef) throw new AppError(CODE.selfDisable);
      const user = await target(userRef, scope);
      await ctx.transaction(async (repos) => {
        await repos.admin.users.setEnabled(userRef, enabled, now());
        if (!enabled) await repos.admin.users.endSessions(userRef);
        await base.audit.adminChange(actorRef, enabled ? SCENE.ENABLE : SCENE.DISABLE, auditTarget(user.account), { before: { enabled: user.enabled }, after: { enabled } }, caller, repos);
      });
      return null;
    },

    /**
     * Deletes a person who holds nothing others depend on (what they manage, approve or decided,
     * changes they made as an administrator); such a person is disabled instead (E40131). Their
     * own sessions, devices, memberships, requests and sign-ins go with them; the audit row keeps
     * what they were.
     */
    async remove(actorRef: number, userRef: number, caller: Caller, scope: PeopleScope): Promise<null> {
      if (userRef === actorRef) throw new AppError(CODE.selfDelete);
      const user = await target(userRef, scope);
      await ctx.transaction(async (repos) => {
        if (await repos.admin.users.holdsRecords(userRef)) throw new AppError(CODE.userHoldsRecords);
        // A record pointing at the person made in the meantime refuses the delete the same way.
        const deleted = await repos.admin.users.delete(userRef).catch((error: unknown) => {
          throw isForeignKeyViolation(error) ? new AppError(CODE.userHoldsRecords) : error;
        });
        if (!deleted) throw notFound();
        await base.audit.adminChange(actorRef, SCENE.DELETE, auditTarget(user.account), { before: { account: user.account, ...auditView(user) }, after: null }, caller, repos);
      });
      return null;
    },

    /** Lifts the sign-in lock and clears the count of failures (the throttle's account counter). */
    async unlock(actorRef: number, userRef: number, caller: Caller, scope: PeopleScope): Promise<null> {
      const user = await target(userRef, scope);
      await ctx.transaction(async (repos) => {
        await repos.limits.reset(accountKey(user.account));
        await base.audit.adminChange(actorRef, SCENE.UNLOCK, auditTarget(user.account), { before: { lockedUntil: iso(user.lockedUntil) }, after: { lockedUntil: null } }, caller, repos);
      });
      return null;
    },

    /**
     * GENERATE: a strong password answered this once (only its hash is kept), to be changed at the
     * next sign-in (E30067), and the account's lock lifted so it can be used. MUST_CHANGE: only the
     * change at the next sign-in. Either way every session of the person ends.
     */
    async resetPassword(actorRef: number, userRef: number, mode: PasswordResetMode, caller: Caller, scope: PeopleScope): Promise<{ password: string | null }> {
      const user = await target(userRef, scope);
      await refuseAdministratorCredentials(ctx.repos, actorRef, userRef);
      if (mode === PasswordResetMode.MUST_CHANGE && !user.hasPassword) throw new AppError(CODE.userNoPassword);
      // The live rules, the current hash and the new hash before the transaction (on SQLite the
      // outer connection cannot be used inside it).
      const rules = await base.policy.rules();
      const current = await ctx.repos.users.findById(userRef);
      const password = mode === PasswordResetMode.GENERATE ? await base.policy.generate() : null;
      const hash = password === null ? null : await base.passwords.hash(password);
      await ctx.transaction(async (repos) => {
        const at = now();
        if (password !== null && hash !== null) {
          await repos.admin.users.setPassword(userRef, hash, passwordStrength(password).level, at, passwordExpiresAt(rules, at), true);
          await base.policy.remember(repos, { id: userRef, passwordHash: current?.passwordHash ?? null }, hash, rules.historyCount, at);
          await repos.limits.reset(accountKey(user.account));
        } else {
          await repos.admin.users.requirePasswordChange(userRef, at);
        }
        await repos.admin.users.endSessions(userRef);
        await base.audit.adminChange(actorRef, SCENE.RESET_PASSWORD, auditTarget(user.account), { after: { mode } }, caller, repos);
      });
      return { password };
    },

    async endSessions(actorRef: number, userRef: number, caller: Caller, scope: PeopleScope): Promise<{ ended: number }> {
      const user = await target(userRef, scope);
      const ended = await ctx.transaction(async (repos) => {
        const count = await repos.admin.users.endSessions(userRef);
        await base.audit.adminChange(actorRef, SCENE.END_SESSIONS, auditTarget(user.account), { after: { ended: count } }, caller, repos);
        return count;
      });
      return { ended };
    },

    async history(scope: PeopleScope, userRef: number, pageNum: number, pageSize: number): Promise<PageResult<SignInEntry>> {
      await record(userRef, scope);
      return mapPage(await ctx.repos.admin.users.history(userRef, pageNum, pageSize), (h) => ({
        id: h.id, optType: h.optType, appName: h.appName, success: h.success, resultCode: h.resultCode, ip: h.ip, deviceName: h.deviceName, time: iso(h.createdAt)!,
      }));
    },

    /** The filtered list as CSV lines, read in keyset pages as the caller consumes them. */
    async exportCsv(actorRef: number, filters: UserFilters, caller: Caller, scope: PeopleScope): Promise<AsyncIterable<string>> {
      const { search, tree } = await toSearch(filters, scope);
      await base.audit.adminChange(actorRef, SCENE.EXPORT, 'users', { after: { filters } }, caller);
      return usersExport(ctx.repos.admin.users, search, tree);
    },

    /** An activation link for a person within reach (activation.ts refuses administrators' credentials itself). */
    async sendActivation(actorRef: number, input: InputOf<typeof adminUsersEndpoints.userActivation>, caller: Caller, scope: PeopleScope) {
      await target(input.id, scope);
      return base.activation.send(actorRef, input, caller);
    },

    importEnter: imports.enter,
    importClose: imports.close,
    importCheck: imports.check,
    importStart: imports.start,
    importStatus: imports.status,

    /**
     * An administrator (`npm run admin -- create <account> --role …`): the duty's role and EMPLOYEE,
     * a generated password that must be changed at the first sign-in. E10605 for a bad name,
     * E10602 when the account exists (nothing changes).
     */
    async createAdministrator(account: string, duty: AdminDuty, caller: Caller): Promise<{ userRef: number; password: string }> {
      const name = account.trim();
      if (accountProblem(name)) throw new AppError(CODE.accountNameInvalid);
      if (await ctx.repos.admin.users.idByAccount(name)) throw new AppError(CODE.accountNameTaken);
      const rules = await base.policy.rules();
      const password = await base.policy.generate();
      const hash = await base.passwords.hash(password);
      const at = now();
      const userRef = await insertUser(null, {
        account: name.toLowerCase(), userName: name, userType: DEFAULT_USER_TYPE, mobileNo: null, email: null, deptRef: null, companyName: null, deptName: null,
        positionName: null, secondAuthRequired: false, externalId: null, passwordHash: hash, passwordLevel: passwordStrength(password).level,
        passwordChangedAt: at, passwordExpireAt: passwordExpiresAt(rules, at), mustChangePassword: true, createdAt: at,
      }, [DUTY_ROLES[duty], EVERY_USER_ROLE], SCENE.BOOTSTRAP, caller);
      return { userRef, password };
    },
  };

  return {
    ...service,
    /** The same single-person actions for many selected people, a result per person (organisation/usersBatch.ts). */
    batch: (actorRef: number, input: InputOf<typeof adminUsersEndpoints.userBatch>, caller: Caller, scope: PeopleScope) => runUserBatch({
      get: async (userRef) => ({ userId: (await record(userRef, scope)).account }),
      setEnabled: service.setEnabled,
      update: service.update,
      remove: service.remove,
      endSessions: service.endSessions,
      resetPassword: service.resetPassword,
      sendActivation: (actorRef, userRef, caller, scope) => service.sendActivation(actorRef, { id: userRef, channel: ActivationChannel.SMS }, caller, scope),
      checkDepartment: async (deptId) => {
        refuseOutside(scope, deptId);
        placement(await loadTree(), deptId);
      },
    }, actorRef, input, caller, scope),
  };
}

export type AdminUsersService = ReturnType<typeof adminUsersService>;
