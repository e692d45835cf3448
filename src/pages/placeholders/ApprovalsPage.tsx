import { SectionPage } from './SectionPage';

export default function ApprovalsPage() {
  return <SectionPage titleKey="menu.approvalAuthority" />;
}
