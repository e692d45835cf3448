import type { LoginPageConfig, LoginTypeConfig } from '../../contract/schemas/auth.js';
import type { LoginType } from '../../contract/rules.js';
import type { App } from '../repositories/apps.js';
import type { ServiceContext } from './context.js';
import type { Lang } from '../../contract/codes.js';

export const LOGIN_PAGE_KEY = 'login.page';
export const LOGIN_TYPES_KEY = 'login.types';

/** Stored form: the default (zh) texts plus per-language overrides. */
export type StoredLoginPage = LoginPageConfig & { translations?: Partial<Record<Lang, Partial<LoginPageConfig>>> };

const DEFAULT_PAGE: StoredLoginPage = { id: 'default', imageUrl: '', logoUrl: '', companyName: '', versionInfo: '' };

/** Sign-in page settings and which login types an application allows. */
export function loginConfigService(ctx: ServiceContext) {
  async function allTypes(): Promise<LoginTypeConfig[]> {
    return (await ctx.repos.config.get<LoginTypeConfig[]>(LOGIN_TYPES_KEY)) ?? [];
  }

  function allowedCodes(app: App | undefined): LoginType[] | null {
    if (!app) return null;
    try {
      return JSON.parse(app.loginTypes) as LoginType[];
    } catch {
      return [];
    }
  }

  return {
    /** The page configuration, with the texts of the asked language where one is configured. */
    async page(lang: Lang): Promise<LoginPageConfig[]> {
      const stored = (await ctx.repos.config.get<StoredLoginPage>(LOGIN_PAGE_KEY)) ?? DEFAULT_PAGE;
      const { translations, ...page } = stored;
      return [{ ...page, ...(translations?.[lang] ?? {}) }];
    },
    /** Login types for the login page, narrowed to the app's allowed ones when an appId is given. */
    async typesFor(appId: string | undefined): Promise<LoginTypeConfig[]> {
      // Directory tabs appear only when a directory is configured.
      const types = (await allTypes()).filter((t) => ctx.config.ldap || (t.code !== 'LDAP' && t.code !== 'PA_ACCOUNT'));
      const app = appId ? await ctx.repos.apps.findByAppId(appId) : undefined;
      const allowed = allowedCodes(app);
      return allowed ? types.filter((t) => allowed.includes(t.code)) : types;
    },
    /** Whether the app (if any) accepts this login type. */
    allows(app: App | undefined, type: LoginType): boolean {
      const allowed = allowedCodes(app);
      return allowed === null || allowed.includes(type);
    },
  };
}

export type LoginConfigService = ReturnType<typeof loginConfigService>;
