import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ListSort } from '../../../contract/schemas/sort.js';
import { ADMIN_SORTABLE } from '../../../contract/schemas/admin/sortable.js';
import type { PageResult } from '../../../contract/schemas/common.js';
import type { Database } from '../../platform/db/schema.js';
import { ilike, page } from '../../platform/db/paging.js';

/** A provisioning token as the workbench lists it (never its digest). */
export interface ScimTokenRow {
  id: number;
  name: string;
  createdByAccount: string | null;
  createdByName: string | null;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  deptRef: number | null;
  deptName: string | null;
}

/** A live token found by its digest: who it acts for (null once that account is gone) and when it was last written as used. */
export interface ScimTokenHolder {
  id: number;
  creatorRef: number | null;
  creatorAccount: string | null;
  lastUsedAt: number | null;
  /** The root of the subtree the token is confined to; null: everyone. */
  deptRef: number | null;
}

export interface ScimTokenListFilters {
  name?: string;
  revoked?: boolean;
  sort?: ListSort<(typeof ADMIN_SORTABLE.scimTokens)[number]>;
}
const TOKEN_SORT = { name: 't.name', createdAt: 't.created_at', lastUsedAt: 't.last_used_at' } as const;

/** Provisioning tokens; only the SHA-256 of a token is ever stored or compared. */
export function adminScimTokensRepo(db: Kysely<Database>) {
  return {
    pageTokens(filters: ScimTokenListFilters, pageNum: number, pageSize: number): Promise<PageResult<ScimTokenRow>> {
      const column = TOKEN_SORT[filters.sort?.field ?? 'createdAt'];
      const order = filters.sort?.order ?? 'desc';
      let base = db.selectFrom('scim_tokens as t');
      if (filters.name) base = base.where(ilike('t.name', filters.name));
      if (filters.revoked !== undefined) base = base.where('t.revoked_at', filters.revoked ? 'is not' : 'is', null);
      return page(db, base, (q) => q.leftJoin('users as u', 'u.id', 't.created_by').leftJoin('departments as d', 'd.id', 't.dept_ref').select([
        't.dept_ref as deptRef', 'd.name as deptName',
        't.id', 't.name', 'u.user_id as createdByAccount', 'u.user_name as createdByName', 't.created_at as createdAt',
        't.last_used_at as lastUsedAt', 't.revoked_at as revokedAt',
      ])
        // Never-used tokens last either way, on both stores (their nulls sort at opposite ends by default).
        .orderBy(sql`${sql.ref(column)} is null`).orderBy(column, order).orderBy('t.id', order), pageNum, pageSize);
    },
    async insert(token: { name: string; tokenHash: string; createdBy: number; createdAt: number; deptRef: number | null }): Promise<number> {
      const row = await db.insertInto('scim_tokens').values({
        name: token.name, token_hash: token.tokenHash, created_by: token.createdBy, created_at: token.createdAt, dept_ref: token.deptRef,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    findById(id: number): Promise<{ id: number; name: string; revokedAt: number | null } | undefined> {
      return db.selectFrom('scim_tokens').select(['id', 'name', 'revoked_at as revokedAt']).where('id', '=', id).executeTakeFirst();
    },
    /** Revokes the token unless it already was: a racing second revoke changes nothing and says so. */
    async revoke(id: number, now: number): Promise<boolean> {
      const result = await db.updateTable('scim_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The live (unrevoked) token with this digest. */
    findLive(tokenHash: string): Promise<ScimTokenHolder | undefined> {
      return db.selectFrom('scim_tokens as t').leftJoin('users as u', 'u.id', 't.created_by')
        .select(['t.id', 't.created_by as creatorRef', 'u.user_id as creatorAccount', 't.last_used_at as lastUsedAt', 't.dept_ref as deptRef'])
        .where('t.token_hash', '=', tokenHash).where('t.revoked_at', 'is', null).executeTakeFirst();
    },
    /** Records a use, unless one was recorded since `notBefore`: one conditional write, so racing calls write once. */
    async touch(id: number, now: number, notBefore: number): Promise<void> {
      await db.updateTable('scim_tokens').set({ last_used_at: now }).where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)])).execute();
    },
  };
}
