import type { ApplyRecord, AppOption, RoleOption } from '../../contract/schemas/permissions.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { AppError, forbidden, notFound } from '../domain/errors.js';
import { mapPage } from '../repositories/paging.js';
import type { AuthUser, Caller, ServiceContext } from './context.js';
import type { AuditService } from './audit.js';
import { CODE } from '../../contract/codes.js';
import { ApplyStatus, Decision } from '../../contract/enums.js';

type Row = NonNullable<Awaited<ReturnType<ServiceContext['repos']['requests']['find']>>>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toRecord(r: Row): ApplyRecord {
  return {
    id: r.id, appId: r.app_id, appName: r.app_name, roleName: r.role_names, status: r.status as ApplyStatus,
    applyDate: new Date(r.apply_date).toISOString(), applyUserId: r.apply_user_id, applyUserName: r.apply_user_name,
    applyReason: r.apply_reason, approvalUserId: r.approval_user_id, approvalUserName: r.approval_user_name,
    approvalSuggestion: r.approval_suggestion, approvalDate: iso(r.approval_date),
  };
}

/** Permission requests: applicants apply and cancel, approvers of the app pass or reject, atomically. */
export function requestsService(ctx: ServiceContext, audit: AuditService) {
  const repo = ctx.repos.requests;

  return {
    async appsByName(name: string): Promise<AppOption[]> {
      const rows = await ctx.repos.permissions.appsByName(name);
      return rows.map((a) => ({ id: a.id, appId: a.app_id, appName: a.app_name, icon: a.icon, clientId: a.client_id, idpSsoUrl: a.idp_sso_url, permSystem: a.perm_system === 1 }));
    },

    async rolesOfApp(appId: string, roleName?: string): Promise<RoleOption[]> {
      const app = await ctx.repos.apps.findByAppId(appId);
      if (!app) throw notFound();
      return (await ctx.repos.permissions.rolesOfApp(app.id, roleName)).map((r) => ({ id: r.id, name: r.name, code: r.code }));
    },

    async mine(user: AuthUser, status: number | null, pageNum: number, pageSize: number): Promise<PageResult<ApplyRecord>> {
      return mapPage(await repo.pageByApplicant(user.userRef, status, pageNum, pageSize), toRecord);
    },

    async apply(user: AuthUser, body: { appId: string; roleIdSet: number[]; applyReason: string }, caller: Caller): Promise<{ id: number }> {
      const app = await ctx.repos.apps.findByAppId(body.appId);
      if (!app || app.enabled !== 1) throw new AppError(CODE.appUnavailable);
      const roles = await ctx.repos.permissions.rolesOfApp(app.id);
      const wanted = [...new Set(body.roleIdSet)].sort((a, b) => a - b);
      const chosen = roles.filter((r) => wanted.includes(r.id));
      if (chosen.length !== wanted.length) throw new AppError(CODE.roleNotOfApp);
      if (app.perm_system === 1 && roles.length && !wanted.length) throw new AppError(CODE.roleRequired);
      const roleIds = JSON.stringify(wanted);
      if (await repo.hasPendingDuplicate(user.userRef, app.id, roleIds)) throw new AppError(CODE.duplicateRequest);
      if (!wanted.length && (await ctx.repos.apps.hasPermission(user.userRef, app.id))) throw new AppError(CODE.permissionHeld);
      const id = await repo.insert({
        apply_user_ref: user.userRef, app_ref: app.id, role_ids: roleIds, role_names: chosen.map((r) => r.name).join(','),
        apply_reason: body.applyReason, apply_date: ctx.clock.now(),
      });
      await audit.operation(user.userRef, 'APPLY_PERMISSION', caller, `${app.app_id}#${id}`);
      return { id };
    },

    async cancel(user: AuthUser, applyId: number, caller: Caller): Promise<null> {
      const row = await repo.find(applyId);
      if (!row) throw notFound();
      if (row.apply_user_ref !== user.userRef) throw forbidden();
      if (!(await repo.cancel(applyId, user.userRef))) throw new AppError(CODE.requestNotPending);
      await audit.operation(user.userRef, 'CANCEL_APPLY', caller, `#${applyId}`);
      return null;
    },

    /** The applicant, or an approver of the request's application, may read it. */
    async detail(user: AuthUser, applyId: number): Promise<ApplyRecord> {
      const row = await repo.find(applyId);
      if (!row) throw notFound();
      if (row.apply_user_ref !== user.userRef && !(await repo.isApprover(user.userRef, [row.app_ref]))) throw forbidden();
      return toRecord(row);
    },

    async awaiting(user: AuthUser, filters: { applyUserId?: string; appName?: string }, pageNum: number, pageSize: number): Promise<PageResult<ApplyRecord>> {
      return mapPage(await repo.pagePendingForApprover(user.userRef, filters, pageNum, pageSize), toRecord);
    },

    /**
     * Passes or rejects a batch in one transaction. The whole batch is refused if any request is
     * not the caller's to decide or no longer pending; a pass grants the app and roles at once.
     */
    async decide(user: AuthUser, body: { status: number; approvalSuggestion: string; applyIdList: number[] }, caller: Caller): Promise<{ decided: number }> {
      const ids = [...new Set(body.applyIdList)];
      const rows = await repo.findMany(ids);
      if (rows.length !== ids.length) throw notFound();
      if (!(await repo.isApprover(user.userRef, rows.map((r) => r.app_ref)))) throw new AppError(CODE.notApproverOfAll);
      const now = ctx.clock.now();
      const alreadyDecided = () => new AppError(CODE.alreadyDecided);
      if (rows.some((r) => r.status !== ApplyStatus.PENDING)) throw alreadyDecided();
      await ctx.store.db.transaction().execute(async (tx) => {
        const changed = await repo.decide(tx, ids, body.status, user.userRef, body.approvalSuggestion, now);
        // Another approver got there first for part of the batch: undo ours, say so.
        if (changed !== ids.length) throw alreadyDecided();
        if (body.status === Decision.PASS) {
          for (const r of rows) await ctx.repos.permissions.grant(tx, r.apply_user_ref, r.app_ref, JSON.parse(r.role_ids) as number[], now);
        }
      });
      const scene = body.status === Decision.PASS ? 'APPROVE_PASS' : 'APPROVE_REJECT';
      for (const r of rows) {
        await audit.operation(user.userRef, scene, caller, `#${r.id}`);
        await audit.operation(r.apply_user_ref, body.status === Decision.PASS ? 'APPLY_PASSED' : 'APPLY_REJECTED', caller, `#${r.id}`);
      }
      return { decided: ids.length };
    },
  };
}

export type RequestsService = ReturnType<typeof requestsService>;
