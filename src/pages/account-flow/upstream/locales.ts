import { addLocales } from '../../../shared/providers/i18nProvider';

/* The texts of sign-in through other identity providers, mounted with the first of its components to load (the sign-in page's own texts stay within its budget). */
addLocales(import.meta.glob<Record<string, unknown>>(['../../../locales/*/upstream.json'], { eager: true, import: 'default' }));
