import { addLocales } from '../shared/providers/i18nProvider';

/**
 * The locale areas of the pages inside <Refine>, mounted when the Refine application loads
 * (imported by App.tsx), so the sign-in page does not download them.
 */
addLocales(import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/{common,errors,login,outbox,session}.json'], { eager: true, import: 'default' }));
