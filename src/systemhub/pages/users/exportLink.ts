import type { CrudFilter } from '@refinedev/core';
import { API_PREFIX } from '../../../../contract/paths';
import { adminUsersEndpoints } from '../../../../contract/endpoints/admin/users';
import { filtersToBody } from '../../../shared/providers/dataProvider';

/** The CSV download of the list as filtered now (a GET the browser follows with its cookie). */
export function exportHref(filters: readonly CrudFilter[]): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersToBody(filters))) query.set(key, String(value));
  const qs = query.toString();
  return `${API_PREFIX}${adminUsersEndpoints.userExport.path}${qs ? `?${qs}` : ''}`;
}
