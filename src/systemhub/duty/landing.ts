import type { AccessDetail } from '../../../contract/endpoints/account';
import { HOME_ROUTE } from '../config';

/**
 * Where the workbench opens for each administrator: the dashboard for the system, security and
 * audit administrators (its figures are theirs), the people they look after for a department
 * administrator, and their applications for someone who only owns applications.
 */
export function landingFor(access: AccessDetail | null | undefined): string {
  if (access?.duty === 'department') return '/users';
  if (!access?.duty && access?.appOwner) return '/apps';
  return HOME_ROUTE;
}
