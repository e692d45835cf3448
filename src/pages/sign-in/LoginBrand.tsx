import { useTranslation } from 'react-i18next';
import type { LoginPageConfig } from '../../../contract/schemas/auth';

/**
 * Logo and company name from the login page configuration, with a neutral title as default.
 * Plain elements rather than antd Typography: it would add its copy/edit/ellipsis machinery
 * to the sign-in page's download.
 */
export function LoginBrand({ config }: { config: LoginPageConfig | undefined }) {
  const { t } = useTranslation();
  const name = config?.companyName || t('login.title');
  return (
    <div className="login-brand">
      {config?.logoUrl ? <img src={config.logoUrl} alt={name} className="login-brand__logo" /> : null}
      <h1 className="login-brand__name">{name}</h1>
      <p className="login-brand__subtitle">{t('login.subtitle')}</p>
    </div>
  );
}
