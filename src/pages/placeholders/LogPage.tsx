import { SectionPage } from './SectionPage';

export default function LogPage() {
  return <SectionPage titleKey="menu.log" />;
}
