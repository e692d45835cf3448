import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BasicInfo } from './BasicInfo';
import { PermissionList } from './PermissionList';

const TABS = ['base', 'change'] as const;
type Tab = (typeof TABS)[number];

/** /info: basic information (tab=base) and permission information (tab=change). */
export default function InfoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const active: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'base';

  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('info.title')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'base', label: t('info.tabs.base'), children: <BasicInfo /> },
          { key: 'change', label: t('info.tabs.change'), children: <PermissionList /> },
        ]}
      />
    </section>
  );
}
