import type { LoginPageConfig } from '../../contract/schemas/auth.js';
import type { Lang } from '../../contract/codes.js';

// How the sign-in page's settings are kept in config rows. A module of its own because both the
// live policies (settings.ts, which write the page) and the page's reader (loginConfig.ts, which
// asks the policies) need it, and neither may import the other back.

export const LOGIN_PAGE_KEY = 'login.page';
export const LOGIN_TYPES_KEY = 'login.types';

/** Stored form: the default (zh) texts plus per-language overrides; whether registration is open is a policy of its own. */
type PageTexts = Omit<LoginPageConfig, 'registrationEnabled'>;
export type StoredLoginPage = PageTexts & { translations?: Partial<Record<Lang, Partial<PageTexts>>> };
