import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

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
    /** Stores a value only if the key is absent; returns the value that won (first start races). */
    async setIfAbsent<T>(key: string, value: T): Promise<T> {
      await db.insertInto('config').values({ key, value: JSON.stringify(value) }).onConflict((oc) => oc.column('key').doNothing()).execute();
      return (await this.get<T>(key)) as T;
    },
  };
}
