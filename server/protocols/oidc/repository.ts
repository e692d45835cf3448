import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { AppsTable, Database } from '../../platform/db/schema.js';
import { reusable } from '../../platform/db/reusable.js';
import { appCache } from '../../apps/appCache.js';
import { permitted } from '../../apps/repository.js';

/** An application's OpenID Connect settings, next to the identity the portal already knows it by. */
export interface OidcApp {
  id: number;
  appId: string;
  appName: string;
  clientId: string;
  enabled: boolean;
  /** Launched with the old one-time code (and not an OIDC client). */
  legacy: boolean;
  firstParty: boolean;
  secondAuthRequired: boolean;
  homeUrl: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: string[] | null;
  tokenAuthMethod: string | null;
  jwks: { keys: unknown[] } | null;
  accessTokenTtl: number | null;
  idTokenTtl: number | null;
  refreshTokenTtl: number | null;
  backchannelLogoutUri: string | null;
  initiateLoginUri: string | null;
}

function list(json: string | null): string[] {
  if (!json) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Every column but the icon (an image, often kilobytes, read on every token request otherwise). */
const COLUMNS = [
  'id', 'app_id', 'app_name', 'client_id', 'enabled', 'sso_legacy', 'oidc_first_party', 'second_auth_required', 'idp_sso_url',
  'oidc_redirect_uris', 'oidc_post_logout_redirect_uris', 'oidc_grant_types', 'oidc_token_auth_method', 'oidc_jwks',
  'oidc_access_token_ttl', 'oidc_id_token_ttl', 'oidc_refresh_token_ttl', 'oidc_backchannel_logout_uri', 'oidc_initiate_login_uri',
] as const satisfies readonly (keyof AppsTable)[];

function toOidcApp(row: Pick<Selectable<AppsTable>, (typeof COLUMNS)[number]>): OidcApp {
  return {
    id: row.id, appId: row.app_id, appName: row.app_name, clientId: row.client_id, enabled: row.enabled === 1, legacy: row.sso_legacy === 1,
    firstParty: row.oidc_first_party === 1, secondAuthRequired: row.second_auth_required === 1, homeUrl: row.idp_sso_url,
    redirectUris: list(row.oidc_redirect_uris), postLogoutRedirectUris: list(row.oidc_post_logout_redirect_uris),
    grantTypes: row.oidc_grant_types ? list(row.oidc_grant_types) : null, tokenAuthMethod: row.oidc_token_auth_method,
    jwks: row.oidc_jwks ? (JSON.parse(row.oidc_jwks) as { keys: unknown[] }) : null,
    accessTokenTtl: row.oidc_access_token_ttl, idTokenTtl: row.oidc_id_token_ttl, refreshTokenTtl: row.oidc_refresh_token_ttl,
    backchannelLogoutUri: row.oidc_backchannel_logout_uri, initiateLoginUri: row.oidc_initiate_login_uri,
  };
}

/**
 * An access token with everything userinfo judges it by, as of one moment: its grant and the
 * provider session it expires with (live rows only, as the adapter reads them), the account its
 * subject names, and whether that account may use the application its client id names. A part
 * that is not there is null.
 */
export interface UserinfoRead {
  token: string;
  tokenConsumed: number | null;
  grant: string | null;
  session: string | null;
  userRef: number | null;
  account: string | null;
  userName: string | null;
  email: string | null;
  mobileNo: string | null;
  enabled: number | null;
  activated: number | null;
  registrationPending: number | null;
  userExpireDate: number | null;
  appRef: number | null;
  /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
  permitted: boolean | number | null;
}

/** A provider session and the portal session it was opened from. */
export interface PortalLink { sessionUid: string; portalSessionRef: number }

/** Subjects kept in memory at most; past it the map starts afresh (a cache, not a record). */
const SUBJECTS_CACHED = 10_000;

/** Applications as clients, subjects, roles, and the links between provider and portal sessions. */
export function oidcRepo(db: Kysely<Database>) {
  // A subject never changes owner (a random UUID per user, never reassigned), so its user is
  // remembered: userinfo and the token endpoint ask for it on every call.
  const subjects = new Map<string, number>();
  // Read on every authorisation, code exchange and userinfo: built once (platform/db/reusable.ts).
  const appOfClient = reusable(db, (v: { clientId: string }) => db.selectFrom('apps').select(COLUMNS).where('client_id', '=', v.clientId));
  const rolesOf = reusable(db, (v: { userRef: number; appRef: number }) => db.selectFrom('user_roles')
    .innerJoin('app_roles', 'app_roles.id', 'user_roles.role_ref')
    .innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref')
    .select('app_roles.code')
    .where('user_roles.user_ref', '=', v.userRef)
    .where('perm_groups.app_ref', '=', v.appRef)
    .orderBy('app_roles.code'));
  // The token's grant, session, account and permission are named only inside its payload.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const field = (name: 'sessionUid' | 'accountId' | 'clientId') => (postgres ? sql<string>`(t.payload::json ->> ${sql.lit(name)})` : sql<string>`(t.payload ->> ${sql.lit(name)})`);
  const forUserinfo = reusable(db, (v: { id: string; now: number }) => db.selectFrom('oidc_payloads as t')
    .leftJoin('oidc_payloads as g', (j) => j.on('g.kind', '=', 'Grant').onRef('g.id', '=', 't.grant_id').on('g.expires_at', '>', v.now))
    .leftJoin('oidc_payloads as s', (j) => j.on('s.kind', '=', 'Session').on('s.uid', '=', field('sessionUid')).on('s.expires_at', '>', v.now))
    .leftJoin('oidc_subjects as sj', (j) => j.on('sj.sub', '=', field('accountId')))
    .leftJoin('users as u', 'u.id', 'sj.user_ref')
    .leftJoin('apps', (j) => j.on('apps.client_id', '=', field('clientId')))
    .select([
      't.payload as token', 't.consumed_at as tokenConsumed', 'g.payload as grant', 's.payload as session', 'u.id as userRef', 'u.user_id as account',
      'u.user_name as userName', 'u.email', 'u.mobile_no as mobileNo', 'u.enabled', 'u.activated', 'u.registration_pending as registrationPending',
      'u.user_expire_date as userExpireDate', 'apps.id as appRef',
    ])
    .select((eb) => permitted(eb as unknown as ExpressionBuilder<Database, 'apps'>, eb.ref('u.id')).as('permitted'))
    .where('t.kind', '=', 'AccessToken').where('t.id', '=', v.id).where('t.expires_at', '>', v.now), { direct: true });
  // Asked by client lookup, the account check and the id_token's claims of every token request:
  // a second's copy, dropped at once by a save on this instance (apps/appCache.ts).
  const appByClientId = appCache(async (clientId: string): Promise<OidcApp | undefined> => {
    const [row] = await appOfClient({ clientId });
    return row && toOidcApp(row);
  });
  return {
    appByClientId,

    /** Userinfo's one read (userinfo.ts): an access token, its grant and session, its account and permission. */
    async forUserinfo(tokenId: string, now: number): Promise<UserinfoRead | undefined> {
      const [row] = await forUserinfo({ id: tokenId, now });
      return row as UserinfoRead | undefined;
    },

    /**
     * The user's `sub`, made on first use: a random UUID, so it reveals nothing and survives a
     * rename of the account. Racing first uses keep whichever insert landed.
     */
    async subjectOf(userRef: number, now: number): Promise<string> {
      const found = await db.selectFrom('oidc_subjects').select('sub').where('user_ref', '=', userRef).executeTakeFirst();
      if (found) return found.sub;
      await db.insertInto('oidc_subjects').values({ user_ref: userRef, sub: randomUUID(), created_at: now })
        .onConflict((oc) => oc.column('user_ref').doNothing()).execute();
      const row = await db.selectFrom('oidc_subjects').select('sub').where('user_ref', '=', userRef).executeTakeFirstOrThrow();
      return row.sub;
    },
    async userOfSubject(sub: string): Promise<number | undefined> {
      const known = subjects.get(sub);
      if (known !== undefined) return known;
      const row = await db.selectFrom('oidc_subjects').select('user_ref').where('sub', '=', sub).executeTakeFirst();
      if (row) {
        if (subjects.size >= SUBJECTS_CACHED) subjects.clear();
        subjects.set(sub, row.user_ref);
      }
      return row?.user_ref;
    },

    /** The codes of the roles the user holds in the application. */
    async roleCodes(userRef: number, appRef: number): Promise<string[]> {
      const rows = await rolesOf({ userRef, appRef });
      return [...new Set(rows.map((r) => r.code))];
    },

    async link(sessionUid: string, portalSessionRef: number, now: number, expiresAt: number): Promise<void> {
      await db.insertInto('oidc_portal_links').values({ session_uid: sessionUid, portal_session_ref: portalSessionRef, created_at: now, expires_at: expiresAt })
        .onConflict((oc) => oc.column('session_uid').doUpdateSet({ portal_session_ref: portalSessionRef, created_at: now, expires_at: expiresAt }))
        .execute();
    },
    async linkOf(sessionUid: string): Promise<PortalLink | undefined> {
      const row = await db.selectFrom('oidc_portal_links').select(['session_uid as sessionUid', 'portal_session_ref as portalSessionRef'])
        .where('session_uid', '=', sessionUid).executeTakeFirst();
      return row;
    },
    /** Links whose portal session is gone (signed out, ended by an administrator, expired) or whose provider session expired. */
    ended(now: number, limit: number): Promise<PortalLink[]> {
      return db.selectFrom('oidc_portal_links')
        .leftJoin('sessions', 'sessions.id', 'oidc_portal_links.portal_session_ref')
        .select(['oidc_portal_links.session_uid as sessionUid', 'oidc_portal_links.portal_session_ref as portalSessionRef'])
        .where((eb) => eb.or([eb('sessions.id', 'is', null), eb('sessions.expires_at', '<=', now), eb('oidc_portal_links.expires_at', '<=', now)]))
        .limit(limit)
        .execute();
    },
    /** Takes a link for this instance to act on: false when another instance took it first. */
    async claim(link: PortalLink): Promise<boolean> {
      const result = await db.deleteFrom('oidc_portal_links').where('session_uid', '=', link.sessionUid)
        .where('portal_session_ref', '=', link.portalSessionRef).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type OidcRepo = ReturnType<typeof oidcRepo>;
