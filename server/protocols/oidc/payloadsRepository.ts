import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { reusable } from '../../platform/db/reusable.js';

/** One stored record of the provider (a code, token, grant, session, interaction…). */
export interface StoredPayload {
  payload: Record<string, unknown>;
  consumed: boolean;
}

export interface PayloadWrite {
  kind: string;
  id: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: number;
}

/**
 * The provider's records in one table, keyed by model kind and id. Reads ignore expired rows
 * (the clock is the portal's, so tests can move it); the sweep deletes them later.
 */
type Stored = { kind: string; id: string; payload: string; grantId: string | null; userCode: string | null; uid: string | null; expiresAt: number };

export function payloadsRepo(db: Kysely<Database>) {
  const live = (kind: string, now: number) => db.selectFrom('oidc_payloads').select(['payload', 'consumed_at']).where('kind', '=', kind).where('expires_at', '>', now);
  const decode = (row: { payload: string; consumed_at: number | null } | undefined): StoredPayload | undefined =>
    row && { payload: JSON.parse(row.payload) as Record<string, unknown>, consumed: row.consumed_at !== null };
  // Every authorisation, code exchange and userinfo stores and reads records: built once (reusable.ts).
  // A null reference is left out of the shape, so it is written as null on insert and on update alike.
  const storing = reusable(db, (v: Stored) => {
    const values = { payload: v.payload, grant_id: v.grantId ?? null, user_code: v.userCode ?? null, uid: v.uid ?? null, expires_at: v.expiresAt };
    return db.insertInto('oidc_payloads').values({ kind: v.kind, id: v.id, ...values }).onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet(values));
  });
  const byId = reusable(db, (v: { kind: string; id: string; now: number }) => live(v.kind, v.now).where('id', '=', v.id));
  const consuming = reusable(db, (v: { kind: string; id: string; now: number }) => db.updateTable('oidc_payloads').set({ consumed_at: v.now })
    .where('kind', '=', v.kind).where('id', '=', v.id).where('consumed_at', 'is', null).returning('id'));

  return {
    async upsert(write: PayloadWrite): Promise<void> {
      await storing({ ...write, payload: JSON.stringify(write.payload) });
    },
    find: async (kind: string, id: string, now: number) => decode((await byId({ kind, id, now }))[0]),
    findByUid: async (kind: string, uid: string, now: number) => decode(await live(kind, now).where('uid', '=', uid).executeTakeFirst()),
    findByUserCode: async (kind: string, userCode: string, now: number) => decode(await live(kind, now).where('user_code', '=', userCode).executeTakeFirst()),
    /**
     * Marks a record used, once: the conditional update is the single-use check, so two racers
     * presenting the same code or refresh token cannot both get past it. False: already used.
     */
    async consume(kind: string, id: string, now: number): Promise<{ consumed: boolean; grantId: string | null }> {
      if ((await consuming({ kind, id, now })).length === 1) return { consumed: true, grantId: null };
      const row = await db.selectFrom('oidc_payloads').select('grant_id').where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
      return { consumed: false, grantId: row?.grant_id ?? null };
    },
    async destroy(kind: string, id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', kind).where('id', '=', id).execute();
    },
    /** What one kind holds under a grant (oidc-provider asks kind by kind). */
    async revokeByGrantId(kind: string, grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', kind).where('grant_id', '=', grantId).execute();
    },
    /** A whole grant: every code and token issued under it, and the grant itself. */
    async revokeGrant(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
      await db.deleteFrom('oidc_payloads').where('kind', '=', 'Grant').where('id', '=', grantId).execute();
    },
    /** Expired records are only ever deleted: reads already skip them. */
    async deleteExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PayloadsRepo = ReturnType<typeof payloadsRepo>;
