import { useCustom } from '@refinedev/core';
import { useState } from 'react';
import { paths } from '../../../contract/paths';
import type { AppOption, RoleOption } from '../../../contract/schemas/permissions';
import { useDebounced } from '../shared/useDebounced';

/** useCustom answers an empty object, not undefined, before its first answer. */
const listOf = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/**
 * What the apply dialog chooses from: applications by name as the user types (all of them
 * before anything is typed), and the roles of the chosen application.
 */
export function useApplyOptions(open: boolean, appId: string | undefined) {
  const [appText, setAppText] = useState('');
  const appName = useDebounced(appText.trim());
  const apps = useCustom<AppOption[]>({
    url: paths.app.appsByName,
    method: 'post',
    config: { payload: { appName } },
    queryOptions: { enabled: open },
  });
  const roles = useCustom<RoleOption[]>({
    url: paths.auty.rolesByApp,
    method: 'post',
    config: { payload: { appId } },
    queryOptions: { enabled: open && !!appId },
  });
  return {
    setAppText,
    apps: listOf<AppOption>(apps.result.data),
    appsLoading: apps.query.isFetching,
    roles: appId ? listOf<RoleOption>(roles.result.data) : [],
    rolesLoading: !!appId && roles.query.isFetching,
  };
}
