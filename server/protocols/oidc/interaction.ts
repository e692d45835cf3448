import type { InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { CODE, type ResultCode } from '../../../contract/codes.js';
import { SPA_PATHS, API_PREFIX, fillPath, paths } from '../../../contract/paths.js';
import { AppError } from '../../platform/lib/errors.js';
import type { AuthUser, Caller } from '../../composition/context.js';
import type { User } from '../../organisation/usersRepository.js';
import { isOidcClient } from './clients.js';
import { logLaunch } from '../signOn/step.js';
import { factorDetour, takeFactorProof } from '../signOn/secondFactor.js';
import { ACR_MFA, ACR_PWD, AMR_MFA, interactionPath, type OidcContext } from './context.js';
import type { PortalResult } from './portalGate.js';
import type { OidcApp } from './repository.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** What the browser is sent to next. */
export type InteractionStep =
  | { kind: 'redirect'; location: string }
  | { kind: 'finish'; result: InteractionResults & { portal?: PortalResult } }
  | { kind: 'consent'; appName: string; scopes: string[]; csrf: string };

const refused = (description: string): InteractionStep => ({ kind: 'finish', result: { error: 'access_denied', error_description: description } });

/**
 * The interaction: the portal's sign-in is the login step. No portal session → the sign-in page,
 * which comes back here; a second factor owed → the portal's second factor; no permission →
 * access_denied at the application (and in the user's log, as a refused launch); consent asked
 * of applications that are not first-party. Someone signed in goes straight back, no page shown.
 */
export function interactions(d: OidcContext) {
  const now = () => d.clock.now();

  async function portalUser(token: string | undefined): Promise<{ portal: AuthUser; user: User } | null> {
    const portal = await d.services.sessions.authenticate(token).catch(() => null);
    const user = portal && (await d.repos.users.findById(portal.userRef));
    return portal && user ? { portal, user } : null;
  }

  const logRefusal = (user: User, app: OidcApp, result: ResultCode, caller: Caller) => logLaunch(d.services, user, app, result, caller);

  /** The portal's sign-in page, which comes back to the interaction once the user has signed in. */
  function signInPage(app: OidcApp, uid: string): InteractionStep {
    const query = new URLSearchParams({ appId: app.appId, redirect: interactionPath(uid) });
    return { kind: 'redirect', location: `${SPA_PATHS.login}?${query.toString()}` };
  }

  /**
   * Whether the portal session's last sign-in satisfies the application's request: one made after
   * the request (`iat`, whole seconds: a sign-in in a later second) always does; otherwise
   * prompt=login wants a new one, and max_age one at most that many seconds old (OIDC Core 3.1.2.1).
   */
  function signedInRecently(params: Interaction['params'], iat: number | undefined, authTime: number): boolean {
    if (iat !== undefined && authTime >= (iat + 1) * 1000) return true;
    if (String(params.prompt ?? '').split(' ').includes('login')) return false;
    if (params.max_age === undefined) return true;
    return now() - authTime <= Number(params.max_age) * 1000;
  }

  /** The consent form's token: bound to the interaction and the portal session, so another site cannot submit it. */
  const consentToken = (uid: string, portal: AuthUser) => d.services.secrets.digest('oidc-consent', `${uid}:${portal.sessionId}`);

  async function decide(interaction: Interaction, portalToken: string | undefined, factorTicket: string | undefined, caller: Caller): Promise<InteractionStep> {
    const { uid, prompt, params } = interaction;
    const app = await d.oidc.appByClientId(String(params.client_id));
    if (!app || !isOidcClient(app)) return refused('the application is not available');
    const who = await portalUser(portalToken);
    if (!who) return signInPage(app, uid);
    const { portal, user } = who;
    try {
      d.services.flow.assertUsable(user);
    } catch (error) {
      if (error instanceof AppError) await logRefusal(user, app, error.code, caller);
      return refused('the account cannot sign in');
    }
    if (!(await d.repos.apps.hasPermission(user.id, app.id))) {
      await logRefusal(user, app, CODE.noAppPermission, caller);
      return refused('no permission for this application');
    }
    if (await d.services.risk.launchRefused(app.appId, caller)) {
      await logRefusal(user, app, CODE.ipRefused, caller);
      return refused('the application is not reachable from this network');
    }
    const sub = await d.oidc.subjectOf(user.id, now());

    if (prompt.name === 'login') {
      const authTime = (await d.repos.sessions.authenticatedAt(portal.sessionId)) ?? 0;
      if (!signedInRecently(params, interaction.iat, authTime)) return signInPage(app, uid);
      // The same rules as the portal's own sign-in: the user's and application's switches and the user type's policy.
      const factorNeeded = (await d.services.factors.policy.requirement(user, app)).required;
      const proven = factorNeeded && (await takeFactorProof(d.services, factorTicket, interactionPath(uid), portal));
      if (factorNeeded && !proven) return { kind: 'redirect', location: `${API_PREFIX}${fillPath(paths.auth.oidcSecondFactor, { uid })}` };
      // auth_time is when the user really signed in, not when this application asked.
      const ts = Math.floor(authTime / 1000);
      return { kind: 'finish', result: { login: { accountId: sub, ts, acr: proven ? ACR_MFA : ACR_PWD, ...(proven ? { amr: [AMR_MFA] } : {}) }, portal: { sessionId: portal.sessionId } } };
    }
    if (prompt.name === 'consent') {
      // The provider session must still be the signed-in portal user's (a switch of account goes through login again).
      if (interaction.session?.accountId !== sub) return refused('the signed-in user changed');
      const details = prompt.details as { missingOIDCScope?: string[] };
      return { kind: 'consent', appName: app.appName, scopes: details.missingOIDCScope ?? [], csrf: await consentToken(uid, portal) };
    }
    return refused('unsupported prompt');
  }

  /** The answer of the consent form: a grant of what was asked, or access_denied. */
  async function consent(provider: Provider, interaction: Interaction, portalToken: string | undefined, form: { csrf?: string; decision?: string }): Promise<InteractionStep> {
    const who = await portalUser(portalToken);
    const expected = who && (await consentToken(interaction.uid, who.portal));
    if (!who || !form.csrf || form.csrf !== expected || interaction.prompt.name !== 'consent') return refused('the consent could not be confirmed');
    if (form.decision !== 'allow') return refused('the user denied access');
    const { accountId } = interaction.session ?? {};
    const clientId = String(interaction.params.client_id);
    const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (details.missingOIDCScope?.length) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
    return { kind: 'finish', result: { consent: { grantId: await grant.save() } } };
  }

  /**
   * The portal endpoint the interaction sends a second factor to (it sees the device-trust cookie,
   * which lives under /idaas): a browser that passed the factor recently goes back with a one-time
   * proof; any other goes through the portal's own second-factor page.
   */
  async function secondFactor(provider: Provider, uid: string, user: AuthUser | null, caller: Caller): Promise<string> {
    const back = interactionPath(uid);
    const interaction = await provider.Interaction.find(uid);
    const app = interaction && (await d.oidc.appByClientId(String(interaction.params.client_id)));
    if (!user || !interaction || !app) return back;
    return factorDetour(d.services, app, user, caller, back);
  }

  /** Someone the portal refused for the application goes back to it: the application hears access_denied. */
  const abandon = (): InteractionStep => refused('the user went back to the application');

  return { decide, consent, secondFactor, abandon };
}

export type Interactions = ReturnType<typeof interactions>;
