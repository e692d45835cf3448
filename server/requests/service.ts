import type { ApplyRecord, AppOption, AppRoleOption } from '../../contract/schemas/permissions.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { AppError, forbidden, notFound } from '../platform/lib/errors.js';
import { mapPage } from '../platform/db/paging.js';
import type { ListedRequest, RequestOrder } from './repository.js';
import type { App } from '../apps/repository.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { AuditService } from '../audit/service.js';
import { CODE } from '../../contract/codes.js';
import { ApplyStatus, Decision } from '../../contract/enums.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { permissionEndpoints } from '../../contract/endpoints/permissions.js';

/**
 * Whether a request for this application must name a role: an application in the permission
 * system that has roles grants nothing useful without one. The dialog is told this per
 * application and the server refuses by the same rule, so the two never disagree.
 */
const rolesRequired = (app: Pick<App, 'permSystem'>, hasRoles: boolean) => app.permSystem && hasRoles;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toRecord(r: ListedRequest): ApplyRecord {
  return {
    id: r.id, appId: r.appId, appName: r.appName, roleName: r.roleNames, status: r.status as ApplyStatus,
    applyDate: new Date(r.applyDate).toISOString(), applyUserId: r.applicantAccount, applyUserName: r.applicantName,
    applyReason: r.applyReason, approvalUserId: r.approverAccount, approvalUserName: r.approverName,
    approvalSuggestion: r.approvalSuggestion, approvalDate: iso(r.approvalDate),
  };
}

/**
 * Who decides a batch: an approver, limited to the applications they approve (the portal), or an
 * administrator deciding any request as an override (the workbench).
 */
export type Decider = { kind: 'approver'; user: AuthUser } | { kind: 'administrator'; user: AuthUser };

export const approver = (user: AuthUser): Decider => ({ kind: 'approver', user });
export const administrator = (user: AuthUser): Decider => ({ kind: 'administrator', user });

/** A pass or a reject, and the words that go with it. */
export interface DecisionInput {
  status: number;
  approvalSuggestion: string;
}

/**
 * The one decision rule of portal and workbench: a batch is decided all or none, only while every
 * request in it is pending — one conditional update, so two deciders racing (approvers,
 * administrators or one of each) decide a request once — a pass grants the app and roles in the
 * same transaction, and both sides' log rows are written with it. An approver is refused the whole
 * batch unless they approve every application in it; an administrator's decision is logged as
 * ADMIN_REQUEST_OVERRIDE, an approver's as APPROVE_PASS / APPROVE_REJECT.
 */
function decideRule(ctx: ServiceContext, audit: AuditService) {
  const repo = ctx.repos.requests;
  return async (actor: Decider, applyIdList: number[], decision: DecisionInput, caller: Caller): Promise<{ decided: number }> => {
    const { user } = actor;
    const ids = [...new Set(applyIdList)];
    const rows = await repo.findMany(ids);
    if (rows.length !== ids.length) throw notFound();
    if (actor.kind === 'approver' && !(await repo.isApprover(user.userRef, rows.map((r) => r.appRef)))) throw new AppError(CODE.notApproverOfAll);
    const alreadyDecided = () => new AppError(CODE.alreadyDecided);
    if (rows.some((r) => r.status !== ApplyStatus.PENDING)) throw alreadyDecided();
    const now = ctx.clock.now();
    const pass = decision.status === Decision.PASS;
    // The decisions, the grants of a pass and both sides' log rows stand or fall together.
    await ctx.transaction(async (repos) => {
      // Another decider got there first for part of the batch: undo ours, say so.
      if ((await repos.requests.decide(ids, decision.status, user.userRef, decision.approvalSuggestion, now)) !== ids.length) throw alreadyDecided();
      if (pass) {
        for (const r of rows) await repos.permissions.grant(r.applicantRef, r.appRef, r.roleIds, now);
      }
      for (const r of rows) {
        if (actor.kind === 'administrator') {
          await audit.adminChange(user.userRef, 'ADMIN_REQUEST_OVERRIDE', `request:${r.id}`, {
            before: { status: ApplyStatus.PENDING }, after: { status: decision.status, approvalSuggestion: decision.approvalSuggestion },
          }, caller, repos);
        } else {
          await audit.operation(user.userRef, pass ? 'APPROVE_PASS' : 'APPROVE_REJECT', caller, `#${r.id}`, repos);
        }
        await audit.operation(r.applicantRef, pass ? 'APPLY_PASSED' : 'APPLY_REJECTED', caller, `#${r.id}`, repos);
      }
    });
    return { decided: ids.length };
  };
}

/** Permission requests: applicants apply and cancel, approvers of the app pass or reject, atomically. */
export function requestsService(ctx: ServiceContext, audit: AuditService) {
  const repo = ctx.repos.requests;

  return {
    async appsByName(user: AuthUser, name: string): Promise<AppOption[]> {
      const rows = await ctx.repos.permissions.appsByName(name);
      const refs = rows.map((a) => a.id);
      const [held, withRoles] = await Promise.all([ctx.repos.permissions.heldApps(user.userRef, refs), ctx.repos.permissions.appsWithRoles(refs)]);
      return rows.map((a) => ({
        id: a.id, appId: a.appId, appName: a.appName, icon: a.icon, clientId: a.clientId, idpSsoUrl: a.idpSsoUrl, permSystem: a.permSystem,
        rolesRequired: rolesRequired(a, withRoles.has(a.id)), held: held.has(a.id),
      }));
    },

    async rolesOfApp(user: AuthUser, appId: string, roleName?: string): Promise<AppRoleOption[]> {
      const app = await ctx.repos.apps.findByAppId(appId);
      if (!app) throw notFound();
      const roles = await ctx.repos.permissions.rolesOfApp(app.id, roleName);
      const held = await ctx.repos.permissions.heldRoles(user.userRef, roles.map((r) => r.id));
      return roles.map((r) => ({ id: r.id, name: r.name, code: r.code, held: held.has(r.id) }));
    },

    async mine(user: AuthUser, status: number | null, sort: RequestOrder, pageNum: number, pageSize: number): Promise<PageResult<ApplyRecord>> {
      return mapPage(await repo.pageByApplicant(user.userRef, status, pageNum, pageSize, sort), toRecord);
    },

    async apply(user: AuthUser, body: InputOf<typeof permissionEndpoints.apply>, caller: Caller): Promise<{ id: number }> {
      const app = await ctx.repos.apps.findByAppId(body.appId);
      if (!app || !app.enabled) throw new AppError(CODE.appUnavailable);
      const roles = await ctx.repos.permissions.rolesOfApp(app.id);
      const wanted = [...new Set(body.roleIdSet)].sort((a, b) => a - b);
      const chosen = roles.filter((r) => wanted.includes(r.id));
      if (chosen.length !== wanted.length) throw new AppError(CODE.roleNotOfApp);
      if (rolesRequired(app, roles.length > 0) && !wanted.length) throw new AppError(CODE.roleRequired);
      const held = await ctx.repos.permissions.heldRoles(user.userRef, wanted);
      if (held.size) throw new AppError(CODE.rolesHeld, { roles: chosen.filter((r) => held.has(r.id)).map((r) => r.name).join(', ') });
      if (await repo.hasPendingDuplicate(user.userRef, app.id, wanted)) throw new AppError(CODE.duplicateRequest);
      if (!wanted.length && (await ctx.repos.apps.hasPermission(user.userRef, app.id))) throw new AppError(CODE.permissionHeld);
      const id = await repo.insert({
        applicantRef: user.userRef, appRef: app.id, roleIds: wanted, roleNames: chosen.map((r) => r.name).join(','),
        applyReason: body.applyReason, applyDate: ctx.clock.now(),
      });
      if (id === null) throw new AppError(CODE.duplicateRequest);
      await audit.operation(user.userRef, 'APPLY_PERMISSION', caller, `${app.appId}#${id}`);
      return { id };
    },

    async cancel(user: AuthUser, applyId: number, caller: Caller): Promise<null> {
      const row = await repo.find(applyId);
      if (!row) throw notFound();
      if (row.applicantRef !== user.userRef) throw forbidden();
      if (!(await repo.cancel(applyId, user.userRef))) throw new AppError(CODE.requestNotPending);
      // The application goes with the number: the request row is gone, the log still names the app.
      await audit.operation(user.userRef, 'CANCEL_APPLY', caller, `${row.appId}#${applyId}`);
      return null;
    },

    /** The applicant, or an approver of the request's application, may read it. */
    async detail(user: AuthUser, applyId: number): Promise<ApplyRecord> {
      const row = await repo.find(applyId);
      if (!row) throw notFound();
      if (row.applicantRef !== user.userRef && !(await repo.isApprover(user.userRef, [row.appRef]))) throw forbidden();
      return toRecord(row);
    },

    async awaiting(user: AuthUser, filters: { applyUserId?: string; appName?: string }, sort: RequestOrder, pageNum: number, pageSize: number): Promise<PageResult<ApplyRecord>> {
      return mapPage(await repo.pagePendingForApprover(user.userRef, filters, pageNum, pageSize, sort), toRecord);
    },

    decide: decideRule(ctx, audit),
  };
}

export type RequestsService = ReturnType<typeof requestsService>;
