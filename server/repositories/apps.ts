import type { Kysely, Selectable } from 'kysely';
import type { AppsTable, Database } from '../db/schema.js';

/** An application the portal signs people into. */
export interface App {
  id: number;
  appId: string;
  appName: string;
  icon: string | null;
  clientId: string;
  idpSsoUrl: string;
  /** JSON array of allowed login types, e.g. ["ACCOUNT","MSG_CODE"]. */
  loginTypes: string;
  secondAuthRequired: boolean;
  /** Connected to the permission system (has roles). */
  permSystem: boolean;
  enabled: boolean;
  sortOrder: number;
  createdAt: number;
}

/** The few fields of an application its tile on "my applications" needs. */
export type AppTileInfo = Pick<App, 'id' | 'appId' | 'appName' | 'icon' | 'clientId' | 'idpSsoUrl'>;

function toApp(row: Selectable<AppsTable>): App {
  return {
    id: row.id,
    appId: row.app_id,
    appName: row.app_name,
    icon: row.icon,
    clientId: row.client_id,
    idpSsoUrl: row.idp_sso_url,
    loginTypes: row.login_types,
    secondAuthRequired: row.second_auth_required === 1,
    permSystem: row.perm_system === 1,
    enabled: row.enabled === 1,
    sortOrder: row.sort_order,
    createdAt: row.created_at,
  };
}

export function appsRepo(db: Kysely<Database>) {
  return {
    async findByAppId(appId: string): Promise<App | undefined> {
      const row = await db.selectFrom('apps').selectAll().where('app_id', '=', appId).executeTakeFirst();
      return row && toApp(row);
    },
    async findByClientId(clientId: string): Promise<App | undefined> {
      const row = await db.selectFrom('apps').selectAll().where('client_id', '=', clientId).executeTakeFirst();
      return row && toApp(row);
    },
    /** Enabled applications the user holds login permission for, in display order. */
    listByUser(userRef: number): Promise<AppTileInfo[]> {
      return db
        .selectFrom('user_apps')
        .innerJoin('apps', 'apps.id', 'user_apps.app_ref')
        .select(['apps.id', 'apps.app_id as appId', 'apps.app_name as appName', 'apps.icon', 'apps.client_id as clientId', 'apps.idp_sso_url as idpSsoUrl'])
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
