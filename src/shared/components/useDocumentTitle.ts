import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab's title: "<page> - <portal>" on every page, the portal's name alone on the
 * sign-in page, in the page's language. The portal's name is the company's from the sign-in
 * page's branding where the page has it (sign-in and the public pages), so they read alike. Every page sets it when shown, so the title never keeps
 * the one of the page before. (react-i18next, not Refine: the sign-in page runs without Refine.)
 */
export function useDocumentTitle(page?: string, brand?: string) {
  const { t, i18n } = useTranslation();
  const portal = brand || t('common.appTitle');
  useEffect(() => {
    document.title = page ? `${page} - ${portal}` : portal;
  }, [page, portal, i18n.language]);
}
