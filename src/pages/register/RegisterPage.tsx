import { Alert, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { LOGIN_PATH } from '../../config';
import { PublicLayout } from '../account-flow/PublicLayout';
import { missingClientPart } from './clientParams';
import { RegisterForm } from './RegisterForm';

/** /registerAccount: self-registration, then a success view with the new account. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [account, setAccount] = useState<string | null>(null);
  const missing = missingClientPart(params);

  return (
    <PublicLayout title={t('register.title')} width={520} testId="register-page">
      {account ? (
        <div data-testid="register-success">
          <Result
            status="success"
            title={t('register.success.title')}
            subTitle={t('register.success.account', { account })}
            extra={
              <ButtonLink type="primary" to={LOGIN_PATH} data-testid="register-back">
                {t('common.actions.backToLogin')}
              </ButtonLink>
            }
          />
        </div>
      ) : (
        <>
          {missing ? <Alert type="error" showIcon role="alert" message={t(`register.missing.${missing}`)} style={{ marginBottom: 16 }} data-testid="register-client-alert" /> : null}
          <RegisterForm onRegistered={setAccount} />
          <p className="public-footnote">
            {t('register.haveAccount')} <Link to={LOGIN_PATH}>{t('register.signIn')}</Link>
          </p>
        </>
      )}
    </PublicLayout>
  );
}
