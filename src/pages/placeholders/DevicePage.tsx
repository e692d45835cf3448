import { SectionPage } from './SectionPage';

export default function DevicePage() {
  return <SectionPage titleKey="menu.device" />;
}
