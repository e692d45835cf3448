import { CODE } from '../../../contract/codes.js';
import { LIMITS } from '../../../contract/rules.js';
import type { PageResult } from '../../../contract/schemas/common.js';
import type { ScimToken, ScimTokenCreated } from '../../../contract/schemas/admin/scimTokens.js';
import { AppError, notFound } from '../../platform/lib/errors.js';
import { randomId, sha256 } from '../../platform/lib/crypto.js';
import { mapPage } from '../../platform/db/paging.js';
import type { Caller, ServiceContext } from '../../composition/context.js';
import type { BaseServices } from '../../composition/portalServicesType.js';
import type { ScimTokenListFilters } from './tokensAdminRepository.js';
import { EVERYTHING, scopeService, type PeopleScope } from '../../administrators/scope.js';

/** Marks a provisioning token in logs and secret scanners; 256 random bits follow. */
export const SCIM_TOKEN_PREFIX = 'scim_';

/** Who a SCIM call acts for: the token's creator, whose account its writes are recorded as. */
export interface ScimActor {
  tokenId: number;
  actorRef: number;
  account: string;
  /** Whose people the token reaches: everyone, or the subtree of the department it was made for. */
  scope: PeopleScope;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Workbench: provisioning tokens, made (shown once, kept as SHA-256), listed and revoked; and their check on /scim/v2. */
export function adminScimTokensService(ctx: ServiceContext, base: BaseServices) {
  const repo = ctx.repos.admin.scimTokens;
  const scopes = scopeService(ctx, base);

  return {
    async list(filters: ScimTokenListFilters, pageNum: number, pageSize: number): Promise<PageResult<ScimToken>> {
      return mapPage(await repo.pageTokens(filters, pageNum, pageSize), (t) => ({
        id: t.id,
        name: t.name,
        createdBy: t.createdByAccount === null ? null : { userId: t.createdByAccount, userName: t.createdByName ?? t.createdByAccount },
        createdAt: new Date(t.createdAt).toISOString(),
        lastUsedAt: iso(t.lastUsedAt),
        revokedAt: iso(t.revokedAt),
        revoked: t.revokedAt !== null,
        deptId: t.deptRef,
        deptName: t.deptName,
      }));
    },

    /** `deptRef`: the department whose subtree alone the token reaches (E40110 when there is none); null: everyone. */
    async create(actorRef: number, name: string, deptRef: number | null, caller: Caller): Promise<ScimTokenCreated> {
      const token = `${SCIM_TOKEN_PREFIX}${randomId(32)}`;
      const id = await ctx.transaction(async (repos) => {
        if (deptRef !== null && !(await repos.admin.departments.find(deptRef))) throw new AppError(CODE.deptUnknown);
        const created = await repos.admin.scimTokens.insert({ name, tokenHash: sha256(token), createdBy: actorRef, createdAt: ctx.clock.now(), deptRef });
        await base.audit.adminChange(actorRef, 'ADMIN_SCIM_TOKEN_CREATE', `scim-token:${created}`, { after: { name, deptId: deptRef } }, caller, repos);
        return created;
      });
      return { id, name, token };
    },

    async revoke(actorRef: number, id: number, caller: Caller): Promise<null> {
      await ctx.transaction(async (repos) => {
        const token = await repos.admin.scimTokens.findById(id);
        if (!token) throw notFound();
        if (!(await repos.admin.scimTokens.revoke(id, ctx.clock.now()))) throw new AppError(CODE.scimTokenRevoked);
        await base.audit.adminChange(actorRef, 'ADMIN_SCIM_TOKEN_REVOKE', `scim-token:${id}`, { before: { name: token.name, revoked: false }, after: { name: token.name, revoked: true } }, caller, repos);
      });
      return null;
    },

    /**
     * The account a bearer token acts for, or null: unknown, revoked, or its creator's account
     * gone (every SCIM write is recorded as someone's). The last use is written once a minute at most.
     */
    async authenticate(token: string | undefined): Promise<ScimActor | null> {
      if (!token || token.length > LIMITS.tokenMax) return null;
      const found = await repo.findLive(sha256(token));
      if (!found || found.creatorRef === null || found.creatorAccount === null) return null;
      const now = ctx.clock.now();
      const every = LIMITS.scimTouchSeconds * 1000;
      if (found.lastUsedAt === null || now - found.lastUsedAt >= every) await repo.touch(found.id, now, now - every);
      const scope = found.deptRef === null ? EVERYTHING : await scopes.subtree(found.deptRef);
      return { tokenId: found.id, actorRef: found.creatorRef, account: found.creatorAccount, scope };
    },
  };
}
