import { GroupType } from '../../../contract/enums';
import { tabIn } from '../../shared/hooks/useTabParam';

/** The ?activeName= values of /mailbox: public mailbox, mail groups, security groups. */
export const MAILBOX_TABS = ['first', 'second', 'third'] as const;
export type MailboxTab = (typeof MAILBOX_TABS)[number];

export const tabOf = (value: string | null): MailboxTab => tabIn(MAILBOX_TABS, value);

export function tabOfGroupType(groupType: GroupType): MailboxTab {
  return groupType === GroupType.MAIL ? 'second' : 'third';
}
