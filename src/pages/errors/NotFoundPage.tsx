import { Result } from 'antd';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { useDocumentTitle } from '../../shared/components/useDocumentTitle';
import { HOME_PATH } from '../../config';
import { useTranslation } from 'react-i18next';

/** /404 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.notFound.title'));
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pages.notFound.title')}</h1>}
        subTitle={t('pages.notFound.description')}
        extra={
          <ButtonLink type="primary" to={HOME_PATH}>{t('pages.notFound.home')}</ButtonLink>
        }
      />
    </main>
  );
}
