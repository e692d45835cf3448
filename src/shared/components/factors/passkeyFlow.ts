import { CODE } from '../../../../contract/codeNames';
import { passkeySignInEndpoints } from '../../../../contract/endpoints/passkeySignIn';
import type { AuthenticationCredential } from '../../../../contract/schemas/factors';
import { autofillSupported, ceremonyCancelled, getPasskey } from '../../hooks/webauthn';
import { errorCode, isApiError } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { call } from '../../providers/api';

/** The account field conditional UI attaches to (autocomplete="username webauthn"). */
const AUTOFILL_FIELD = 'input[autocomplete$="webauthn"]';

export interface FlowContext {
  /** Read at each use: the page's appId and the sign-in of its latest render. */
  appId: () => string | undefined;
  signIn: (credential: AuthenticationCredential) => Promise<boolean>;
  translate: (key: string, options?: Record<string, unknown>) => string;
}

/**
 * The passkey ceremonies of /login, loaded after idle or on the first click (PasskeySignIn), in a
 * chunk of their own (outside the sign-in folder, whose code is in the page's first download):
 * conditional UI armed on the account field whenever it is on the page, and the button's own
 * ceremony. One ceremony per page at a time: a new one aborts the waiting one, so the autofill
 * is not re-armed while the button's runs, nor after a sign-in that succeeded.
 */
export function createPasskeyFlow(ctx: FlowContext) {
  let live = true;
  let armed = false;
  let byButton = false;
  let supported: boolean | null = null;
  const options = () => call(passkeySignInEndpoints.passkeyLoginOptions, { appId: ctx.appId() || undefined });

  async function arm(): Promise<void> {
    if (!live || armed || byButton || supported === false || !document.querySelector(AUTOFILL_FIELD)) return;
    // Taken before the first await: DOM changes call this again meanwhile.
    armed = true;
    supported ??= await autofillSupported();
    if (!supported) return;
    try {
      const { options: json } = await options();
      const credential = await getPasskey(json, true);
      // Still "armed" while signing in: the page's re-renders must not start another ceremony.
      if (await ctx.signIn(credential)) return;
      armed = false;
      // Each challenge is single use: a refused passkey gets a fresh autofill.
      void arm();
    } catch (error) {
      armed = false;
      // Replaced by the button's ceremony, or the page went: nothing to say. A used challenge: arm again.
      if (errorCode(error) === CODE.passkeyChallengeExpired) void arm();
    }
  }

  // The account field may come later (the login types load first, or another tab is open).
  const watch = new MutationObserver(() => void arm());

  return {
    start() {
      void arm();
      watch.observe(document.body, { childList: true, subtree: true });
    },
    async withButton(): Promise<void> {
      byButton = true;
      let signedIn = false;
      try {
        const { options: json } = await options();
        signedIn = await ctx.signIn(await getPasskey(json));
      } catch (error) {
        if (isApiError(error)) feedback.refusal(error);
        else if (ceremonyCancelled(error)) feedback.warning(ctx.translate('login.passkey.cancelled'));
        else feedback.error(ctx.translate('login.passkey.failed', { reason: error instanceof Error ? error.message : String(error) }));
      } finally {
        byButton = false;
        // The page is on its way out after a sign-in; otherwise the account field offers passkeys again.
        if (!signedIn) void arm();
      }
    },
    stop() {
      live = false;
      watch.disconnect();
    },
  };
}

export type PasskeyFlow = ReturnType<typeof createPasskeyFlow>;
