import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../shared/components/PageLoading';
import { CaptchaStrategy } from '../../../contract/enums';
import type { LoginTypeConfig } from '../../../contract/schemas/auth';
import { AccountLoginForm } from './AccountLoginForm';
import { MethodTabs } from './MethodTabs';
import { SmsLoginForm } from './SmsLoginForm';

/* The directory tabs exist only where a directory is configured; their code loads with the tab. */
const DirectoryLoginForm = lazy(() => import('../account-flow/directory/DirectoryLoginForm'));

/** When the login-type call fails, password sign-in is still offered rather than nothing. */
const FALLBACK: Pick<LoginTypeConfig, 'code' | 'captchaStrategy'>[] = [{ code: 'ACCOUNT', captchaStrategy: CaptchaStrategy.PICTURE }];

interface Props {
  appId?: string;
  query: Record<string, string>;
  /** Where a completed sign-in lands (a safe path), whatever the method. */
  returnTo: string | null;
  types: LoginTypeConfig[];
  isLoading: boolean;
  isError: boolean;
}

/** One tab per login type the server offers for this app; the priority type opens first. */
export function LoginMethods({ appId, query, returnTo, types, isLoading, isError }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);

  if (isLoading) {
    return <PageLoading minHeight={200} />;
  }
  const offered = isError ? FALLBACK : types;
  if (offered.length === 0) return <p className="login-methods__empty">{t('login.messages.noMethods')}</p>;

  const form = ({ code, captchaStrategy }: Pick<LoginTypeConfig, 'code' | 'captchaStrategy'>) => {
    switch (code) {
      case 'MSG_CODE':
        return <SmsLoginForm appId={appId} query={query} returnTo={returnTo} />;
      case 'LDAP':
      case 'PA_ACCOUNT':
        return (
          <Suspense key={code} fallback={<PageLoading minHeight={200} />}>
            <DirectoryLoginForm loginType={code} appId={appId} returnTo={returnTo} captchaStrategy={captchaStrategy} />
          </Suspense>
        );
      default:
        return <AccountLoginForm appId={appId} query={query} returnTo={returnTo} captchaStrategy={captchaStrategy} />;
    }
  };

  return (
    <MethodTabs
      label={t('login.methods')}
      activeKey={chosen ?? offered[0].code}
      onChange={setChosen}
      items={offered.map((type) => ({ key: type.code, label: t(`login.tabs.${type.code}`), content: form(type) }))}
    />
  );
}
