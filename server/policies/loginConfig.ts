import type { AppBrand, LoginPageConfig, LoginTypeConfig } from '../../contract/schemas/auth.js';
import type { LoginType } from '../../contract/rules.js';
import type { App } from '../apps/repository.js';
import type { ServiceContext } from '../composition/context.js';
import type { Lang } from '../../contract/codes.js';
import type { SettingsService } from './settings.js';
import { LOGIN_TYPES_KEY } from './loginPageStore.js';


/** Sign-in page settings and which login types an application allows. */
export function loginConfigService(ctx: ServiceContext, settings: SettingsService) {
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
    /** The page configuration (a workbench policy), with the texts of the asked language where one is set. */
    async page(lang: Lang): Promise<LoginPageConfig[]> {
      const { loginPage: page, registration } = await settings.current();
      const inLang = (t: { zh: string; en: string }) => (lang === 'en' && t.en) || t.zh;
      return [{
        id: 'default', imageUrl: page.imageUrl, logoUrl: page.logoUrl, companyName: inLang(page.companyName), versionInfo: inLang(page.versionInfo),
        registrationEnabled: registration.enabled,
      }];
    },
    /**
     * What the sign-in page names as the destination. Anyone may ask, so it says no more than a
     * launch link already shows, and an unknown or disabled application is indistinguishable from none.
     */
    async brandOf(appId: string): Promise<AppBrand> {
      const app = await ctx.repos.apps.findByAppId(appId);
      return app?.enabled ? { appName: app.appName, icon: app.icon } : null;
    },
    /**
     * Login types for the login page, narrowed to the app's allowed ones when an appId is given,
     * each with the app's captcha strategy when the workbench set one for it.
     */
    async typesFor(appId: string | undefined): Promise<LoginTypeConfig[]> {
      // Directory tabs appear only when a directory is configured.
      const types = (await allTypes()).filter((t) => ctx.config.ldap || (t.code !== 'LDAP' && t.code !== 'PA_ACCOUNT'));
      const app = appId ? await ctx.repos.apps.findByAppId(appId) : undefined;
      const allowed = allowedCodes(app);
      const shown = allowed ? types.filter((t) => allowed.includes(t.code)) : types;
      const strategy = app?.captchaStrategy ?? null;
      return strategy === null ? shown : shown.map((t) => ({ ...t, captchaStrategy: strategy }));
    },
    /** Whether the app (if any) accepts this login type. */
    allows(app: App | undefined, type: LoginType): boolean {
      const allowed = allowedCodes(app);
      return allowed === null || allowed.includes(type);
    },
  };
}

export type LoginConfigService = ReturnType<typeof loginConfigService>;
