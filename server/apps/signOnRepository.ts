import { sql, type Kysely } from 'kysely';
import type { CasMatch, SamlAcs, SamlAttribute } from '../../contract/schemas/admin/appsSignOn.js';
import type { Database } from '../platform/db/schema.js';
import { isSqlite } from '../platform/db/paging.js';

/** An application's SAML service provider as stored (certificates as base64 DER). */
export interface SamlSpRecord {
  entityId: string;
  acsUrls: SamlAcs[];
  sloUrl: string | null;
  sloBinding: 'post' | 'redirect' | null;
  nameIdFormat: 'persistent' | 'email' | 'unspecified';
  attributes: SamlAttribute[];
  requestsSigned: boolean;
  signingCerts: string[];
  encryptionCert: string | null;
  metadataXml: string | null;
  updatedAt: number;
}

export interface CasServiceRecord { url: string; match: CasMatch; createdAt: number }

/** A JSON array column, read leniently: anything else is an empty list. */
function listOf<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * Any number outside the first variant's 32-bit keys, so no other lock shares it: held by a
 * registration save until its transaction ends (PostgreSQL; SQLite writes one at a time anyway).
 */
const PG_SIGN_ON_REGISTRY_LOCK = 741_852_964;

/** Workbench queries: what the SAML identity provider and the CAS server read of an application. */
export function adminSignOnRepo(db: Kysely<Database>) {
  async function casList(appRef: number): Promise<CasServiceRecord[]> {
    const rows = await db.selectFrom('cas_services').select(['url', 'match', 'created_at']).where('app_ref', '=', appRef).orderBy('url').execute();
    return rows.map((r) => ({ url: r.url, match: r.match as CasMatch, createdAt: Number(r.created_at) }));
  }

  return {
    /**
     * Serialises the registry's saves across instances, inside the caller's transaction: whether a
     * CAS URL overlaps another application's, and which protocol an application speaks, are
     * questions about rows that may not exist yet, which no row lock can guard.
     */
    async lockRegistry(): Promise<void> {
      if (!isSqlite(db)) await sql`select pg_advisory_xact_lock(${PG_SIGN_ON_REGISTRY_LOCK})`.execute(db);
    },

    async samlFind(appRef: number): Promise<SamlSpRecord | undefined> {
      const row = await db.selectFrom('saml_sps').selectAll().where('app_ref', '=', appRef).executeTakeFirst();
      return row && {
        entityId: row.entity_id, acsUrls: listOf<SamlAcs>(row.acs_urls), sloUrl: row.slo_url,
        sloBinding: row.slo_binding as SamlSpRecord['sloBinding'], nameIdFormat: row.name_id_format as SamlSpRecord['nameIdFormat'],
        attributes: listOf<SamlAttribute>(row.attributes), requestsSigned: Number(row.requests_signed) === 1,
        signingCerts: listOf<string>(row.signing_certs), encryptionCert: row.encryption_cert, metadataXml: row.metadata_xml, updatedAt: Number(row.updated_at),
      };
    },
    /** Inserts or replaces; a unique violation (the entity ID is another application's) is the caller's to name. */
    async samlSave(appRef: number, sp: SamlSpRecord): Promise<void> {
      const values = {
        entity_id: sp.entityId, acs_urls: JSON.stringify(sp.acsUrls), slo_url: sp.sloUrl, slo_binding: sp.sloBinding,
        name_id_format: sp.nameIdFormat, attributes: JSON.stringify(sp.attributes), requests_signed: sp.requestsSigned ? 1 : 0,
        signing_certs: JSON.stringify(sp.signingCerts), encryption_cert: sp.encryptionCert, metadata_xml: sp.metadataXml, updated_at: sp.updatedAt,
      };
      await db.insertInto('saml_sps').values({ app_ref: appRef, ...values })
        .onConflict((oc) => oc.column('app_ref').doUpdateSet(values)).execute();
    },
    async samlDelete(appRef: number): Promise<boolean> {
      return Number((await db.deleteFrom('saml_sps').where('app_ref', '=', appRef).executeTakeFirst()).numDeletedRows) === 1;
    },

    casList,
    /** Replaces the list; a URL kept keeps when it was first registered. */
    async casReplace(appRef: number, services: { url: string; match: CasMatch }[], now: number): Promise<void> {
      const before = new Map((await casList(appRef)).map((s) => [s.url, s.createdAt]));
      await db.deleteFrom('cas_services').where('app_ref', '=', appRef).execute();
      if (!services.length) return;
      await db.insertInto('cas_services')
        .values(services.map((s) => ({ app_ref: appRef, url: s.url, match: s.match, created_at: before.get(s.url) ?? now })))
        .execute();
    },
    async casDelete(appRef: number): Promise<number> {
      return Number((await db.deleteFrom('cas_services').where('app_ref', '=', appRef).executeTakeFirst()).numDeletedRows);
    },
    /**
     * Other applications' URLs a service would share a ticket with: the same URL, one of their
     * prefixes it falls under, or (for a prefix) one of theirs it would cover. Compared as
     * strings, as the CAS server matches them.
     */
    async casOverlaps(appRef: number, services: { url: string; match: CasMatch }[]): Promise<string[]> {
      if (!services.length) return [];
      const rows = await db.selectFrom('cas_services').select('url').where('app_ref', '<>', appRef)
        .where((eb) => eb.or(services.flatMap((s) => [
          eb('url', '=', s.url),
          eb.and([eb('match', '=', 'prefix'), eb(sql<string>`substr(${s.url}, 1, length(url))`, '=', eb.ref('url'))]),
          ...(s.match === 'prefix' ? [eb(sql<string>`substr(url, 1, ${s.url.length})`, '=', s.url)] : []),
        ])))
        .limit(services.length + 1).execute();
      return rows.map((r) => r.url);
    },

    /** Which protocol each of these applications is registered for, beyond OpenID Connect and legacy. */
    async registeredProtocols(appRefs: number[]): Promise<Map<number, 'saml' | 'cas'>> {
      if (!appRefs.length) return new Map();
      const saml = await db.selectFrom('saml_sps').select('app_ref').where('app_ref', 'in', appRefs).execute();
      const cas = await db.selectFrom('cas_services').select('app_ref').distinct().where('app_ref', 'in', appRefs).execute();
      const protocols = new Map<number, 'saml' | 'cas'>(cas.map((r) => [r.app_ref, 'cas']));
      for (const r of saml) protocols.set(r.app_ref, 'saml');
      return protocols;
    },
  };
}

export type AdminSignOnRepo = ReturnType<typeof adminSignOnRepo>;
