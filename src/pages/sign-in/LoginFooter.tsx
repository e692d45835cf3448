import { useTranslation } from 'react-i18next';
import type { LoginPageConfig } from '../../../contract/schemas/auth';

export function LoginFooter({ config }: { config: LoginPageConfig | undefined }) {
  const { t } = useTranslation();
  const owner = config?.companyName || t('login.title');
  return (
    <footer className="login-footer" data-testid="login-footer">
      <span>{t('login.footer.copyright', { year: new Date().getFullYear(), owner })}</span>
      {config?.versionInfo ? <span>{t('login.footer.version', { version: config.versionInfo })}</span> : null}
    </footer>
  );
}
