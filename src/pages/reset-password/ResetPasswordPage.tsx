import { useGetIdentity } from '@refinedev/core';
import { Result, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CODE } from '../../../contract/codeNames';
import type { CurrentUser } from '../../../contract/schemas/personal';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { PageLoading } from '../../shared/components/PageLoading';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { errorCode } from '../../shared/providers/apiError';
import { loginAddress, RETURN_PARAM, safeReturnPath } from '../../shared/providers/returnPath';
import { PublicLayout } from '../account-flow/PublicLayout';
import { useTicketExpired } from '../account-flow/useTicketExpired';
import { passwordFamily } from './api';
import { CodeTab } from './CodeTab';
import { OldPasswordTab } from './OldPasswordTab';
import { useTranslation } from 'react-i18next';

/**
 * /resetPassword: change the password by a texted code or by the current one. Reached with
 * ?requestId= from a sign-in that said the password expired or must change (and ?redirect=, the
 * page that sign-in returns to, which the next sign-in keeps), or while signed in.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestId = params.get('requestId');
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const { pathname, search } = useLocation();
  const family = useMemo(() => passwordFamily(requestId), [requestId]);
  // Without a ticket the page is the signed-in family's: asked quietly first, so a signed-out visit logs no refusal.
  const session = useEndpointQuery(authEndpoints.sessionState, undefined, { enabled: !requestId });
  const signedIn = session.data?.signedIn === true;
  const phone = useEndpointQuery(family.getPhone, requestId ? { requestId } : {}, { enabled: !!requestId || signedIn });
  // The signed-in family's saves answer nothing: the success view names the session's account.
  const { data: me } = useGetIdentity<CurrentUser>({ queryOptions: { enabled: !requestId && signedIn } });
  const [done, setDone] = useState<{ account: string } | null>(null);
  const { handle: handleExpired } = useTicketExpired(returnTo);
  const loadError = phone.query.error;

  const signedOut = session.data?.signedIn === false;
  useEffect(() => {
    // Nobody is signed in: sign in first and come back.
    if (signedOut) navigate(loginAddress(`${pathname}${search}`), { replace: true });
  }, [signedOut, navigate, pathname, search]);

  useEffect(() => {
    if (!loadError || handleExpired(loadError)) return;
    // Without a ticket the page needs a session; nobody is signed in, so sign in first and come back.
    if (errorCode(loadError) === CODE.notSignedIn) navigate(loginAddress(`${pathname}${search}`), { replace: true });
  }, [loadError, handleExpired, navigate, pathname, search]);
  const relogin = loginAddress(returnTo);

  const onSaved = (account: string | null) => setDone({ account: account ?? me?.userId ?? '' });

  let body;
  if (done) {
    body = (
      <div data-testid="reset-success">
        <Result
          status="success"
          title={t('resetPassword.success.title')}
          subTitle={done.account ? t('resetPassword.success.account', { account: done.account }) : undefined}
          extra={
            <ButtonLink type="primary" to={relogin} data-testid="reset-relogin">
              {t('resetPassword.actions.relogin')}
            </ButtonLink>
          }
        />
      </div>
    );
  } else if (phone.query.isLoading || session.query.isLoading || signedOut) {
    body = <PageLoading minHeight={240} />;
  } else if (!phone.data) {
    body = <Result status="warning" title={t('resetPassword.messages.loadFailed')} extra={<ButtonLink to={relogin}>{t('common.actions.backToLogin')}</ButtonLink>} />;
  } else {
    const ticket = phone.data.requestId;
    const props = { family, requestId: ticket, onSaved, onError: handleExpired };
    body = (
      <Tabs
        items={[
          { key: 'code', label: t('resetPassword.tabs.code'), children: <CodeTab {...props} maskedMobile={phone.data.mobileNo} /> },
          { key: 'old', label: t('resetPassword.tabs.old'), children: <OldPasswordTab {...props} /> },
        ]}
      />
    );
  }

  return (
    <PublicLayout title={t('resetPassword.title')} testId="reset-password-page">
      {body}
    </PublicLayout>
  );
}
