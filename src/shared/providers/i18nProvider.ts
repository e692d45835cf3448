import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { STORAGE_KEYS } from '../../config';
import { preferences } from './storage';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** Locale files by path, as import.meta.glob gives them. */
export type LocaleFiles = Record<string, Record<string, unknown>>;

/**
 * Every src/locales/<lang>/<area>.json is mounted under the key <area>, so a component asks
 * for `login.fields.password` and translators edit one small file per screen. Only the areas
 * the sign-in page and the shared parts need come with it (its download budget); the other
 * pages' areas arrive with the Refine application (providers/pageLocales.ts), the demo outbox's
 * with the outbox (components/outboxLocales.ts).
 */
const files: LocaleFiles = import.meta.glob<Record<string, unknown>>('../../locales/*/{common,errors,login,session}.json', { eager: true, import: 'default' });

function buildResources(from: LocaleFiles): Record<string, { translation: Record<string, unknown> }> {
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  for (const [file, content] of Object.entries(from)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, area] = match;
    resources[lang] ??= { translation: {} };
    resources[lang].translation[area] = content;
  }
  return resources;
}

/** Mounts more areas (the pages loaded after the sign-in page) in every language. */
export function addLocales(more: LocaleFiles): void {
  for (const [lang, { translation }] of Object.entries(buildResources(more))) i18n.addResourceBundle(lang, 'translation', translation, true, true);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const saved = preferences.getItem(STORAGE_KEYS.lang);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: buildResources(files),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The value sent as Accept-Language: the server answers messages in that language. */
export function acceptLanguage(): string {
  return currentLanguage() === 'en' ? 'en' : 'zh-CN';
}

/** Keeps the page's lang attribute (screen readers) and title in step with the texts. */
function applyLanguage(lang: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = i18n.t('common.appTitle');
}
applyLanguage(currentLanguage());

/** Texts loaded per language (the signed-in pages', providers/pageLocales.ts): a switch waits for them. */
const languageLoaders: ((lang: Language) => Promise<void>)[] = [];

export function needsLanguage(load: (lang: Language) => Promise<void>): void {
  languageLoaders.push(load);
}

/** Rejects, leaving the language as it was, when the new language's texts could not be loaded. */
export async function changeLanguage(lang: Language): Promise<void> {
  await Promise.all(languageLoaders.map((load) => load(lang)));
  preferences.setItem(STORAGE_KEYS.lang, lang);
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
}

/*
 * One translation hook in both apps: react-i18next's useTranslation, never Refine's. The
 * sign-in page and the shell around both apps (AppShell, LanguageSwitch) render outside
 * <Refine> — the sign-in page cannot afford the Refine runtime within its 250 KB — so only
 * react-i18next's hook works everywhere; it re-renders on a language switch by itself. This
 * provider remains for Refine's own texts (its buttons and notifications).
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => String(i18n.t(key, { defaultValue: defaultMessage, ...(options ?? {}) })),
  changeLocale: (lang) => (isLanguage(lang) ? changeLanguage(lang) : undefined),
  getLocale: currentLanguage,
};

/** Shorthand for providers that live outside React. */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {});
