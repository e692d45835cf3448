import { PublicPage } from './PublicPage';

export default function ResetPasswordPage() {
  return <PublicPage titleKey="pages.resetPassword" />;
}
