import type { LocaleFiles } from '../shared/providers/i18nProvider';

/** The English texts of the pages inside <Refine> (see pageLocales.ts): one chunk per language. */
const files: LocaleFiles = import.meta.glob<Record<string, unknown>>(['../locales/en/*.json', '!../locales/en/{common,errors,login,outbox,session,upstream}.json'], { eager: true, import: 'default' });
export default files;
