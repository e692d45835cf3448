import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthenticationCredential } from '../../../contract/schemas/factors';
import type { PasskeyFlow } from '../../shared/components/factors/passkeyFlow';
import { useSignIn } from './useSignIn';

interface Props {
  appId?: string;
  query: Record<string, string>;
  returnTo: string | null;
}

/** In the next idle moment after the page settled: the first paint and input owe it nothing. */
function whenIdle(run: () => void): () => void {
  const win = window as Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  if (win.requestIdleCallback) {
    const id = win.requestIdleCallback(run, { timeout: 2000 });
    return () => win.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(run, 1000);
  return () => window.clearTimeout(id);
}

/**
 * Passwordless sign-in on /login: a "Sign in with a passkey" button, and conditional UI (the
 * passkeys offered in the account field's autofill) where the browser has it. The answer goes
 * through the same sign-in as a password (useSignIn: steps, expiry, return path, appId). Only the
 * button is in the page's first download; the ceremonies (passkeyFlow, @simplewebauthn/browser)
 * load after idle or on the first click.
 */
export function PasskeySignIn({ appId, query, returnTo }: Props) {
  const { t } = useTranslation();
  const { submit, submitting } = useSignIn(returnTo);
  const [busy, setBusy] = useState(false);
  const latest = useRef({ appId, query, submit, t });
  useEffect(() => {
    latest.current = { appId, query, submit, t };
  });
  const flow = useRef<Promise<PasskeyFlow> | null>(null);

  const load = () => {
    flow.current ??= import('../../shared/components/factors/passkeyFlow').then(({ createPasskeyFlow }) =>
      createPasskeyFlow({
        appId: () => latest.current.appId,
        signIn: (credential: AuthenticationCredential) =>
          latest.current.submit({ loginType: 'PASSKEY', credential, appId: latest.current.appId, query: latest.current.query }),
        translate: (key, options) => latest.current.t(key, options),
      }),
    );
    return flow.current;
  };

  useEffect(() => {
    let stopped = false;
    const cancel = whenIdle(() => void load().then((f) => !stopped && f.start()));
    return () => {
      stopped = true;
      cancel();
      void flow.current?.then((f) => f.stop());
      flow.current = null;
    };
    // One flow per visit of the page; it reads the latest props through `latest`.
  }, []);

  async function withButton() {
    setBusy(true);
    try {
      await (await load()).withButton();
    } finally {
      setBusy(false);
    }
  }

  // A browser without WebAuthn is offered nothing it cannot do.
  if (typeof window.PublicKeyCredential !== 'function') return null;
  return (
    <div style={{ marginTop: 12 }}>
      <p style={{ textAlign: 'center', margin: '0 0 12px', color: 'rgba(0, 0, 0, 0.65)', fontSize: 13 }}>{t('login.passkey.or')}</p>
      <Button block size="large" loading={busy || submitting} onClick={() => void withButton()} data-testid="login-passkey">
        {t('login.passkey.button')}
      </Button>
    </div>
  );
}
