import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch';
import { whenIdle } from '../../shared/providers/idle';
import { useDocumentTitle } from '../../shared/components/useDocumentTitle';
import { LoginBrand } from './LoginBrand';
import { LoginFooter } from './LoginFooter';
import { LoginMethods } from './LoginMethods';
import { PasskeySignIn } from './PasskeySignIn';
import { useAppBrand, useLoginPageConfig, useLoginTypes } from './useLoginConfig';
import { useLoginQuery } from './useLoginQuery';
import './login.css';

/* Demo and test servers only; loaded once the page is up and idle, so it costs the first load nothing. */
const DemoOutbox = lazy(() => whenIdle().then(() => import('../../shared/components/DemoOutbox')));
/* Other identity providers: their buttons (and the return from one) load apart from the page's first download. */
const UpstreamSignIn = lazy(() => import('../account-flow/upstream/Buttons'));

/** A configured link may point inside the app (router link) or to another site. */
function SmartLink({ href, children, testId }: { href: string; children: string; testId: string }) {
  if (/^https?:\/\//i.test(href)) return <a href={href} data-testid={testId}>{children}</a>;
  return <Link to={href} data-testid={testId}>{children}</Link>;
}

/** /login: branding, one tab per login type, links, language switch and footer. */
export default function LoginPage() {
  const { t } = useTranslation();
  const config = useLoginPageConfig();
  useDocumentTitle(undefined, config?.companyName);
  const { appId, query, returnTo } = useLoginQuery();
  const methods = useLoginTypes(appId);
  const destination = useAppBrand(appId);
  const forgetPasswordUrl = methods.types[0]?.forgetPasswordUrl || '/forgetPassword';
  // Quotes and backslashes would end the CSS string early.
  const background = config?.imageUrl ? { backgroundImage: `url("${config.imageUrl.replace(/["\\\n]/g, encodeURIComponent)}")` } : undefined;

  return (
    <div className="login-page" style={background}>
      {/* A landmark like the public pages' bar: no content of the page sits outside one. */}
      <header className="login-page__bar">
        <LanguageSwitch size="middle" />
      </header>
      <main className="login-page__main">
        <section className="login-card" aria-label={t('login.heading')}>
          <LoginBrand config={config} destination={destination} />
          <LoginMethods appId={appId} query={query} returnTo={returnTo} types={methods.types} isLoading={methods.isLoading} isError={methods.isError} />
          <PasskeySignIn appId={appId} query={query} returnTo={returnTo} />
          <Suspense fallback={null}>
            <UpstreamSignIn appId={appId} query={query} returnTo={returnTo} />
          </Suspense>
          <nav className="login-links" aria-label={t('login.links.label')}>
            <SmartLink href={forgetPasswordUrl} testId="link-forget-password">{t('login.links.forgotPassword')}</SmartLink>
            {config?.registrationEnabled === false ? null : <SmartLink href="/registerAccount" testId="link-register">{t('login.links.register')}</SmartLink>}
          </nav>
        </section>
      </main>
      <LoginFooter config={config} />
      <Suspense fallback={null}>
        <DemoOutbox />
      </Suspense>
    </div>
  );
}
