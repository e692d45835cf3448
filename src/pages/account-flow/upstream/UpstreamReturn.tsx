import { Alert, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFinishSignIn } from '../flowDeps';
import { useSignIn } from '../../sign-in/useSignIn';
import type { UpstreamCalls } from './upstreamLinks';

const UpstreamBindDialog = lazy(() => import('./UpstreamBindDialog'));

interface Props {
  appId?: string;
  query: Record<string, string>;
  returnTo: string | null;
  calls: UpstreamCalls;
}

interface Bind { srmi: string; providerName: string; upstreamName: string | null }

/**
 * /login back from another identity provider (?upstream=ticket): signed in, or asked to bind a
 * portal account; ?upstreamError= says the provider's answer was refused. Loaded only then.
 */
export default function UpstreamReturn({ appId, query, returnTo, calls }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { follow, showFailure, setSubmitting } = useSignIn(returnTo);
  const finish = useFinishSignIn(follow, setSubmitting, returnTo);
  const [finishing, setFinishing] = useState(false);
  const [bind, setBind] = useState<Bind | null>(null);
  const [failure, setFailure] = useState<string | null>(query.upstreamError ? t('upstream.failed') : null);
  const ticket = query.upstream;
  const taken = useRef<string | null>(null);

  useEffect(() => {
    // The ticket is single use: taken once, and dropped from the address so a reload does not try again.
    if (!ticket || taken.current === ticket) return;
    taken.current = ticket;
    setFinishing(true);
    const rest = new URLSearchParams(query);
    rest.delete('upstream');
    navigate({ search: rest.toString() }, { replace: true });
    calls.finish(ticket).then(
      async (result) => {
        if (result.kind === 'bind' && result.srmi) setBind({ srmi: result.srmi, providerName: result.providerName, upstreamName: result.upstreamName });
        else if (result.response) await finish(result.response, appId ?? null);
      },
      (error: unknown) => {
        setFailure(error instanceof Error ? error.message : t('upstream.failed'));
        showFailure(error, {});
      },
    ).finally(() => setFinishing(false));
  }, [appId, calls, finish, navigate, query, showFailure, t, ticket]);

  return (
    <div data-testid="upstream-return">
      {failure ? <Alert type="error" showIcon role="alert" message={failure} closable onClose={() => setFailure(null)} style={{ marginBottom: 12 }} data-testid="upstream-error" /> : null}
      {finishing ? <Spin tip={t('upstream.finishing')} data-testid="upstream-finishing"><div style={{ minHeight: 40 }} /></Spin> : null}
      {bind ? (
        <Suspense fallback={null}>
          <UpstreamBindDialog
            srmi={bind.srmi}
            bind={calls.bind}
            providerName={bind.providerName}
            upstreamName={bind.upstreamName}
            onCancel={() => setBind(null)}
            onBound={async (response) => {
              setBind(null);
              await finish(response, appId ?? null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
