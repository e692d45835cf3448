import { Result } from 'antd';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { useDocumentTitle } from '../../shared/components/useDocumentTitle';
import { useTranslation } from 'react-i18next';

/** /permissionsNone: where single sign-on sends a user without access to the application. */
export default function PermissionsNonePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.permissionsNone.title'));
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="403"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pages.permissionsNone.title')}</h1>}
        subTitle={t('pages.permissionsNone.description')}
        extra={
          <ButtonLink type="primary" to="/applicationAuthority" data-testid="apply-permission">{t('pages.permissionsNone.apply')}</ButtonLink>
        }
      />
    </main>
  );
}
