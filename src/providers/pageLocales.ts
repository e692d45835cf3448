import { addLocales } from '../shared/providers/i18nProvider';

/**
 * The locale areas of the pages inside <Refine>, mounted when the Refine application loads
 * (imported by App.tsx), so the sign-in page does not download them; upstream.json is mounted by
 * the sign-in page's provider buttons themselves (account-flow/upstream/locales.ts), outbox.json by
 * the demo outbox (shared/components/outboxLocales.ts).
 */
addLocales(import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/{common,errors,login,outbox,session,upstream}.json'], { eager: true, import: 'default' }));
