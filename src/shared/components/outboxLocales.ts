import { addLocales } from '../providers/i18nProvider';

/* The demo outbox's texts, mounted with the outbox itself (a lazy chunk, shown in demo and test mode only): the sign-in page's first download does not carry them. */
addLocales(import.meta.glob<Record<string, unknown>>(['../../locales/*/outbox.json'], { eager: true, import: 'default' }));
