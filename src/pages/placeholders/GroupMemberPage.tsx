import { SectionPage } from './SectionPage';

export default function GroupMemberPage() {
  return <SectionPage titleKey="menu.groupMember" />;
}
