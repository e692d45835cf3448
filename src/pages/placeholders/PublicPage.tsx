import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { LOGIN_PATH } from '../../config';

/** A public screen whose content arrives with a later release: title, empty state, way back. */
export function PublicPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: '#f5f7fa' }}>
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t(titleKey)}</h1>} style={{ width: '100%', maxWidth: 480 }}>
        <Empty description={t('common.noContent')}>
          <ButtonLink type="primary" to={LOGIN_PATH}>{t('common.actions.backToLogin')}</ButtonLink>
        </Empty>
      </Card>
    </main>
  );
}
