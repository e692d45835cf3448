import { Result, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CODE } from '../../../contract/codes';
import { ButtonLink } from '../../components/ButtonLink';
import { PageLoading } from '../../components/PageLoading';
import { LOGIN_PATH } from '../../config';
import { errorCode } from '../../providers/apiError';
import { useRequest } from '../../hooks/useRequest';
import { PublicLayout } from '../account-flow/PublicLayout';
import { useTicketExpired } from '../account-flow/useTicketExpired';
import { currentAccount, passwordFamily } from './api';
import { CodeTab } from './CodeTab';
import { OldPasswordTab } from './OldPasswordTab';

/**
 * /resetPassword: change the password by a texted code or by the current one. Reached with
 * ?requestId= from a sign-in that said the password expired or must change, or while signed in.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestId = params.get('requestId');
  const api = useMemo(() => passwordFamily(requestId), [requestId]);
  const phone = useRequest(() => api.getPhone(), requestId ?? 'person');
  const [done, setDone] = useState<{ account: string } | null>(null);
  const { handle: handleExpired } = useTicketExpired();

  const onError = useCallback(
    (error: unknown) => {
      if (handleExpired(error)) return;
      // Without a ticket the page needs a session; nobody is signed in, so sign in first.
      if (errorCode(error) === CODE.notSignedIn) navigate(LOGIN_PATH, { replace: true });
    },
    [handleExpired, navigate],
  );

  useEffect(() => {
    if (phone.error) onError(phone.error);
  }, [phone.error, onError]);

  const onSaved = async (account: string | null) => setDone({ account: account ?? (await currentAccount().catch(() => '')) });

  let body;
  if (done) {
    body = (
      <div data-testid="reset-success">
        <Result
          status="success"
          title={t('resetPassword.success.title')}
          subTitle={done.account ? t('resetPassword.success.account', { account: done.account }) : undefined}
          extra={
            <ButtonLink type="primary" to={LOGIN_PATH} data-testid="reset-relogin">
              {t('resetPassword.actions.relogin')}
            </ButtonLink>
          }
        />
      </div>
    );
  } else if (phone.isLoading) {
    body = <PageLoading minHeight={240} />;
  } else if (!phone.data) {
    body = <Result status="warning" title={t('resetPassword.messages.loadFailed')} extra={<ButtonLink to={LOGIN_PATH}>{t('common.actions.backToLogin')}</ButtonLink>} />;
  } else {
    const ticket = phone.data.requestId;
    body = (
      <Tabs
        items={[
          { key: 'code', label: t('resetPassword.tabs.code'), children: <CodeTab api={api} requestId={ticket} maskedMobile={phone.data.mobileNo} onSaved={(a) => void onSaved(a)} onError={onError} /> },
          { key: 'old', label: t('resetPassword.tabs.old'), children: <OldPasswordTab api={api} requestId={ticket} onSaved={(a) => void onSaved(a)} onError={onError} /> },
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
