import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../platform/db/constraints.js';
import type { Database, UpstreamProvidersTable } from '../platform/db/schema.js';
import type { UpstreamKind } from '../../contract/schemas/upstream.js';
import type { LinkRule, UpstreamSettings } from '../../contract/schemas/admin/upstream.js';

/** An identity provider as the sign-in reads it (the secret still sealed). */
export interface UpstreamProvider {
  code: string;
  name: string;
  kind: UpstreamKind;
  enabled: boolean;
  settings: UpstreamSettings;
  secretSealed: string | null;
  linkRule: LinkRule;
  askBind: boolean;
  jit: boolean;
  providerMfa: boolean;
  appIds: string[] | null;
  sortOrder: number;
  createdAt: number;
  updatedAt: number;
}

export function toProvider(row: UpstreamProvidersTable): UpstreamProvider {
  return {
    code: row.code, name: row.name, kind: row.kind as UpstreamKind, enabled: row.enabled === 1, settings: JSON.parse(row.settings) as UpstreamSettings,
    secretSealed: row.secret_sealed, linkRule: row.link_rule as LinkRule, askBind: row.ask_bind === 1, jit: row.jit === 1, providerMfa: row.provider_mfa === 1,
    appIds: row.app_ids === null ? null : (JSON.parse(row.app_ids) as string[]), sortOrder: row.sort_order, createdAt: Number(row.created_at), updatedAt: Number(row.updated_at),
  };
}

/** Providers for the sign-in, and the links (social_bindings rows whose source is a provider's code). */
export function upstreamRepo(db: Kysely<Database>) {
  return {
    async find(code: string): Promise<UpstreamProvider | undefined> {
      const row = await db.selectFrom('upstream_providers').selectAll().where('code', '=', code).executeTakeFirst();
      return row && toProvider(row);
    },
    async enabled(): Promise<UpstreamProvider[]> {
      const rows = await db.selectFrom('upstream_providers').selectAll().where('enabled', '=', 1).orderBy('sort_order').orderBy('code').execute();
      return rows.map(toProvider);
    },
    async linkedUser(source: string, subject: string): Promise<number | undefined> {
      const row = await db.selectFrom('social_bindings').select('user_ref').where('source', '=', source).where('social_id', '=', subject).executeTakeFirst();
      return row?.user_ref;
    },
    async hasLink(userRef: number, source: string): Promise<boolean> {
      return !!(await db.selectFrom('social_bindings').select('id').where('user_ref', '=', userRef).where('source', '=', source).executeTakeFirst());
    },
    /** A new link; false when the identity is linked already (the unique source + subject) — a race another request won. */
    async link(userRef: number, source: string, subject: string, upstreamName: string | null, now: number): Promise<boolean> {
      try {
        await db.insertInto('social_bindings').values({ user_ref: userRef, source, social_id: subject, upstream_name: upstreamName, created_at: now }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    /** Accounts holding this email address (lower-cased), at most two: one is a match, two are none. */
    async usersByEmail(email: string): Promise<number[]> {
      const rows = await db.selectFrom('users').select('id').where('email', '=', email).limit(2).execute();
      return rows.map((r) => r.id);
    },
  };
}

export type UpstreamRepo = ReturnType<typeof upstreamRepo>;
