import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { MINUTE } from '../../platform/lib/clock.js';
import type { OidcContext } from './context.js';
import { keySetVersion } from './keys.js';
import { buildProvider } from './provider.js';
import { sweepEndedSessions } from './sweep.js';
import { userinfoShortcut, type UserinfoShortcut } from './userinfo.js';
import { loopFailures } from '../../platform/ops/loopFailures.js';
import { sweeper } from '../../platform/ops/sweeper.js';

/** How often an instance looks for keys another instance made (rotation) or that are due. */
const KEY_CHECK_MS = MINUTE;

export interface OidcRuntime {
  issuer: string;
  /** The provider as built from the current key set. */
  provider(): Provider;
  /** Hands a request (under the mount path) to the provider, or answers a plain userinfo call itself (userinfo.ts). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  userinfo: UserinfoShortcut;
  /** A new signing key from now on; the previous one stays published until its tokens expired. */
  rotateKeys(): Promise<void>;
  /** Picks up keys made elsewhere (and rotates when due). */
  refreshKeys(): Promise<void>;
  /** Signs out applications of ended portal sessions (see sweep.ts); how many sessions. */
  sweep(): Promise<number>;
  /**
   * A portal session was just signed out: sweep now (not awaited), so applications get their
   * back-channel logout at once rather than at the next periodic sweep. Only where sweeps run on
   * their own (OIDC_LOGOUT_SWEEP_MS > 0; 0 means sweeps only when asked, as in tests).
   */
  signedOut(): void;
  start(): void;
  /** Stops the timers; resolves once a sweep a sign-out started has finished (the database is closed next). */
  stop(): Promise<void>;
}

export async function oidcRuntime(d: OidcContext): Promise<OidcRuntime> {
  let current: { provider: Provider; callback: ReturnType<Provider['callback']>; version: string } | null = null;
  const timers: NodeJS.Timeout[] = [];

  async function refreshKeys(): Promise<void> {
    const now = d.clock.now();
    await d.keys.ensure(now);
    await d.keys.rotateIfDue(now, d.config.oidc.keyRotationDays);
    const keys = await d.keys.published(now);
    const version = keySetVersion(keys);
    if (current?.version === version) return;
    const provider = await buildProvider(d, keys);
    current = { provider, callback: provider.callback(), version };
  }

  await refreshKeys();
  const live = () => current!;
  const logout = sweeper('OpenID Connect logout sweep', d.config.oidc.logoutSweepMs, () => sweepEndedSessions(d, live().provider), d.log);

  const every = (ms: number, work: () => Promise<unknown>, what: string) => {
    if (!(ms > 0)) return;
    const failures = loopFailures(what, (line) => d.log.warn({}, line));
    const timer = setInterval(() => {
      work().then(() => failures.succeeded(), (error: unknown) => failures.failed(error));
    }, ms);
    timer.unref();
    timers.push(timer);
  };

  const userinfo = userinfoShortcut(d, () => live().provider);
  const toProvider = (req: IncomingMessage, res: ServerResponse) => {
    void live().callback(req, res);
  };

  return {
    issuer: d.issuer,
    provider: () => live().provider,
    handle: (req, res) => {
      if (!userinfo.applies(req)) return toProvider(req, res);
      void userinfo.answer(req, res).then((answered) => {
        if (!answered) toProvider(req, res);
      });
    },
    userinfo,
    async rotateKeys() {
      await d.keys.rotate(d.clock.now());
      await refreshKeys();
    },
    refreshKeys,
    sweep: logout.sweep,
    signedOut: logout.soon,
    start() {
      logout.start();
      every(KEY_CHECK_MS, refreshKeys, 'OpenID Connect key refresh');
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await logout.stop();
    },
  };
}
