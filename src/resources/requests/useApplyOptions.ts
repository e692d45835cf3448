import { useState } from 'react';
import { permissionEndpoints } from '../../../contract/endpoints/permissions';
import { useEndpointQuery } from '../../hooks/useEndpoint';
import { useDebounced } from '../shared/useDebounced';

/**
 * What the apply dialog chooses from: applications by name as the user types (all of them
 * before anything is typed), and the roles of the chosen application.
 */
export function useApplyOptions(open: boolean, appId: string | undefined) {
  const [appText, setAppText] = useState('');
  const appName = useDebounced(appText.trim());
  const apps = useEndpointQuery(permissionEndpoints.appsByName, { appName }, { enabled: open });
  const roles = useEndpointQuery(permissionEndpoints.rolesByApp, { appId: appId ?? '' }, { enabled: open && !!appId });
  return {
    setAppText,
    apps: apps.data ?? [],
    appsLoading: apps.query.isFetching,
    roles: appId ? (roles.data ?? []) : [],
    rolesLoading: !!appId && roles.query.isFetching,
  };
}
