import { PublicPage } from './PublicPage';

export default function ForgetPasswordPage() {
  return <PublicPage titleKey="pages.forgetPassword" />;
}
