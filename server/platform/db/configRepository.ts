import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Key → JSON value settings (login page, login types, SM2 key pair, notices…). */
export function configRepo(db: Kysely<Database>) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const row = await db.selectFrom('config').select('value').where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async set(key: string, value: unknown): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('config')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
        .execute();
    },
    /** The stored JSON text of each key present, as written (compare-and-set needs it verbatim). */
    async getRaw(keys: readonly string[]): Promise<Map<string, string>> {
      if (!keys.length) return new Map();
      const rows = await db.selectFrom('config').select(['key', 'value']).where('key', 'in', keys).execute();
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    /**
     * Stores a value only if the key still holds `expected` (JSON text as getRaw gave it; null: the
     * key must be absent). One statement, so two writers racing cannot both win; false when lost.
     */
    async replace(key: string, expected: string | null, value: unknown): Promise<boolean> {
      const json = JSON.stringify(value);
      if (expected === null) {
        const inserted = await db.insertInto('config').values({ key, value: json }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const updated = await db.updateTable('config').set({ value: json }).where('key', '=', key).where('value', '=', expected).executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
    /** Stores a value only if the key is absent; returns the value that won (first start races). */
    async setIfAbsent<T>(key: string, value: T): Promise<T> {
      await db.insertInto('config').values({ key, value: JSON.stringify(value) }).onConflict((oc) => oc.column('key').doNothing()).execute();
      return (await this.get<T>(key)) as T;
    },
  };
}
