import { PublicPage } from './PublicPage';

export default function RegisterPage() {
  return <PublicPage titleKey="pages.registerAccount" />;
}
