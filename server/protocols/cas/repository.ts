import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { sha256 } from '../../platform/lib/crypto.js';
import type { SignOnApp } from '../signOn/step.js';
import { bestMatch, type ServicePattern } from './serviceUrl.js';

/** A registry entry with the application it belongs to. */
export interface CasService extends ServicePattern { app: SignOnApp & { homeUrl: string } }

export type TicketKind = 'ST' | 'PT';

export interface CasTicket {
  kind: TicketKind;
  service: string;
  appRef: number;
  userRef: number;
  portalSessionRef: number;
  authTime: number;
  newLogin: boolean;
  mfa: boolean;
  /** Most recent proxy first; empty for a service ticket. */
  proxies: string[];
  expiresAt: number;
}

export interface CasPgt {
  appRef: number;
  userRef: number;
  portalSessionRef: number;
  authTime: number;
  mfa: boolean;
  proxies: string[];
  expiresAt: number;
}

export interface CasSessionLink { id: number; service: string; ticket: string; account: string; appRef: number }

const list = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

/** The registry (read only: the workbench writes it), tickets, proxy-granting tickets and single-logout links. */
export function casRepo(db: Kysely<Database>) {
  return {
    /** The registration a service URL falls under (see serviceUrl.ts), whatever its application's state. */
    async serviceFor(service: URL): Promise<CasService | undefined> {
      // Every entry naming this host, however written: the parsed comparison decides. A host name
      // holds no `%`; an `_` (any one character to LIKE) only widens what is compared.
      const host = service.hostname;
      const rows = await db.selectFrom('cas_services').innerJoin('apps', 'apps.id', 'cas_services.app_ref')
        .select(['cas_services.url', 'cas_services.match', 'apps.id', 'apps.app_id', 'apps.app_name', 'apps.enabled', 'apps.second_auth_required', 'apps.idp_sso_url'])
        .where((eb) => eb(eb.fn('lower', ['cas_services.url']), 'like', `%${host}%`))
        .execute();
      const patterns = rows.map((r) => ({
        url: r.url, match: r.match === 'exact' ? 'exact' as const : 'prefix' as const,
        app: { id: r.id, appId: r.app_id, appName: r.app_name, enabled: r.enabled === 1, secondAuthRequired: r.second_auth_required === 1, homeUrl: r.idp_sso_url },
      }));
      return bestMatch(patterns, service);
    },

    async insertTicket(ticket: string, t: CasTicket, now: number): Promise<void> {
      await db.insertInto('cas_tickets').values({
        ticket_hash: sha256(ticket), kind: t.kind, service: t.service, app_ref: t.appRef, user_ref: t.userRef, portal_session_ref: t.portalSessionRef,
        auth_time: t.authTime, new_login: t.newLogin ? 1 : 0, mfa: t.mfa ? 1 : 0, proxies: t.kind === 'PT' ? JSON.stringify(t.proxies) : null,
        created_at: now, expires_at: t.expiresAt,
      }).execute();
    },

    /**
     * Takes a ticket of one of these kinds: one DELETE … RETURNING, so of validations sent at
     * once exactly one gets the row, on either store and across instances. Taken means spent,
     * whatever the validation then decides (a wrong service burns it).
     */
    async takeTicket(ticket: string, kinds: readonly TicketKind[]): Promise<CasTicket | undefined> {
      const row = await db.deleteFrom('cas_tickets').where('ticket_hash', '=', sha256(ticket)).where('kind', 'in', [...kinds])
        .returningAll().executeTakeFirst();
      return row && {
        kind: row.kind as TicketKind, service: row.service, appRef: row.app_ref, userRef: row.user_ref, portalSessionRef: row.portal_session_ref,
        authTime: Number(row.auth_time), newLogin: row.new_login === 1, mfa: row.mfa === 1, proxies: list(row.proxies), expiresAt: Number(row.expires_at),
      };
    },

    async insertPgt(pgt: string, p: CasPgt, now: number): Promise<void> {
      await db.insertInto('cas_pgts').values({
        pgt_hash: sha256(pgt), app_ref: p.appRef, user_ref: p.userRef, portal_session_ref: p.portalSessionRef, auth_time: p.authTime,
        mfa: p.mfa ? 1 : 0, proxies: JSON.stringify(p.proxies), created_at: now, expires_at: p.expiresAt,
      }).execute();
    },

    async deletePgt(pgt: string): Promise<void> {
      await db.deleteFrom('cas_pgts').where('pgt_hash', '=', sha256(pgt)).execute();
    },

    /** A proxy-granting ticket whose own lifetime and portal session both still run. */
    async livePgt(pgt: string, now: number): Promise<CasPgt | undefined> {
      const row = await db.selectFrom('cas_pgts').innerJoin('sessions', 'sessions.id', 'cas_pgts.portal_session_ref')
        .select(['cas_pgts.app_ref', 'cas_pgts.user_ref', 'cas_pgts.portal_session_ref', 'cas_pgts.auth_time', 'cas_pgts.mfa', 'cas_pgts.proxies', 'cas_pgts.expires_at'])
        .where('cas_pgts.pgt_hash', '=', sha256(pgt)).where('cas_pgts.expires_at', '>', now).where('sessions.expires_at', '>', now)
        .executeTakeFirst();
      return row && {
        appRef: row.app_ref, userRef: row.user_ref, portalSessionRef: row.portal_session_ref, authTime: Number(row.auth_time), mfa: row.mfa === 1,
        proxies: list(row.proxies), expiresAt: Number(row.expires_at),
      };
    },

    /** Whether the portal session is still signed in (a ticket of an ended one is refused). */
    async sessionLive(sessionRef: number, now: number): Promise<boolean> {
      const row = await db.selectFrom('sessions').select('id').where('id', '=', sessionRef).where('expires_at', '>', now).executeTakeFirst();
      return row !== undefined;
    },

    async link(l: Omit<CasSessionLink, 'id'> & { portalSessionRef: number }, now: number): Promise<void> {
      await db.insertInto('cas_sessions').values({
        portal_session_ref: l.portalSessionRef, app_ref: l.appRef, service: l.service, ticket: l.ticket, account: l.account, created_at: now,
      }).execute();
    },

    /** Links whose portal session is gone (signed out, ended by an administrator or a password change) or expired. */
    ended(now: number, limit: number): Promise<CasSessionLink[]> {
      return db.selectFrom('cas_sessions').leftJoin('sessions', 'sessions.id', 'cas_sessions.portal_session_ref')
        .select(['cas_sessions.id', 'cas_sessions.service', 'cas_sessions.ticket', 'cas_sessions.account', 'cas_sessions.app_ref as appRef'])
        .where((eb) => eb.or([eb('sessions.id', 'is', null), eb('sessions.expires_at', '<=', now)]))
        .orderBy('cas_sessions.id')
        .limit(limit)
        .execute();
    },

    /** Takes a link for this instance to act on: false when another instance took it first. */
    async claim(id: number): Promise<boolean> {
      const result = await db.deleteFrom('cas_sessions').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Drops what can no longer be used: expired tickets, proxy-granting tickets expired or of ended sessions. */
    async prune(now: number): Promise<void> {
      await db.deleteFrom('cas_tickets').where('expires_at', '<=', now).execute();
      await db.deleteFrom('cas_pgts').where((eb) => eb.or([
        eb('expires_at', '<=', now),
        eb.not(eb.exists(eb.selectFrom('sessions').select('sessions.id').whereRef('sessions.id', '=', 'cas_pgts.portal_session_ref').where('sessions.expires_at', '>', now))),
      ])).execute();
    },

    /** The codes of the roles the user holds in the application. */
    async roleCodes(userRef: number, appRef: number): Promise<string[]> {
      const rows = await db.selectFrom('user_roles').innerJoin('app_roles', 'app_roles.id', 'user_roles.role_ref')
        .innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref')
        .select('app_roles.code').where('user_roles.user_ref', '=', userRef).where('perm_groups.app_ref', '=', appRef)
        .orderBy('app_roles.code').execute();
      return [...new Set(rows.map((r) => r.code))];
    },

    async appById(appRef: number): Promise<(SignOnApp & { homeUrl: string }) | undefined> {
      const r = await db.selectFrom('apps').select(['id', 'app_id', 'app_name', 'enabled', 'second_auth_required', 'idp_sso_url']).where('id', '=', appRef).executeTakeFirst();
      return r && { id: r.id, appId: r.app_id, appName: r.app_name, enabled: r.enabled === 1, secondAuthRequired: r.second_auth_required === 1, homeUrl: r.idp_sso_url };
    },
  };
}

export type CasRepo = ReturnType<typeof casRepo>;
