import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch';
import { useDocumentTitle } from '../../shared/components/useDocumentTitle';
import { loginAddress, RETURN_PARAM } from '../../shared/providers/returnPath';
import { useLoginPageConfig } from '../sign-in/useLoginConfig';
import './flow.css';
import { useTranslation } from 'react-i18next';

/* Only demo and test servers have an outbox; its code is fetched after the page is up. */
const DemoOutbox = lazy(() => import('../../shared/components/DemoOutbox'));

interface Props {
  title: string;
  children: ReactNode;
  /** Card width: 480 for one-column forms, 760 for the steppers. */
  width?: number;
  testId?: string;
}

/**
 * Frame of the public account pages: brand and language bar, one centred card, demo outbox.
 * The brand leads back to the sign-in page, with the return path of a sign-in under way.
 */
export function PublicLayout({ title, children, width = 480, testId }: Props) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The same name as the sign-in page's (its branding), in the bar and the tab title.
  const brand = useLoginPageConfig()?.companyName;
  useDocumentTitle(title, brand);
  return (
    <div className="public-page" data-testid={testId}>
      <header className="public-page__bar">
        <Link to={loginAddress(params.get(RETURN_PARAM))} className="public-page__brand">
          {brand || t('common.appTitle')}
        </Link>
        <LanguageSwitch size="middle" />
      </header>
      <main className="public-page__main">
        <section className="public-card" style={{ maxWidth: width }}>
          <h1 className="public-card__title">{title}</h1>
          {children}
        </section>
      </main>
      <Suspense fallback={null}>
        <DemoOutbox />
      </Suspense>
    </div>
  );
}
