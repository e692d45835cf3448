import { Tabs } from 'antd';
import { PageTitle } from '../../shared/components/PageTitle';
import { useTabParam } from '../../shared/hooks/useTabParam';
import { BasicInfo } from './BasicInfo';
import { PermissionList } from './PermissionList';
import { useTranslation } from 'react-i18next';

const TABS = ['base', 'change'] as const;

/** /info: basic information (tab=base) and permission information (tab=change). */
export default function InfoPage() {
  const { t } = useTranslation();
  const [active, open] = useTabParam('tab', TABS);

  return (
    <section>
      <PageTitle>
        {t('info.title')}
      </PageTitle>
      <Tabs
        activeKey={active}
        onChange={open}
        items={[
          { key: 'base', label: t('info.tabs.base'), children: <BasicInfo /> },
          { key: 'change', label: t('info.tabs.change'), children: <PermissionList /> },
        ]}
      />
    </section>
  );
}
