import type { Kysely, Selectable } from 'kysely';
import type { AppsTable, Database } from '../db/schema.js';

export type AppRow = Selectable<AppsTable>;

export function appsRepo(db: Kysely<Database>) {
  return {
    findByAppId(appId: string): Promise<AppRow | undefined> {
      return db.selectFrom('apps').selectAll().where('app_id', '=', appId).executeTakeFirst();
    },
    findByClientId(clientId: string): Promise<AppRow | undefined> {
      return db.selectFrom('apps').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    },
    /** Enabled applications the user holds login permission for, in display order. */
    listByUser(userRef: number) {
      return db
        .selectFrom('user_apps')
        .innerJoin('apps', 'apps.id', 'user_apps.app_ref')
        .select(['apps.id', 'apps.app_id', 'apps.app_name', 'apps.icon', 'apps.client_id', 'apps.idp_sso_url'])
        .where('user_apps.user_ref', '=', userRef)
        .where('apps.enabled', '=', 1)
        .orderBy('apps.sort_order')
        .orderBy('apps.id')
        .execute();
    },
    async countByUser(userRef: number): Promise<number> {
      const row = await db
        .selectFrom('user_apps')
        .innerJoin('apps', 'apps.id', 'user_apps.app_ref')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_apps.user_ref', '=', userRef)
        .where('apps.enabled', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async hasPermission(userRef: number, appRef: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_apps')
        .select('app_ref')
        .where('user_ref', '=', userRef)
        .where('app_ref', '=', appRef)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
