import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { reusable } from '../../platform/db/reusable.js';
import { directOf } from '../../platform/db/direct.js';
import { permitted } from '../../apps/repository.js';
import type { User } from '../../organisation/usersRepository.js';

/** One stored record of the provider (a code, token, grant, session, interaction…). */
export interface StoredPayload {
  payload: Record<string, unknown>;
  consumed: boolean;
}

/**
 * A code or token with the grant it was issued under, the provider session it expires with and
 * its account, as separate reads would have found them at the same moment (absent: read, not there).
 */
export interface StoredWithLinks {
  record: StoredPayload;
  grant?: { id: string; stored: StoredPayload | undefined };
  session?: { uid: string; stored: StoredPayload | undefined };
  /** The account the record names and whether it may use the record's application, when that application exists. */
  account?: LinkedAccount;
}

/**
 * What a token request needs of the account (accounts.ts): whether it may sign in, its claims and
 * its roles. Only these columns are read: a whole users row was half the cost of the linked read.
 */
export type LinkedUser = Pick<User, 'id' | 'account' | 'userName' | 'email' | 'mobileNo' | 'enabled' | 'activated' | 'registrationPending' | 'userExpireDate'>;

/** What the provider's account lookup at a token request reads next (accounts.ts), read with the record. */
export interface LinkedAccount {
  sub: string;
  appRef: number;
  user: LinkedUser | undefined;
  permitted: boolean;
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
/** Several records as one statement's values: `kind0`, `id0`, … `expiresAt1`. */
type Rows = Record<string, string | number | null>;

export function payloadsRepo(db: Kysely<Database>) {
  const live = (kind: string, now: number) => db.selectFrom('oidc_payloads').select(['payload', 'consumed_at']).where('kind', '=', kind).where('expires_at', '>', now);
  const decode = (row: { payload: string; consumed_at: number | null } | undefined): StoredPayload | undefined =>
    row && { payload: JSON.parse(row.payload) as Record<string, unknown>, consumed: row.consumed_at !== null };
  // Every authorisation, code exchange and userinfo stores and reads records: built once (reusable.ts).
  // A null reference is left out of the shape, so it is written as null on insert and on update alike.
  const storing = reusable(db, (v: Stored) => {
    const values = { payload: v.payload, grant_id: v.grantId ?? null, user_code: v.userCode ?? null, uid: v.uid ?? null, expires_at: v.expiresAt };
    return db.insertInto('oidc_payloads').values({ kind: v.kind, id: v.id, ...values }).onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet(values));
  }, { direct: true });
  // Several records at once (a token request's access and refresh tokens): one statement.
  const rowsOf = (v: Rows, count: number) => Array.from({ length: count }, (_, i) => ({
    kind: v[`kind${i}`] as string, id: v[`id${i}`] as string, payload: v[`payload${i}`] as string, grant_id: (v[`grantId${i}`] ?? null) as string | null,
    user_code: (v[`userCode${i}`] ?? null) as string | null, uid: (v[`uid${i}`] ?? null) as string | null, expires_at: v[`expiresAt${i}`] as number,
  }));
  const storingRows = reusable(db, (v: Rows, shape: string) => db.insertInto('oidc_payloads').values(rowsOf(v, Number(shape)))
    .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet((eb) => ({
      payload: eb.ref('excluded.payload'), grant_id: eb.ref('excluded.grant_id'), user_code: eb.ref('excluded.user_code'), uid: eb.ref('excluded.uid'), expires_at: eb.ref('excluded.expires_at'),
    }))), { direct: true });
  const byId = reusable(db, (v: { kind: string; id: string; now: number }) => live(v.kind, v.now).where('id', '=', v.id));
  const consuming = reusable(db, (v: { kind: string; id: string; now: number }) => db.updateTable('oidc_payloads').set({ consumed_at: v.now })
    .where('kind', '=', v.kind).where('id', '=', v.id).where('consumed_at', 'is', null).returning('id'), { direct: true });
  const grantOf = (kind: string, id: string) => db.selectFrom('oidc_payloads').select('grant_id').where('kind', '=', kind).where('id', '=', id).executeTakeFirst();

  // The grant, session, account and application a record links to are named only inside its payload.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const field = (name: 'sessionUid' | 'accountId' | 'clientId') => (postgres ? sql<string>`(t.payload::json ->> ${sql.lit(name)})` : sql<string>`(t.payload ->> ${sql.lit(name)})`);
  const linked = reusable(db, (v: { kind: string; id: string; now: number }) => db.selectFrom('oidc_payloads as t')
    .leftJoin('oidc_payloads as g', (j) => j.on('g.kind', '=', 'Grant').onRef('g.id', '=', 't.grant_id').on('g.expires_at', '>', v.now))
    .leftJoin('oidc_payloads as s', (j) => j.on('s.kind', '=', 'Session').on('s.uid', '=', field('sessionUid')).on('s.expires_at', '>', v.now))
    .leftJoin('oidc_subjects as sj', (j) => j.on('sj.sub', '=', field('accountId')))
    .leftJoin('users as u', 'u.id', 'sj.user_ref')
    .leftJoin('apps', (j) => j.on('apps.client_id', '=', field('clientId')))
    .select([
      'u.id as userRef', 'u.user_id as account', 'u.user_name as userName', 'u.email', 'u.mobile_no as mobileNo', 'u.enabled', 'u.activated',
      'u.registration_pending as registrationPending', 'u.user_expire_date as userExpireDate',
      't.grant_id as linkGrantId', 't.payload as linkRecord', 't.consumed_at as linkRecordConsumed', 'g.payload as linkGrant', 'g.consumed_at as linkGrantConsumed',
      's.payload as linkSession', 's.consumed_at as linkSessionConsumed', 'apps.id as linkAppRef',
    ])
    .select((eb) => permitted(eb as unknown as ExpressionBuilder<Database, 'apps'>, eb.ref('u.id')).as('linkPermitted'))
    .where('t.kind', '=', v.kind).where('t.id', '=', v.id).where('t.expires_at', '>', v.now), { direct: true });
  const stored = (payload: string | null, consumedAt: number | null) => (payload === null ? undefined : decode({ payload, consumed_at: consumedAt }));

  // PostgreSQL consumes and stores in one statement: the rows are inserted only when the update
  // consumed, and a racer's update waits for the first to commit, then finds it consumed. Every
  // sub-statement of a WITH runs, read or not; the answer says whether the consumption happened.
  const consumingAndStoring = reusable(db, (v: Rows & { consumeKind: string; consumeId: string; now: number }, shape: string) => {
    const rows = rowsOf(v, Number(shape)).map((r) => sql`(${r.kind}::varchar, ${r.id}::varchar, ${r.payload}::text, ${r.grant_id}::varchar, ${r.user_code}::varchar, ${r.uid}::varchar, ${r.expires_at}::bigint)`);
    return sql<{ consumed: number }>`
      with c as (update oidc_payloads set consumed_at = ${v.now} where kind = ${v.consumeKind} and id = ${v.consumeId} and consumed_at is null returning id),
      w as (insert into oidc_payloads (kind, id, payload, grant_id, user_code, uid, expires_at)
        select * from (values ${sql.join(rows)}) as v (kind, id, payload, grant_id, user_code, uid, expires_at) where exists (select 1 from c)
        on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at)
      select count(*)::int as consumed from c`;
  }, { direct: true });
  const rowValues = (writes: PayloadWrite[]) => {
    const values: Rows = {};
    writes.forEach((w, i) => Object.assign(values, {
      [`kind${i}`]: w.kind, [`id${i}`]: w.id, [`payload${i}`]: JSON.stringify(w.payload), [`grantId${i}`]: w.grantId,
      [`userCode${i}`]: w.userCode, [`uid${i}`]: w.uid, [`expiresAt${i}`]: w.expiresAt,
    }));
    return values;
  };
  /** SQLite has no writing WITH: the same two statements in one transaction, run on the driver when it offers it. */
  const consumeThenStore = async (consume: { kind: string; id: string }, writes: PayloadWrite[], now: number): Promise<boolean> => {
    const update = consuming.compiled({ ...consume, now });
    const insert = storingRows.compiled(rowValues(writes), String(writes.length));
    const direct = directOf(db);
    if (direct?.kind === 'sqlite') {
      return direct.transaction((prepare) => {
        if (prepare(update.sql).all(update.parameters).length !== 1) return false;
        prepare(insert.sql).run(insert.parameters);
        return true;
      });
    }
    return db.transaction().execute(async (trx) => {
      if ((await trx.executeQuery(update)).rows.length !== 1) return false;
      await trx.executeQuery(insert);
      return true;
    });
  };

  /** A whole grant: every code and token issued under it, and the grant itself. */
  const revokeGrant = async (grantId: string): Promise<void> => {
    await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    await db.deleteFrom('oidc_payloads').where('kind', '=', 'Grant').where('id', '=', grantId).execute();
  };
  /**
   * A code or refresh token presented again, even by a racer that lost: what it issued is revoked
   * with its grant (RFC 6749 §4.1.2, RFC 9700 §4.14.2). Only records issued under a grant carry its id.
   */
  const reused = async (kind: string, id: string): Promise<false> => {
    const grantId = (await grantOf(kind, id))?.grant_id;
    if (grantId) await revokeGrant(grantId);
    return false;
  };

  return {
    /**
     * One statement for what a token or code request reads next: the record, its grant and its
     * session (oidc-provider reads them one after the other, a round trip each).
     */
    async findWithLinks(kind: string, id: string, now: number): Promise<StoredWithLinks | undefined> {
      const [row] = await linked({ kind, id, now });
      const record = row && stored(row.linkRecord, row.linkRecordConsumed);
      if (!row || !record) return undefined;
      const found: StoredWithLinks = { record };
      if (row.linkGrantId) found.grant = { id: row.linkGrantId, stored: stored(row.linkGrant, row.linkGrantConsumed) };
      const { sessionUid, accountId } = record.payload;
      if (typeof sessionUid === 'string' && sessionUid) found.session = { uid: sessionUid, stored: stored(row.linkSession, row.linkSessionConsumed) };
      if (typeof accountId === 'string' && accountId && row.linkAppRef !== null) {
        // A boolean on PostgreSQL, 0 or 1 on SQLite; no user row: the subject names nobody (any more).
        const user: LinkedUser | undefined = row.userRef === null ? undefined : {
          id: row.userRef, account: row.account!, userName: row.userName!, email: row.email, mobileNo: row.mobileNo, enabled: row.enabled === 1,
          activated: row.activated === 1, registrationPending: row.registrationPending === 1, userExpireDate: row.userExpireDate,
        };
        found.account = { sub: accountId, appRef: row.linkAppRef, user, permitted: Boolean(row.linkPermitted) };
      }
      return found;
    },
    async upsert(write: PayloadWrite): Promise<void> {
      await storing({ ...write, payload: JSON.stringify(write.payload) });
    },
    /** Several records written together, or none of them (one statement). */
    async upsertMany(writes: PayloadWrite[]): Promise<void> {
      if (writes.length === 1) return this.upsert(writes[0]);
      await storingRows(rowValues(writes), String(writes.length));
    },
    /**
     * Spends a code or refresh token and stores what its use issued, both or neither: the
     * consumption is the single-use check (as in `spend`), and the rows are written only when it
     * passed. False: it was already used, nothing was written and its grant is revoked.
     */
    async spendAndStore(consume: { kind: string; id: string }, writes: PayloadWrite[], now: number): Promise<boolean> {
      if (writes.length === 0) return this.spend(consume.kind, consume.id, now);
      const consumed = postgres
        ? (await consumingAndStoring({ ...rowValues(writes), consumeKind: consume.kind, consumeId: consume.id, now }, String(writes.length)))[0]?.consumed === 1
        : await consumeThenStore(consume, writes, now);
      return consumed || reused(consume.kind, consume.id);
    },
    find: async (kind: string, id: string, now: number) => decode((await byId({ kind, id, now }))[0]),
    findByUid: async (kind: string, uid: string, now: number) => decode(await live(kind, now).where('uid', '=', uid).executeTakeFirst()),
    findByUserCode: async (kind: string, userCode: string, now: number) => decode(await live(kind, now).where('user_code', '=', userCode).executeTakeFirst()),
    /**
     * Marks a record used, once: the conditional update is the single-use check, so two racers
     * presenting the same code or refresh token cannot both get past it. False: already used, and
     * the grant it was issued under is revoked.
     */
    async spend(kind: string, id: string, now: number): Promise<boolean> {
      return (await consuming({ kind, id, now })).length === 1 || reused(kind, id);
    },
    async destroy(kind: string, id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', kind).where('id', '=', id).execute();
    },
    /** What one kind holds under a grant (oidc-provider asks kind by kind). */
    async revokeByGrantId(kind: string, grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', kind).where('grant_id', '=', grantId).execute();
    },
    revokeGrant,
    /** Expired records are only ever deleted: reads already skip them. */
    async deleteExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PayloadsRepo = ReturnType<typeof payloadsRepo>;
