import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { isSqlite } from '../platform/db/paging.js';
import { appRiskPolicy, type AppRiskPolicy } from '../../contract/schemas/risk.js';

/**
 * Any number outside the first variant's 32-bit keys, so no other lock shares it: held by every
 * change of a zone or of an application's risk policy until its transaction ends (PostgreSQL;
 * SQLite writes one at a time anyway), so a zone cannot be deleted or made "blocked" while an
 * application is being confined to it.
 */
const PG_RISK_POLICY_LOCK = 741_852_977;

/** An application's stored policy, or null (follows the default; also for a value that no longer reads as a policy). */
export function parseAppRiskPolicy(raw: string | null): AppRiskPolicy | null {
  if (raw === null) return null;
  try {
    const parsed = appRiskPolicy.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** apps.risk_policy: each application's own risk policy (JSON appRiskPolicy), null following the default. */
export function appRiskRepo(db: Kysely<Database>) {
  return {
    async lock(): Promise<void> {
      if (!isSqlite(db)) await sql`select pg_advisory_xact_lock(${PG_RISK_POLICY_LOCK})`.execute(db);
    },
    async policyOf(appRef: number): Promise<AppRiskPolicy | null> {
      const row = await db.selectFrom('apps').select('risk_policy').where('id', '=', appRef).executeTakeFirst();
      return parseAppRiskPolicy(row?.risk_policy ?? null);
    },
    /** False when no such application. */
    async setPolicy(appRef: number, policy: AppRiskPolicy | null): Promise<boolean> {
      const result = await db.updateTable('apps').set({ risk_policy: policy === null ? null : JSON.stringify(policy) }).where('id', '=', appRef).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** The applications with a policy of their own that names zones, with the zones named. */
    async confined(): Promise<{ id: number; appName: string; zones: number[] }[]> {
      const rows = await db.selectFrom('apps').select(['id', 'app_name', 'risk_policy']).where('risk_policy', 'is not', null).orderBy('app_name').execute();
      return rows
        .map((r) => ({ id: Number(r.id), appName: r.app_name, zones: parseAppRiskPolicy(r.risk_policy)?.zones ?? [] }))
        .filter((r) => r.zones.length > 0);
    },
  };
}

export type AppRiskRepo = ReturnType<typeof appRiskRepo>;
