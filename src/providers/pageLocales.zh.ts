import type { LocaleFiles } from '../shared/providers/i18nProvider';

/** The Chinese texts of the pages inside <Refine> (see pageLocales.ts): one chunk per language. */
const files: LocaleFiles = import.meta.glob<Record<string, unknown>>(['../locales/zh/*.json', '!../locales/zh/{common,errors,login,outbox,session,upstream}.json'], { eager: true, import: 'default' });
export default files;
