import { CODE } from '../../contract/codes.js';
import { DUTY_ROLES, KEPT_DUTIES, type AdminDuty } from '../../contract/duties.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminAdministratorsEndpoints } from '../../contract/endpoints/admin/administrators.js';
import type { Administrator } from '../../contract/schemas/admin/administrators.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { isUniqueViolation } from '../platform/db/constraints.js';
import { text } from '../platform/lib/texts.js';
import type { Lang } from '../../contract/codes.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';

const SCENE = { ASSIGN: 'ADMIN_DUTY_ASSIGN', REVOKE: 'ADMIN_DUTY_REVOKE' } as const;

/** A duty's name as people read it, in the language of the answer's messages. */
export const dutyName = (duty: AdminDuty, lang: Lang = 'zh') => text(`role.${DUTY_ROLES[duty]}` as 'role.SYS_ADMIN', lang);

/**
 * Separation of duties (MLPS 2.0 三员分立): grants and removals of the system, security, audit and
 * department administrator duties. A person holds at most one (the database's unique admin slot);
 * the system, security and audit duties always keep a holder.
 */
export function administratorsService(ctx: ServiceContext, base: BaseServices) {
  const repo = ctx.repos.administrators;

  async function person(userRef: number) {
    const user = await ctx.repos.admin.users.find(userRef);
    if (!user) throw notFound();
    return user;
  }

  return {
    async list(): Promise<Administrator[]> {
      return repo.list();
    },

    async assign(actor: AuthUser, input: InputOf<typeof adminAdministratorsEndpoints.administratorAssign>, caller: Caller): Promise<null> {
      const user = await person(input.id);
      let deptRef: number | null = null;
      if (input.duty === 'department') {
        // The schema asks a department duty for its department (E00001 naming deptId).
        if (input.deptId === undefined) throw new AppError(CODE.invalidInput);
        if (!(await ctx.repos.admin.departments.find(input.deptId))) throw notFound();
        deptRef = input.deptId;
      }
      try {
        await ctx.transaction(async (repos) => {
          const roleRef = await repos.administrators.dutyRole(input.duty, dutyName(input.duty));
          await repos.administrators.grant(input.id, roleRef, deptRef);
          await base.audit.adminChange(actor.userRef, SCENE.ASSIGN, `user:${user.account}`, { after: { duty: input.duty, deptId: deptRef } }, caller, repos);
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const held = await ctx.repos.access.dutyOf(input.id);
        throw new AppError(CODE.dutyHeld, { duty: dutyName(held?.duty ?? input.duty) });
      }
      return null;
    },

    async revoke(actor: AuthUser, userRef: number, caller: Caller): Promise<null> {
      const user = await person(userRef);
      const held = await ctx.repos.access.dutyOf(userRef);
      if (!held) throw notFound();
      await ctx.transaction(async (repos) => {
        const roleRef = await repos.administrators.dutyRole(held.duty, dutyName(held.duty));
        const outcome = await repos.administrators.revoke(userRef, roleRef, KEPT_DUTIES.includes(held.duty));
        if (outcome === 'last') throw new AppError(CODE.lastDutyHolder, { duty: dutyName(held.duty) });
        if (outcome === 'none') throw notFound();
        await base.audit.adminChange(actor.userRef, SCENE.REVOKE, `user:${user.account}`, { before: { duty: held.duty, deptId: held.deptRef }, after: null }, caller, repos);
        // A removed administrator's open workbench sessions keep nothing: the duty is checked per request.
      });
      return null;
    },
  };
}

export type AdministratorsService = ReturnType<typeof administratorsService>;
