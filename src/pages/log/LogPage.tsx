import { Tabs } from 'antd';
import { PageTitle } from '../../shared/components/PageTitle';
import { useTabParam } from '../../shared/hooks/useTabParam';
import { AppAccessLog } from './AppAccessLog';
import { OperationLog } from './OperationLog';
import { useTranslation } from 'react-i18next';

const TABS = ['app', 'operation'] as const;

/** /log: application access log and personal operation log; ?tab= names the open tab. */
export default function LogPage() {
  const { t } = useTranslation();
  const [active, open] = useTabParam('tab', TABS);

  return (
    <section>
      <PageTitle>
        {t('logs.title')}
      </PageTitle>
      <Tabs
        activeKey={active}
        onChange={open}
        items={[
          { key: 'app', label: t('logs.tabs.app'), children: <AppAccessLog /> },
          { key: 'operation', label: t('logs.tabs.operation'), children: <OperationLog /> },
        ]}
      />
    </section>
  );
}
