import { addLocales, currentLanguage, needsLanguage, type Language, type LocaleFiles } from '../shared/providers/i18nProvider';

/**
 * The locale areas of the pages inside <Refine>, loaded with the Refine application (App.tsx), so
 * the sign-in page does not download them; upstream.json is mounted by the sign-in page's provider
 * buttons themselves (account-flow/upstream/locales.ts), outbox.json by the demo outbox
 * (shared/components/outboxLocales.ts). Only the reader's language comes at first (both rode in
 * the application's chunk: ≈ 30 KB of a phone's download and parse for texts nobody reads); a
 * language switch waits for the other's (needsLanguage). The entry starts the first one's download
 * beside the application's (src/main.tsx).
 */
const chunks: Record<Language, () => Promise<{ default: LocaleFiles }>> = {
  zh: () => import('./pageLocales.zh'),
  en: () => import('./pageLocales.en'),
};

const loaded = new Map<Language, Promise<void>>();

export function loadPageLocales(lang: Language): Promise<void> {
  let done = loaded.get(lang);
  if (!done) {
    done = chunks[lang]().then((module) => addLocales(module.default));
    // A failed download is asked again next time (a switch clicked again, the page reopened).
    done.catch(() => loaded.delete(lang));
    loaded.set(lang, done);
  }
  return done;
}

needsLanguage(loadPageLocales);

/** The reader's language's texts: App's lazy import waits for them (Root.tsx). */
export const pageLocalesReady: Promise<void> = loadPageLocales(currentLanguage());
