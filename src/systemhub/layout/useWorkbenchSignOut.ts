import { useSignOutWith } from '../../shared/hooks/useSignOutWith';
import { authProvider } from '../providers/authProvider';

const logout = () => authProvider.logout({});
/** The workbench's auth provider has already sent the browser to the sign-in page, with the way back. */
const stay = () => undefined;

/** Logout from the workbench, as the portal's: queries stopped first, then the session ended. */
export function useWorkbenchSignOut() {
  return useSignOutWith(logout, stay);
}
