import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The SP that started a logout and is answered once the others were told. */
export interface LogoutReply { appRef: number; requestId: string; relayState: string | null }

/** One SP's share of an ended portal session: the NameID and session indexes its LogoutRequest names. */
export interface SpSessions { appRef: number; nameId: string; nameIdFormat: string; sessionIndexes: string[] }

/** Queries of single logout: the SAML sessions a logout ends, the logouts under way, the requests awaiting their response. */
export function samlLogoutRepo(db: Kysely<Database>) {
  return {
    /** The portal session a SAML session belongs to, when the SP's NameID (and SessionIndex, if named) match a live row of that SP. */
    async matching(appRef: number, nameId: string, sessionIndexes: string[], now: number): Promise<number[]> {
      let query = db.selectFrom('saml_sessions').select('portal_session_ref').distinct()
        .where('app_ref', '=', appRef).where('name_id', '=', nameId).where('ended_at', 'is', null).where('expires_at', '>', now);
      if (sessionIndexes.length) query = query.where('session_index', 'in', sessionIndexes);
      return (await query.execute()).map((r) => r.portal_session_ref);
    },

    async hasSessions(portalSessionRef: number, now: number): Promise<boolean> {
      const row = await db.selectFrom('saml_sessions').select('session_index').where('portal_session_ref', '=', portalSessionRef)
        .where('ended_at', 'is', null).where('expires_at', '>', now).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Takes the next SP of the portal session to tell: all its live rows ended by one conditional
     * UPDATE, so two tabs (or instances) walking the same logout never tell an SP twice.
     */
    async takeNext(portalSessionRef: number, now: number, except: number | null): Promise<SpSessions | null> {
      for (;;) {
        let pick = db.selectFrom('saml_sessions').select('app_ref').where('portal_session_ref', '=', portalSessionRef)
          .where('ended_at', 'is', null).where('expires_at', '>', now);
        if (except !== null) pick = pick.where('app_ref', '!=', except);
        const next = await pick.orderBy('app_ref').limit(1).executeTakeFirst();
        if (!next) return null;
        const rows = await db.updateTable('saml_sessions').set({ ended_at: now }).where('portal_session_ref', '=', portalSessionRef)
          .where('app_ref', '=', next.app_ref).where('ended_at', 'is', null).returning(['session_index', 'name_id', 'name_id_format']).execute();
        if (!rows.length) continue;
        return { appRef: next.app_ref, nameId: rows[0].name_id, nameIdFormat: rows[0].name_id_format, sessionIndexes: rows.map((r) => r.session_index) };
      }
    },

    /** The requesting SP's own rows of that portal session end with its request (it has signed the user out itself). */
    async endOwn(portalSessionRef: number, appRef: number, now: number): Promise<void> {
      await db.updateTable('saml_sessions').set({ ended_at: now }).where('portal_session_ref', '=', portalSessionRef).where('app_ref', '=', appRef)
        .where('ended_at', 'is', null).execute();
    },

    async open(l: { id: string; portalSessionRef: number; reply: LogoutReply | null; now: number; expiresAt: number }): Promise<void> {
      await db.insertInto('saml_logouts').values({
        id: l.id, portal_session_ref: l.portalSessionRef, reply: l.reply && JSON.stringify(l.reply), partial: 0, created_at: l.now, expires_at: l.expiresAt,
      }).execute();
    },
    async logout(id: string, now: number): Promise<{ portalSessionRef: number; reply: LogoutReply | null; partial: boolean } | undefined> {
      const row = await db.selectFrom('saml_logouts').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
      return row && { portalSessionRef: row.portal_session_ref, reply: row.reply ? (JSON.parse(row.reply) as LogoutReply) : null, partial: row.partial === 1 };
    },
    /** An SP that could not be told (no SLO URL): the starting SP hears PartialLogout. */
    async markPartial(id: string): Promise<void> {
      await db.updateTable('saml_logouts').set({ partial: 1 }).where('id', '=', id).execute();
    },
    /** Ends the logout: whoever deletes it sends the final answer, once. */
    async close(id: string): Promise<boolean> {
      const result = await db.deleteFrom('saml_logouts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async sent(requestId: string, appRef: number, logoutId: string, expiresAt: number): Promise<void> {
      await db.insertInto('saml_logout_requests').values({ request_id: requestId, app_ref: appRef, logout_id: logoutId, expires_at: expiresAt }).execute();
    },
    /** The logout a LogoutResponse belongs to: the request it answers taken by one conditional DELETE (a replayed response finds nothing). */
    async answered(requestId: string, appRef: number, now: number): Promise<string | null> {
      const row = await db.deleteFrom('saml_logout_requests').where('request_id', '=', requestId).where('app_ref', '=', appRef)
        .where('expires_at', '>', now).returning('logout_id').executeTakeFirst();
      return row?.logout_id ?? null;
    },

    /**
     * Drops what single logout can no longer use: expired logouts and requests, ended or expired
     * SAML sessions, and those whose portal session is gone with no logout under way for it (ended
     * by an administrator, a password change or expiry: there is no browser to carry their
     * front-channel LogoutRequests, so the SP's own session runs out). Returns the rows dropped.
     */
    async prune(now: number): Promise<number> {
      await db.deleteFrom('saml_logouts').where('expires_at', '<=', now).execute();
      await db.deleteFrom('saml_logout_requests').where('expires_at', '<=', now).execute();
      const result = await db.deleteFrom('saml_sessions').where((eb) => eb.or([
        eb('ended_at', 'is not', null),
        eb('expires_at', '<=', now),
        eb.and([
          eb.not(eb.exists(eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.id', '=', 'saml_sessions.portal_session_ref').where('sessions.expires_at', '>', now))),
          eb.not(eb.exists(eb.selectFrom('saml_logouts').select('saml_logouts.id').whereRef('saml_logouts.portal_session_ref', '=', 'saml_sessions.portal_session_ref'))),
        ]),
      ])).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SamlLogoutRepo = ReturnType<typeof samlLogoutRepo>;
