import { SectionPage } from './SectionPage';

export default function InfoPage() {
  return <SectionPage titleKey="menu.info" />;
}
