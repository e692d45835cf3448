import { SectionPage } from './SectionPage';

export default function MailboxPage() {
  return <SectionPage titleKey="menu.mailbox" />;
}
