import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Dates follow the chosen language. Lives with the Refine application (the pages that show
 * dates), not the sign-in page, which has none.
 */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    dayjs.locale(i18n.language === 'en' ? 'en' : 'zh-cn');
  }, [i18n.language]);
}
