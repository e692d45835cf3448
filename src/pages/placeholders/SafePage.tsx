import { SectionPage } from './SectionPage';

export default function SafePage() {
  return <SectionPage titleKey="menu.safe" />;
}
