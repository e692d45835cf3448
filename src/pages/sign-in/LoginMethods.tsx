import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/PageLoading';
import type { LoginType } from '../../../contract/rules';
import type { LoginTypeConfig } from '../../../contract/schemas/auth';
import { AccountLoginForm } from './AccountLoginForm';
import { DirectoryLoginForm } from './DirectoryLoginForm';
import { MethodTabs } from './MethodTabs';
import { SmsLoginForm } from './SmsLoginForm';

/** When the login-type call fails, password sign-in is still offered rather than nothing. */
const FALLBACK: Pick<LoginTypeConfig, 'code'>[] = [{ code: 'ACCOUNT' }];

interface Props {
  appId?: string;
  query: Record<string, string>;
  types: LoginTypeConfig[];
  isLoading: boolean;
  isError: boolean;
}

/** One tab per login type the server offers for this app; the priority type opens first. */
export function LoginMethods({ appId, query, types, isLoading, isError }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);

  if (isLoading) {
    return <PageLoading minHeight={200} />;
  }
  const offered = isError ? FALLBACK : types;
  if (offered.length === 0) return <p className="login-methods__empty">{t('login.messages.noMethods')}</p>;

  const form = (code: LoginType) => {
    switch (code) {
      case 'MSG_CODE':
        return <SmsLoginForm appId={appId} query={query} />;
      case 'LDAP':
      case 'PA_ACCOUNT':
        return <DirectoryLoginForm />;
      default:
        return <AccountLoginForm appId={appId} query={query} />;
    }
  };

  return (
    <MethodTabs
      label={t('login.methods')}
      activeKey={chosen ?? offered[0].code}
      onChange={setChosen}
      items={offered.map(({ code }) => ({ key: code, label: t(`login.tabs.${code}`), content: form(code) }))}
    />
  );
}
