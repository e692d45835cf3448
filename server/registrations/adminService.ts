import type { PageResult } from '../../contract/schemas/common.js';
import type { PendingRegistration } from '../../contract/schemas/admin/registrations.js';
import { CODE } from '../../contract/codes.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminRegistrationsEndpoints } from '../../contract/endpoints/admin/registrations.js';
import { AppError } from '../platform/lib/errors.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';

type Decision = InputOf<typeof adminRegistrationsEndpoints.approve>;

/**
 * Workbench: registrations waiting for approval. Approving lets the account sign in; rejecting
 * deletes it, so its name and phone are free again. Each is audited in the decision's own unit of
 * work; a registration already decided (by another administrator) answers E00404.
 */
export function adminRegistrationsService(ctx: ServiceContext, base: BaseServices) {
  async function decide(actor: AuthUser, id: number, caller: Caller, approve: boolean): Promise<null> {
    await ctx.transaction(async (repos) => {
      const found = await repos.admin.registrations.find(id);
      const done = found && (approve ? await repos.admin.registrations.approve(id, ctx.clock.now()) : await repos.admin.registrations.reject(id));
      if (!found || !done) throw new AppError(CODE.notFound);
      const who = { account: found.userId, name: found.userName, mobileNo: found.mobileNo };
      await base.audit.adminChange(actor.userRef, approve ? 'ADMIN_REGISTRATION_APPROVE' : 'ADMIN_REGISTRATION_REJECT', `user:${found.userId}`, {
        before: { ...who, state: 'PENDING' }, after: approve ? { ...who, state: 'APPROVED' } : undefined,
      }, caller, repos);
    });
    return null;
  }

  return {
    async pending({ pageNum, pageSize }: InputOf<typeof adminRegistrationsEndpoints.pendingList>): Promise<PageResult<PendingRegistration>> {
      const found = await ctx.repos.admin.registrations.pending(pageNum, pageSize);
      return { ...found, datas: found.datas.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })) };
    },
    approve: (actor: AuthUser, { id }: Decision, caller: Caller) => decide(actor, id, caller, true),
    reject: (actor: AuthUser, { id }: Decision, caller: Caller) => decide(actor, id, caller, false),
  };
}
