import type { Expression, ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { CaptchaStrategy } from '../../contract/enums.js';
import type { AppsTable, Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';
import type { AppRiskPolicy } from '../../contract/schemas/risk.js';
import { parseAppRiskPolicy } from '../risk/appRiskRepository.js';
import { toUser, type User } from '../organisation/usersRepository.js';

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
  /** How the sign-in page asks for a captcha for this app; null: each login type's own strategy. */
  captchaStrategy: CaptchaStrategy | null;
  /** Launched with the old one-time code; otherwise an OpenID Connect client. */
  ssoLegacy: boolean;
  /** An OpenID Connect client's address for starting a sign-in (third-party initiated login). */
  initiateLoginUri: string | null;
  /** The application's own risk policy (apps.risk_policy); null follows the default. */
  riskPolicy: AppRiskPolicy | null;
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
    captchaStrategy: row.captcha_strategy === null ? null : (Number(row.captcha_strategy) as CaptchaStrategy),
    ssoLegacy: row.sso_legacy === 1,
    initiateLoginUri: row.oidc_initiate_login_uri,
    riskPolicy: parseAppRiskPolicy(row.risk_policy),
  };
}

/**
 * Whether the user may use the application of the current `apps` row: a direct grant (user_apps)
 * or membership of a group the app is granted to (app_group_grants). Both are primary-key lookups
 * per application (user_apps by user and app, group_members by group and user). `userRef` may be
 * a column of the same statement (OIDC userinfo reads token, account and permission at once).
 */
export function permitted(eb: ExpressionBuilder<Database, 'apps'>, userRef: number | Expression<number | null>) {
  return eb.or([
    eb.exists(eb.selectFrom('user_apps').select('user_apps.app_ref').whereRef('user_apps.app_ref', '=', 'apps.id').where('user_apps.user_ref', '=', userRef)),
    eb.exists(eb.selectFrom('app_group_grants')
      .innerJoin('group_members', 'group_members.group_ref', 'app_group_grants.group_ref')
      .select('app_group_grants.app_ref')
      .whereRef('app_group_grants.app_ref', '=', 'apps.id')
      .where('group_members.user_ref', '=', userRef)),
  ]);
}

export function appsRepo(db: Kysely<Database>) {
  // Read on every launch and application sign-in: built once (reusable.ts).
  const byAppId = reusable(db, (v: { appId: string }) => db.selectFrom('apps').selectAll().where('app_id', '=', v.appId));
  const byClientId = reusable(db, (v: { clientId: string }) => db.selectFrom('apps').selectAll().where('client_id', '=', v.clientId));
  const permission = reusable(db, (v: { userRef: number; appRef: number }) =>
    db.selectFrom('apps').select('apps.id').where('apps.id', '=', v.appRef).where((eb) => permitted(eb, v.userRef)));
  const userAndPermission = reusable(db, (v: { userRef: number; appRef: number }) => db.selectFrom('users').selectAll('users')
    .select((eb) => eb.exists(eb.selectFrom('apps').select('apps.id').where('apps.id', '=', v.appRef)
      .where((inner) => permitted(inner as unknown as ExpressionBuilder<Database, 'apps'>, v.userRef))).as('permitted'))
    .where('users.id', '=', v.userRef), { direct: true });
  return {
    async findByAppId(appId: string): Promise<App | undefined> {
      const [row] = await byAppId({ appId });
      return row && toApp(row);
    },
    async findByClientId(clientId: string): Promise<App | undefined> {
      const [row] = await byClientId({ clientId });
      return row && toApp(row);
    },
    /** Enabled applications the user may use (granted directly or through a group), in display order. */
    listByUser(userRef: number): Promise<AppTileInfo[]> {
      return db
        .selectFrom('apps')
        .select(['apps.id', 'apps.app_id as appId', 'apps.app_name as appName', 'apps.icon', 'apps.client_id as clientId', 'apps.idp_sso_url as idpSsoUrl'])
        .where('apps.enabled', '=', 1)
        .where((eb) => permitted(eb, userRef))
        .orderBy('apps.sort_order')
        .orderBy('apps.id')
        .execute();
    },
    async countByUser(userRef: number): Promise<number> {
      const row = await db
        .selectFrom('apps')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('apps.enabled', '=', 1)
        .where((eb) => permitted(eb, userRef))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** A SAML service provider (a `saml_sps` row): launched by the identity provider's unsolicited Response. */
    async isSamlSp(appRef: number): Promise<boolean> {
      return (await db.selectFrom('saml_sps').select('app_ref').where('app_ref', '=', appRef).executeTakeFirst()) !== undefined;
    },
    /** Read on every launch and app sign-in, so a grant or a revoke counts from the next call. */
    async hasPermission(userRef: number, appRef: number): Promise<boolean> {
      return (await permission({ userRef, appRef })).length > 0;
    },
    /** The user and hasPermission's answer for the application, in one statement (every OIDC token request asks both). */
    async userWithPermission(userRef: number, appRef: number): Promise<{ user: User; permitted: boolean } | undefined> {
      const [row] = await userAndPermission({ userRef, appRef });
      if (!row) return undefined;
      const { permitted: allowed, ...user } = row;
      // A boolean on PostgreSQL, 0 or 1 on SQLite.
      return { user: toUser(user), permitted: Boolean(allowed) };
    },
  };
}
