import { SectionPage } from './SectionPage';

export default function RequestsPage() {
  return <SectionPage titleKey="menu.applicationAuthority" />;
}
