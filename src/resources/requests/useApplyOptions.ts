import { useState } from 'react';
import { permissionEndpoints } from '../../../contract/endpoints/permissions';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { useDebounced } from '../shared/useDebounced';

/**
 * What the apply dialog chooses from: applications by name as the user types (all of them
 * before anything is typed), and the roles of the chosen application, split into those still to
 * ask for and those the user already holds (not offered, only named).
 */
export function useApplyOptions(open: boolean, appId: string | undefined) {
  const [appText, setAppText] = useState('');
  const appName = useDebounced(appText.trim());
  const apps = useEndpointQuery(permissionEndpoints.appsByName, { appName }, { enabled: open });
  const roles = useEndpointQuery(permissionEndpoints.rolesByApp, { appId: appId ?? '' }, { enabled: open && !!appId });
  const all = appId ? (roles.data ?? []) : [];
  const app = (apps.data ?? []).find((a) => a.appId === appId);
  const rolesLoading = !!appId && roles.query.isFetching;
  const askable = all.filter((r) => !r.held);
  return {
    setAppText,
    apps: apps.data ?? [],
    appsLoading: apps.query.isFetching,
    app,
    roles: askable,
    heldRoles: all.filter((r) => r.held),
    rolesLoading,
    /** The user holds the application and every role of it: nothing is left to ask for. */
    nothingLeft: !!app && app.held && !rolesLoading && roles.query.isSuccess && askable.length === 0,
  };
}
