import { Tabs } from 'antd';
import { GroupType } from '../../../contract/enums';
import { PageTitle } from '../../shared/components/PageTitle';
import { useTabParam } from '../../shared/hooks/useTabParam';
import { GroupList } from '../groups/GroupList';
import { PublicMailboxList } from './PublicMailboxList';
import { MAILBOX_TABS } from './tabs';
import { useTranslation } from 'react-i18next';

/** /mailbox?activeName=first|second|third: public mailboxes, mail groups, security groups. */
export default function MailboxPage() {
  const { t } = useTranslation();
  const [active, open] = useTabParam('activeName', MAILBOX_TABS);

  return (
    <section>
      <PageTitle>
        {t('mailboxes.pageTitle')}
      </PageTitle>
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
