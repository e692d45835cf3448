import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppAccessLog } from './AppAccessLog';
import { OperationLog } from './OperationLog';

const TABS = ['app', 'operation'] as const;
type Tab = (typeof TABS)[number];

/** /log: application access log and personal operation log; ?tab= names the open tab. */
export default function LogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const active: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'app';

  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('logs.title')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'app', label: t('logs.tabs.app'), children: <AppAccessLog /> },
          { key: 'operation', label: t('logs.tabs.operation'), children: <OperationLog /> },
        ]}
      />
    </section>
  );
}
