import { useTranslation } from 'react-i18next';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { authEndpoints } from '../../../contract/endpoints/auth';
import type { AppBrand, LoginPageConfig } from '../../../contract/schemas/auth';
import { useRequest } from '../../shared/hooks/useRequest';
import { toastRefusal } from '../../shared/providers/feedback';
import { call } from '../../shared/providers/api';

/** Branding of the login page (data[0] of the page configuration), in the current language. */
export function useLoginPageConfig(): LoginPageConfig | undefined {
  const { i18n } = useTranslation();
  const { data } = useRequest(() => toastRefusal(call(accountEndpoints.loginPageConfig, { isOptions: true })), `page:${i18n.language}`);
  return Array.isArray(data) ? data[0] : undefined;
}

/** Login types the server offers for this app, priority type first. */
export function useLoginTypes(appId: string | undefined) {
  const { data, isLoading, error } = useRequest(
    () => toastRefusal(call(authEndpoints.appLoginConfig, appId ? { appId } : {})),
    appId ?? '',
  );
  const types = Array.isArray(data) ? [...data].sort((a, b) => Number(b.isPriorityShow) - Number(a.isPriorityShow)) : [];
  return { types, isLoading, isError: !!error };
}

/**
 * The application the page was reached from (a launch's or an OpenID Connect request's appId),
 * named on the page; null without one. Naming it is a courtesy: a failed look-up shows nothing.
 */
export function useAppBrand(appId: string | undefined): AppBrand {
  const { data } = useRequest(() => (appId ? call(authEndpoints.appBrand, { appId }) : Promise.resolve(null)), `brand:${appId ?? ''}`);
  return data ?? null;
}
