import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../providers/i18nProvider';

/**
 * zh / en switch as two toggle buttons; the choice is remembered in localStorage. (antd's
 * Segmented would cost the sign-in page another 4 KB gzipped for the same thing.)
 */
export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('common.language')} data-testid="language-switch" style={{ display: 'inline-flex', gap: 4 }}>
      {LANGUAGES.map((lang) => {
        const active = i18n.language === lang;
        return (
          <Button
            key={lang}
            size={size}
            type={active ? 'primary' : 'text'}
            aria-pressed={active}
            lang={lang === 'zh' ? 'zh-CN' : 'en'}
            // The texts could not be loaded: the language stays, another click asks again.
            onClick={() => void changeLanguage(lang).catch(() => undefined)}
          >
            {t(`common.languages.${lang}`)}
          </Button>
        );
      })}
    </div>
  );
}
