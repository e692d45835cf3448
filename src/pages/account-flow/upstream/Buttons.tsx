import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequest } from '../../../shared/hooks/useRequest';
import { loadButtons, startHref, upstreamCalls } from './upstreamLinks';
import './locales';

const UpstreamReturn = lazy(() => import('./UpstreamReturn'));

interface Props {
  appId?: string;
  query: Record<string, string>;
  returnTo: string | null;
}

/**
 * One button per identity provider enabled for this application: a link to the server's start,
 * which sends the browser on with state, nonce and PKCE. Part of every visit to /login, so it
 * holds nothing but the buttons; the return from a provider (UpstreamReturn) loads only then.
 */
export default function UpstreamButtons({ appId, query, returnTo }: Props) {
  const { t } = useTranslation();
  const { data } = useRequest(() => loadButtons(appId), appId ?? '');
  // The address as the provider's return left it: the return drops its ticket from the address at once, and must stay mounted.
  const [arrival] = useState(() => (query.upstream || query.upstreamError ? query : null));
  const back = arrival ? (
    <Suspense fallback={null}>
      <UpstreamReturn appId={appId} query={arrival} returnTo={returnTo} calls={upstreamCalls} />
    </Suspense>
  ) : null;
  if (!data?.length) return back;
  return (
    <>
      {back}
      <nav className="login-upstream" aria-label={t('upstream.label')} data-testid="upstream-sign-in">
        <p className="login-upstream__label">{t('upstream.label')}</p>
        {data.map((p) => (
          <Button key={p.code} href={startHref(p.code, appId, returnTo)} block data-testid={`upstream-${p.code}`}>
            {t('upstream.with', { provider: p.name })}
          </Button>
        ))}
      </nav>
    </>
  );
}
