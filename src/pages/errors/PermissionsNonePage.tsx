import { Button, Result } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { AuthActionResponse } from '@refinedev/core';
import { NETWORK_REASON } from '../../../contract/paths';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { HOME_PATH, LOGIN_PATH } from '../../config';
import { authProvider } from '../../providers/authProvider';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { useDocumentTitle } from '../../shared/components/useDocumentTitle';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { useSignOutWith } from '../../shared/hooks/useSignOutWith';
import { RETURN_PARAM, safeReturnPath } from '../../shared/providers/returnPath';

const INTERACTION = /^\/oidc-interaction\/[^/?#]+/;

const logout = () => authProvider.logout({});

/**
 * /permissionsNone: where single sign-on sends a user without access to the application. Reached
 * from a sign-in for an application (?appId=, and ?redirect= where it was to continue), it names
 * the application and offers the ways on: back to it (an OpenID Connect request goes back with
 * access_denied, as the protocol wants; anything else to the portal), or another account on the
 * same sign-in page.
 */
export default function PermissionsNonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const appId = params.get('appId') ?? '';
  // Refused for where the launch came from (the application's network zones), not for a permission: applying would not help.
  const network = params.get('reason') === NETWORK_REASON;
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const brand = useEndpointQuery(authEndpoints.appBrand, { appId }, { enabled: !!appId, quiet: true });
  const appName = brand.data?.appName;
  const title = appName ? t('pages.permissionsNone.titleFor', { app: appName }) : t('pages.permissionsNone.title');
  useDocumentTitle(title);

  const interaction = returnTo ? INTERACTION.exec(returnTo)?.[0] : undefined;
  // The sign-in page again, for the same application and the same way on.
  const again = `${LOGIN_PATH}?${new URLSearchParams([...(appId ? [['appId', appId]] : []), ...(returnTo ? [[RETURN_PARAM, returnTo]] : [])]).toString()}`;
  const leave = useCallback((_: AuthActionResponse) => navigate(again, { replace: true }), [again, navigate]);
  const { signOut, pending } = useSignOutWith(logout, leave);

  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="403"
        title={<h1 style={{ fontSize: 24, margin: 0 }} data-testid="permissions-none-title">{title}</h1>}
        subTitle={<span data-testid="permissions-none-reason">{t(network ? 'pages.permissionsNone.network' : 'pages.permissionsNone.description')}</span>}
        extra={
          appId ? (
            <>
              {interaction ? (
                // The provider's route, outside this app: a full page load.
                <Button type="primary" href={`${interaction}/abort`} data-testid="back-to-app">{t('pages.permissionsNone.backToApp')}</Button>
              ) : (
                <ButtonLink type="primary" to={HOME_PATH} data-testid="back-to-app">{t('pages.permissionsNone.backToPortal')}</ButtonLink>
              )}
              <Button loading={pending} onClick={() => void signOut()} data-testid="switch-account">{t('pages.permissionsNone.switchAccount')}</Button>
              {network ? null : <ButtonLink to="/applicationAuthority" data-testid="apply-permission">{t('pages.permissionsNone.apply')}</ButtonLink>}
            </>
          ) : (
            <ButtonLink type="primary" to="/applicationAuthority" data-testid="apply-permission">{t('pages.permissionsNone.apply')}</ButtonLink>
          )
        }
      />
    </main>
  );
}
