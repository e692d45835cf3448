import { useTranslation } from 'react-i18next';
import type { AppBrand, LoginPageConfig } from '../../../contract/schemas/auth';

/**
 * Logo and company name from the login page configuration, with a neutral title as default, and
 * the application the sign-in continues to when one sent the person here.
 * Plain elements rather than antd Typography: it would add its copy/edit/ellipsis machinery
 * to the sign-in page's download.
 */
export function LoginBrand({ config, destination }: { config: LoginPageConfig | undefined; destination: AppBrand }) {
  const { t } = useTranslation();
  const name = config?.companyName || t('login.title');
  return (
    <div className="login-brand">
      {config?.logoUrl ? <img src={config.logoUrl} alt={name} className="login-brand__logo" /> : null}
      <h1 className="login-brand__name">{name}</h1>
      {destination ? (
        // Where the sign-in leads, when an application sent the person here.
        <p className="login-brand__destination" data-testid="login-destination">
          {destination.icon ? <img src={destination.icon} alt="" className="login-brand__app-icon" /> : null}
          {t('login.destination', { app: destination.appName })}
        </p>
      ) : (
        <p className="login-brand__subtitle">{t('login.subtitle')}</p>
      )}
    </div>
  );
}
