import { PublicPage } from './PublicPage';

export default function SelfServicePage() {
  return <PublicPage titleKey="pages.selfService" />;
}
