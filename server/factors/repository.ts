import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PasskeysTable, TotpFactorsTable } from '../platform/db/schema.js';

export type TotpRow = Selectable<TotpFactorsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export interface NewPasskey {
  userRef: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  userHandle: string;
  deviceType: string;
  backedUp: boolean;
  createdAt: number;
}
export interface Challenge { challenge: string; purpose: string; userRef: number | null; binding: string | null; expiresAt: number }

/**
 * The second factors' rows. Every single-use or counted rule is one statement: the TOTP try
 * taken before the code is compared, the time step accepted by compare-and-set, a challenge
 * taken by deleting it, a recovery code spent by an update that only an unused code matches.
 */
export function factorsRepo(db: Kysely<Database>) {
  return {
    // --- Authenticator app ---
    totp(userRef: number): Promise<TotpRow | undefined> {
      return db.selectFrom('totp_factors').selectAll().where('user_ref', '=', userRef).executeTakeFirst();
    },
    /** A new pending secret; false when a confirmed app is already there (it is never overwritten). */
    async totpStart(userRef: number, secretEnc: string, now: number): Promise<boolean> {
      const row = await db.insertInto('totp_factors')
        .values({ user_ref: userRef, secret_enc: secretEnc, confirmed_at: null, created_at: now, last_step: null, last_used_at: null, failures: 0, locked_until: null })
        .onConflict((oc) => oc.column('user_ref')
          .doUpdateSet({ secret_enc: secretEnc, created_at: now, last_step: null, failures: 0, locked_until: null })
          .where('totp_factors.confirmed_at', 'is', null))
        .returning('user_ref')
        .executeTakeFirst();
      return !!row;
    },
    /** Activates the pending secret with the step of its first code; false when none is pending. */
    async totpConfirm(userRef: number, step: number, now: number): Promise<boolean> {
      const result = await db.updateTable('totp_factors').set({ confirmed_at: now, last_step: step, last_used_at: now, failures: 0, locked_until: null })
        .where('user_ref', '=', userRef).where('confirmed_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /**
     * Takes one try of a confirmed app: the failures so far including this one, or null when the
     * app is locked (or there is none). The try that reaches `maxFailures` sets the lock itself,
     * so no number of racing requests gets more tries; a right code lifts it (totpAccept).
     */
    async totpTakeTry(userRef: number, now: number, maxFailures: number, lockUntil: number): Promise<number | null> {
      const expired = sql<boolean>`(locked_until is not null and locked_until <= ${now})`;
      const next = sql<number>`(case when ${expired} then 1 else failures + 1 end)`;
      const row = await db.updateTable('totp_factors')
        .set({ failures: next, locked_until: sql`case when ${next} >= ${maxFailures} then cast(${lockUntil} as bigint) else null end` })
        .where('user_ref', '=', userRef)
        .where('confirmed_at', 'is not', null)
        .where(sql<boolean>`(${expired} or (locked_until is null and failures < ${maxFailures}))`)
        .returning('failures')
        .executeTakeFirst();
      return row ? Number(row.failures) : null;
    },
    /** Accepts a code's time step once: false when this step or a later one was accepted before (a replay). */
    async totpAccept(userRef: number, step: number, now: number): Promise<boolean> {
      const result = await db.updateTable('totp_factors').set({ last_step: step, last_used_at: now, failures: 0, locked_until: null })
        .where('user_ref', '=', userRef).where('confirmed_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async totpDelete(userRef: number): Promise<boolean> {
      const result = await db.deleteFrom('totp_factors').where('user_ref', '=', userRef).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // --- Passkeys ---
    passkeys(userRef: number): Promise<PasskeyRow[]> {
      return db.selectFrom('passkeys').selectAll().where('user_ref', '=', userRef).orderBy('created_at').orderBy('id').execute();
    },
    passkeyByCredential(credentialId: string): Promise<PasskeyRow | undefined> {
      return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
    },
    /**
     * Registers a passkey while the user holds fewer than `max`: the user's row is locked first
     * (a no-op update), so two registrations racing count one after the other on PostgreSQL too.
     * Call inside a unit of work. Null when over the limit; 'taken' when the credential exists.
     */
    async passkeyInsert(p: NewPasskey, max: number): Promise<PasskeyRow | null | 'taken'> {
      await db.updateTable('users').set({ updated_at: sql`updated_at` }).where('id', '=', p.userRef).execute();
      if (await db.selectFrom('passkeys').select('id').where('credential_id', '=', p.credentialId).executeTakeFirst()) return 'taken';
      const { n } = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number>().as('n')).where('user_ref', '=', p.userRef).executeTakeFirstOrThrow();
      if (Number(n) >= max) return null;
      return db.insertInto('passkeys').values({
        user_ref: p.userRef, credential_id: p.credentialId, public_key: p.publicKey, counter: p.counter, transports: JSON.stringify(p.transports),
        name: p.name, user_handle: p.userHandle, device_type: p.deviceType, backed_up: p.backedUp ? 1 : 0, created_at: p.createdAt, last_used_at: null,
      }).returningAll().executeTakeFirstOrThrow();
    },
    /**
     * Records a use with the authenticator's new signature counter. A counter that did not grow
     * (unless both are zero: the authenticator keeps none) means a cloned key or a replay: false.
     */
    async passkeyUsed(id: number, counter: number, backedUp: boolean, now: number): Promise<boolean> {
      const result = await db.updateTable('passkeys').set({ counter, backed_up: backedUp ? 1 : 0, last_used_at: now })
        .where('id', '=', id)
        .where(sql<boolean>`(counter < cast(${counter} as bigint) or (counter = 0 and cast(${counter} as bigint) = 0))`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async passkeyRename(userRef: number, id: number, name: string): Promise<boolean> {
      const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_ref', '=', userRef).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async passkeyDelete(userRef: number, id: number): Promise<PasskeyRow | undefined> {
      return db.deleteFrom('passkeys').where('id', '=', id).where('user_ref', '=', userRef).returningAll().executeTakeFirst();
    },
    async passkeysDeleteAll(userRef: number): Promise<number> {
      const result = await db.deleteFrom('passkeys').where('user_ref', '=', userRef).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    // --- Recovery codes ---
    /** The new codes replace every old one (call inside a unit of work). */
    async recoveryReplace(userRef: number, hashes: string[], now: number): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_ref', '=', userRef).execute();
      await db.insertInto('recovery_codes').values(hashes.map((code_hash) => ({ user_ref: userRef, code_hash, created_at: now, used_at: null }))).execute();
    },
    /** Spends an unused code: false when it is wrong or was used (a racing second use included). */
    async recoveryUse(userRef: number, hash: string, now: number): Promise<boolean> {
      const result = await db.updateTable('recovery_codes').set({ used_at: now })
        .where('user_ref', '=', userRef).where('code_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async recoveryStatus(userRef: number): Promise<{ remaining: number; total: number; createdAt: number } | null> {
      const row = await db.selectFrom('recovery_codes')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(sql`case when used_at is null then 1 else 0 end`).as('remaining'),
          eb.fn.max('created_at').as('createdAt'),
        ])
        .where('user_ref', '=', userRef).executeTakeFirst();
      if (!row || Number(row.total) === 0) return null;
      return { total: Number(row.total), remaining: Number(row.remaining ?? 0), createdAt: Number(row.createdAt) };
    },
    async recoveryDelete(userRef: number): Promise<number> {
      const result = await db.deleteFrom('recovery_codes').where('user_ref', '=', userRef).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    // --- WebAuthn challenges ---
    async challengeCreate(c: Challenge, now: number): Promise<void> {
      // Expired challenges are swept here, where new ones come in: the table stays as small as the ceremonies under way.
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
      await db.insertInto('webauthn_challenges').values({
        challenge: c.challenge, purpose: c.purpose, user_ref: c.userRef, binding: c.binding, created_at: now, expires_at: c.expiresAt,
      }).execute();
    },
    /** Records the use of a challenge that was never stored (a signed one): false when it was used before. */
    async challengeUse(challenge: string, purpose: string, expiresAt: number, now: number): Promise<boolean> {
      const used = await db.insertInto('webauthn_challenges')
        .values({ challenge, purpose, user_ref: null, binding: null, created_at: now, expires_at: expiresAt })
        .onConflict((oc) => oc.column('challenge').doNothing())
        .executeTakeFirst();
      return Number(used.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    /** Takes a live challenge of this purpose: only one taker ever gets it. */
    async challengeTake(challenge: string, purpose: string, now: number): Promise<Challenge | undefined> {
      const row = await db.deleteFrom('webauthn_challenges')
        .where('challenge', '=', challenge).where('purpose', '=', purpose).where('expires_at', '>', now)
        .returning(['challenge', 'purpose', 'user_ref', 'binding', 'expires_at'])
        .executeTakeFirst();
      return row && { challenge: row.challenge, purpose: row.purpose, userRef: row.user_ref, binding: row.binding, expiresAt: Number(row.expires_at) };
    },

    // --- Re-authentication stamps ---
    async reauthStamp(sessionRef: number, now: number, method: string): Promise<void> {
      await db.insertInto('session_reauth').values({ session_ref: sessionRef, reauth_at: now, method })
        .onConflict((oc) => oc.column('session_ref').doUpdateSet({ reauth_at: now, method }))
        .execute();
    },
    async reauthAt(sessionRef: number): Promise<number | null> {
      const row = await db.selectFrom('session_reauth').select('reauth_at').where('session_ref', '=', sessionRef).executeTakeFirst();
      return row ? Number(row.reauth_at) : null;
    },
  };
}

export type FactorsRepo = ReturnType<typeof factorsRepo>;
