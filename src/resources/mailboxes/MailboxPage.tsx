import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GroupType } from '../../../contract/enums';
import { GroupList } from '../groups/GroupList';
import { PublicMailboxList } from './PublicMailboxList';
import { tabOf } from './tabs';

/** /mailbox?activeName=first|second|third: public mailboxes, mail groups, security groups. */
export default function MailboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = tabOf(params.get('activeName'));

  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('mailboxes.pageTitle')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ activeName: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'first', label: t('mailboxes.tabs.first'), children: <PublicMailboxList /> },
          { key: 'second', label: t('mailboxes.tabs.second'), children: <GroupList groupType={GroupType.MAIL} /> },
          { key: 'third', label: t('mailboxes.tabs.third'), children: <GroupList groupType={GroupType.SECURITY} /> },
        ]}
      />
    </section>
  );
}
