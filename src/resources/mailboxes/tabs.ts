import { GroupType } from '../../../contract/enums';

/** The ?activeName= values of /mailbox: public mailbox, mail groups, security groups. */
export const MAILBOX_TABS = ['first', 'second', 'third'] as const;
export type MailboxTab = (typeof MAILBOX_TABS)[number];

export const GROUP_TYPE_OF_TAB = { second: 2, third: 1 } as const;

export function tabOf(value: string | null): MailboxTab {
  return MAILBOX_TABS.includes(value as MailboxTab) ? (value as MailboxTab) : 'first';
}

export function tabOfGroupType(groupType: GroupType): MailboxTab {
  return groupType === GroupType.MAIL ? 'second' : 'third';
}
