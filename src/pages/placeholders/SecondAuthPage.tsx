import { PublicPage } from './PublicPage';

export default function SecondAuthPage() {
  return <PublicPage titleKey="pages.secondAuth" />;
}
