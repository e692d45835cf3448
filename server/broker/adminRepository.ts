import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../platform/db/constraints.js';
import type { Database } from '../platform/db/schema.js';
import { toProvider, type UpstreamProvider } from './repository.js';

export type ProviderRecord = Omit<UpstreamProvider, 'createdAt' | 'updatedAt'>;

const toRow = (p: ProviderRecord) => ({
  name: p.name, kind: p.kind, enabled: p.enabled ? 1 : 0, settings: JSON.stringify(p.settings), secret_sealed: p.secretSealed, link_rule: p.linkRule,
  ask_bind: p.askBind ? 1 : 0, jit: p.jit ? 1 : 0, provider_mfa: p.providerMfa ? 1 : 0, app_ids: p.appIds === null ? null : JSON.stringify(p.appIds), sort_order: p.sortOrder,
});

/** Workbench: the identity providers, with how many people linked an account through each. */
export function adminUpstreamRepo(db: Kysely<Database>) {
  return {
    async list(): Promise<(UpstreamProvider & { links: number })[]> {
      const rows = await db.selectFrom('upstream_providers as p')
        .selectAll('p')
        .select((eb) => eb.selectFrom('social_bindings as b').select((e) => e.fn.countAll<number>().as('n')).whereRef('b.source', '=', 'p.code').as('links'))
        .orderBy('p.sort_order').orderBy('p.code')
        .execute();
      return rows.map((r) => ({ ...toProvider(r), links: Number(r.links ?? 0) }));
    },
    async find(code: string): Promise<UpstreamProvider | undefined> {
      const row = await db.selectFrom('upstream_providers').selectAll().where('code', '=', code).executeTakeFirst();
      return row && toProvider(row);
    },
    /** False when the code is taken. */
    async insert(p: ProviderRecord, now: number): Promise<boolean> {
      try {
        await db.insertInto('upstream_providers').values({ code: p.code, ...toRow(p), created_at: now, updated_at: now }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async update(p: ProviderRecord, now: number): Promise<boolean> {
      const result = await db.updateTable('upstream_providers').set({ ...toRow(p), updated_at: now }).where('code', '=', p.code).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The provider and every link made through it. */
    async delete(code: string): Promise<boolean> {
      await db.deleteFrom('social_bindings').where('source', '=', code).execute();
      const result = await db.deleteFrom('upstream_providers').where('code', '=', code).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
