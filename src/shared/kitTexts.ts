import { createContext, useContext } from 'react';

/**
 * Translation keys of the words the kit's lists and panels say, which each app keeps in its own
 * locale files (the workbench's under `wb.`), and the test id of the search bar's second button.
 * The portal's are the default; the workbench provides its own around its pages.
 */
export interface KitTexts {
  empty: string;
  loadFailed: string;
  /** Gets `total` (with "+" when the server stopped counting) and `count`. */
  total: string;
  retry: string;
  query: string;
  clear: string;
  /** The search bar's clear button is `${testId}-${clearId}`. */
  clearId: string;
  /** Whether the search bar's buttons may wrap onto a second line. */
  wrapButtons: boolean;
}

export const PORTAL_TEXTS: KitTexts = {
  empty: 'common.list.empty',
  loadFailed: 'common.list.loadFailed',
  total: 'common.list.total',
  retry: 'common.actions.retry',
  query: 'common.list.query',
  clear: 'common.list.clear',
  clearId: 'clear',
  wrapButtons: false,
};

export const KitTextsContext = createContext<KitTexts>(PORTAL_TEXTS);

export const useKitTexts = (): KitTexts => useContext(KitTextsContext);
