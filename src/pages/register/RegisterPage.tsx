import { Alert } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../config';
import { PublicLayout } from '../account-flow/PublicLayout';
import { ToSignInResult } from '../account-flow/ToSignInResult';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { missingClientPart } from './clientParams';
import { RegisterForm } from './RegisterForm';
import { useTranslation } from 'react-i18next';

/** /registerAccount: self-registration, then a success view with the new account. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [account, setAccount] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const missing = missingClientPart(params);
  // Administrators switch registration off in the workbench: say so before anyone fills the form.
  const { data: pageConfig } = useEndpointQuery(accountEndpoints.loginPageConfig, { isOptions: true });
  const closed = pageConfig?.[0]?.registrationEnabled === false;

  return (
    <PublicLayout title={t('register.title')} width={520} testId="register-page">
      {closed && !account ? (
        <ToSignInResult testId="register-closed" status="info" title={t('register.closed')} action={t('common.actions.backToLogin')} actionTestId="register-back" />
      ) : account ? (
        <ToSignInResult
          testId="register-success"
          status="success"
          title={pending ? t('register.success.pendingTitle') : t('register.success.title')}
          subTitle={pending ? t('register.success.pending', { account }) : t('register.success.account', { account })}
          action={t('common.actions.backToLogin')}
          actionTestId="register-back"
        />
      ) : (
        <>
          {missing ? <Alert type="error" showIcon role="alert" message={t(`register.missing.${missing}`)} style={{ marginBottom: 16 }} data-testid="register-client-alert" /> : null}
          <RegisterForm
            onRegistered={(created, waiting) => {
              setPending(waiting);
              setAccount(created);
            }}
          />
          <p className="public-footnote">
            {t('register.haveAccount')} <Link to={LOGIN_PATH}>{t('register.signIn')}</Link>
          </p>
        </>
      )}
    </PublicLayout>
  );
}
