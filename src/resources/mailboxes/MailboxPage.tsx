import { useTranslation } from '@refinedev/core';
import { Tabs, Typography } from 'antd';
import { GroupType } from '../../../contract/enums';
import { useTabParam } from '../../hooks/useTabParam';
import { GroupList } from '../groups/GroupList';
import { PublicMailboxList } from './PublicMailboxList';
import { MAILBOX_TABS } from './tabs';

/** /mailbox?activeName=first|second|third: public mailboxes, mail groups, security groups. */
export default function MailboxPage() {
  const { translate: t } = useTranslation();
  const [active, open] = useTabParam('activeName', MAILBOX_TABS);

  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('mailboxes.pageTitle')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={open}
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
