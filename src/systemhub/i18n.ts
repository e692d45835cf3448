import type { I18nProvider } from '@refinedev/core';
import { i18n, i18nProvider as portalI18n } from '../shared/providers/i18nProvider';

/** Where the workbench's texts live in the shared i18next instance: `wb.<file>.<key>`. */
export const NS = 'wb';

/**
 * The workbench's own locale files (src/systemhub/locales/<lang>/<area>.json), added to the
 * portal's i18next instance under `wb.<area>`: one language choice (the portal's switch and its
 * stored preference), the portal's shared texts (errors, loading) and the http layer's
 * translations stay as they are.
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (match) i18n.addResourceBundle(match[1], 'translation', { [NS]: { [match[2]]: content } }, true, true);
}

/** Refine's own texts (buttons, notifications…) are translated from locales/<lang>/refine.json. */
const REFINE_KEY = /^(buttons|notifications|actions|table|warnWhenUnsavedChanges|pages)\./;

export const workbenchI18nProvider: I18nProvider = {
  ...portalI18n,
  translate(key, options, defaultMessage) {
    const own = REFINE_KEY.test(key) ? `${NS}.refine.${key}` : key;
    if (own !== key && i18n.exists(own)) return String(i18n.t(own, { ...(options ?? {}) }));
    return portalI18n.translate(key, options, defaultMessage);
  },
};
