import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { NameIdKind } from './constants.js';

export interface AcsUrl { url: string; index: number; isDefault: boolean }
export type AttributeSource = 'account' | 'name' | 'email' | 'phone' | 'department' | 'roles' | 'groups';
export interface AttributeRule { source: AttributeSource; name: string; friendlyName?: string | null }

/** A registered service provider with its application, as the identity provider works with it. */
export interface ServiceProvider {
  appRef: number;
  appId: string;
  appName: string;
  enabled: boolean;
  secondAuthRequired: boolean;
  entityId: string;
  acsUrls: AcsUrl[];
  sloUrl: string | null;
  sloBinding: 'post' | 'redirect' | null;
  nameIdFormat: NameIdKind;
  attributes: AttributeRule[];
  requestsSigned: boolean;
  signingCerts: string[];
  encryptionCert: string | null;
}

/** The validated request a sign-in resumes (or, from "my apps", none: requestId null). */
export interface PendingRequest {
  requestId: string | null;
  acsUrl: string;
  forceAuthn: boolean;
  isPassive: boolean;
  nameIdFormat: NameIdKind;
  relayState: string | null;
  /** When the request arrived, in ms: ForceAuthn wants a sign-in at or after it. */
  receivedAt: number;
}

const json = <T>(text: string | null, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

export function samlRepo(db: Kysely<Database>) {
  const spQuery = () => db.selectFrom('saml_sps').innerJoin('apps', 'apps.id', 'saml_sps.app_ref').select([
    'saml_sps.app_ref', 'apps.app_id', 'apps.app_name', 'apps.enabled', 'apps.second_auth_required', 'saml_sps.entity_id', 'saml_sps.acs_urls',
    'saml_sps.slo_url', 'saml_sps.slo_binding', 'saml_sps.name_id_format', 'saml_sps.attributes', 'saml_sps.requests_signed', 'saml_sps.signing_certs',
    'saml_sps.encryption_cert',
  ]);
  type Row = Awaited<ReturnType<ReturnType<typeof spQuery>['executeTakeFirstOrThrow']>>;
  const toSp = (r: Row): ServiceProvider => ({
    appRef: r.app_ref, appId: r.app_id, appName: r.app_name, enabled: r.enabled === 1, secondAuthRequired: r.second_auth_required === 1,
    entityId: r.entity_id, acsUrls: json<AcsUrl[]>(r.acs_urls, []), sloUrl: r.slo_url,
    sloBinding: r.slo_binding === 'post' || r.slo_binding === 'redirect' ? r.slo_binding : null,
    nameIdFormat: (['persistent', 'email', 'unspecified'].includes(r.name_id_format) ? r.name_id_format : 'persistent') as NameIdKind,
    attributes: json<AttributeRule[]>(r.attributes, []), requestsSigned: Number(r.requests_signed) === 1,
    signingCerts: json<string[]>(r.signing_certs, []), encryptionCert: r.encryption_cert || null,
  });

  return {
    async byEntityId(entityId: string): Promise<ServiceProvider | undefined> {
      const row = await spQuery().where('saml_sps.entity_id', '=', entityId).executeTakeFirst();
      return row && toSp(row);
    },
    async byAppId(appId: string): Promise<ServiceProvider | undefined> {
      const row = await spQuery().where('apps.app_id', '=', appId).executeTakeFirst();
      return row && toSp(row);
    },
    async byAppRef(appRef: number): Promise<ServiceProvider | undefined> {
      const row = await spQuery().where('saml_sps.app_ref', '=', appRef).executeTakeFirst();
      return row && toSp(row);
    },

    /**
     * Records a request ID as answered; false when this SP already sent it (a replay). One insert
     * that does nothing on conflict: of two requests with one ID sent at once, exactly one is first.
     */
    async firstUse(appRef: number, requestId: string, now: number, expiresAt: number): Promise<boolean> {
      await db.deleteFrom('saml_seen_requests').where('expires_at', '<', now).execute();
      const row = await db.insertInto('saml_seen_requests').values({ app_ref: appRef, request_id: requestId, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['app_ref', 'request_id']).doNothing()).returning('request_id').executeTakeFirst();
      return row !== undefined;
    },

    async savePending(id: string, appRef: number, request: PendingRequest, now: number, expiresAt: number): Promise<void> {
      await db.deleteFrom('saml_pending').where('expires_at', '<', now).execute();
      await db.insertInto('saml_pending').values({ id, app_ref: appRef, request: JSON.stringify(request), created_at: now, expires_at: expiresAt }).execute();
    },
    async pending(id: string, now: number): Promise<{ appRef: number; request: PendingRequest } | undefined> {
      const row = await db.selectFrom('saml_pending').select(['app_ref', 'request']).where('id', '=', id).where('expires_at', '>=', now).executeTakeFirst();
      return row && { appRef: row.app_ref, request: JSON.parse(row.request) as PendingRequest };
    },
    /** Takes the pending request for its one answer; false when another browser tab (or a replay) took it first. */
    async takePending(id: string, now: number): Promise<boolean> {
      const row = await db.deleteFrom('saml_pending').where('id', '=', id).where('expires_at', '>=', now).returning('id').executeTakeFirst();
      return row !== undefined;
    },

    async saveSession(s: { sessionIndex: string; appRef: number; userRef: number; portalSessionRef: number; nameId: string; nameIdFormat: string; now: number; expiresAt: number }): Promise<void> {
      await db.deleteFrom('saml_sessions').where('expires_at', '<', s.now).execute();
      await db.insertInto('saml_sessions').values({
        session_index: s.sessionIndex, app_ref: s.appRef, user_ref: s.userRef, portal_session_ref: s.portalSessionRef, name_id: s.nameId,
        name_id_format: s.nameIdFormat, created_at: s.now, expires_at: s.expiresAt, ended_at: null,
      }).execute();
    },
    /** Ends the SP's sessions of this subject (all of them, or those named by SessionIndex); the portal sessions they came from. */
    async endSessions(appRef: number, nameId: string, sessionIndexes: string[], now: number): Promise<number[]> {
      let query = db.updateTable('saml_sessions').set({ ended_at: now }).where('app_ref', '=', appRef).where('name_id', '=', nameId).where('ended_at', 'is', null);
      if (sessionIndexes.length) query = query.where('session_index', 'in', sessionIndexes);
      const rows = await query.returning('portal_session_ref').execute();
      return [...new Set(rows.map((r) => r.portal_session_ref))];
    },

    async roleCodes(userRef: number, appRef: number): Promise<string[]> {
      const rows = await db.selectFrom('user_roles').innerJoin('app_roles', 'app_roles.id', 'user_roles.role_ref')
        .innerJoin('perm_groups', 'perm_groups.id', 'app_roles.group_ref').select('app_roles.code')
        .where('user_roles.user_ref', '=', userRef).where('perm_groups.app_ref', '=', appRef).orderBy('app_roles.code').execute();
      return [...new Set(rows.map((r) => r.code))];
    },
    async groupCodes(userRef: number): Promise<string[]> {
      const rows = await db.selectFrom('group_members').innerJoin('mail_groups', 'mail_groups.id', 'group_members.group_ref')
        .select('mail_groups.group_code').where('group_members.user_ref', '=', userRef).orderBy('mail_groups.group_code').execute();
      return rows.map((r) => r.group_code);
    },
  };
}

export type SamlRepo = ReturnType<typeof samlRepo>;
