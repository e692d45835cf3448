import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A page whose content arrives with a later release: its title and a neutral empty state. */
export function SectionPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      <Empty description={t('common.noContent')} />
    </section>
  );
}
