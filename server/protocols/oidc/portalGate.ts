import { interactionPolicy, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import { LIMITS } from '../../../contract/rules.js';
import { CODE } from '../../../contract/codes.js';
import { SESSION_COOKIE } from '../../platform/http/request.js';
import type { Caller } from '../../composition/context.js';
import { logLaunch } from '../signOn/step.js';
import { isFirstParty } from './clients.js';
import { AMR_MFA, type OidcContext } from './context.js';

const { Check, base } = interactionPolicy;

/** Set on a request whose end_session confirmation succeeded (the provider's event): only then is the portal signed out. */
export const SIGNED_OUT = 'idaasSignedOut';

/** What the interaction adds to its result for the provider's resume: the portal session it confirmed. */
export interface PortalResult { sessionId: number }

const portalTokenOf = (ctx: KoaContextWithOIDC): string | undefined => ctx.cookies.get(SESSION_COOKIE, { signed: false }) ?? undefined;

export const callerOfKoa = (ctx: KoaContextWithOIDC): Caller => ({
  ip: ctx.ip.slice(0, LIMITS.ipMax), userAgent: ctx.get('user-agent') || null, deviceId: null, deviceName: null, trustTokens: {},
});

/**
 * The portal's sign-in decides who is signed in at the provider. A provider session counts only
 * while the portal session it was opened from is the browser's current one, the user may still
 * use the application, and the second factor the user or application asks for was proven;
 * otherwise the request goes to the interaction, which checks again and says why.
 */
export function portalGate(d: OidcContext) {
  async function confirms(ctx: KoaContextWithOIDC): Promise<boolean> {
    // Just resumed from an interaction, which confirmed all of the below itself.
    if (ctx.oidc.result?.login) return true;
    const { session, client } = ctx.oidc;
    if (!session?.accountId || !client) return false;
    const portal = await d.services.sessions.authenticate(portalTokenOf(ctx)).catch(() => null);
    if (!portal) return false;
    const link = await d.oidc.linkOf(session.uid);
    if (!link || link.portalSessionRef !== portal.sessionId) return false;
    const app = await d.oidc.appByClientId(client.clientId);
    const found = app && (await d.repos.apps.userWithPermission(portal.userRef, app.id));
    if (!app || !found?.permitted) return false;
    const { user } = found;
    // The application's network rules from where this request comes: refused in the interaction, which logs it.
    if (await d.services.risk.launchRefused(app.appId, callerOfKoa(ctx))) return false;
    const factorNeeded = (await d.services.factors.policy.requirement(user, app)).required;
    return !factorNeeded || (session.amr ?? []).includes(AMR_MFA);
  }

  /** A first-party application gets what it asks for without a consent screen; others keep what the user consented to. */
  async function grantFor(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const { oidc } = ctx;
    const client = oidc.client!;
    const session = oidc.session!;
    const grantId = (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
    let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    if (!isFirstParty(client)) return grant;
    grant ??= new oidc.provider.Grant({ accountId: session.accountId!, clientId: client.clientId });
    grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
    const claims = [...oidc.requestParamClaims];
    if (claims.length) grant.addOIDCClaims(claims);
    await grant.save();
    return grant;
  }

  /** After the provider answered: link a fresh provider session to its portal session, log issued codes, end the portal session on sign-out. */
  async function after(ctx: KoaContextWithOIDC): Promise<void> {
    const route = ctx.oidc?.route;
    if (route === 'authorization' || route === 'resume') {
      const { session, result, entities } = ctx.oidc;
      if (!session) return;
      const portal = (result as { portal?: PortalResult } | undefined)?.portal;
      if (route === 'resume' && portal && result?.login && session.accountId === result.login.accountId) {
        const now = d.clock.now();
        await d.oidc.link(session.uid, portal.sessionId, now, now + LIMITS.oidcSessionTtl * 1000);
      }
      if (entities.AuthorizationCode) await logCode(ctx, entities.AuthorizationCode.accountId!, entities.AuthorizationCode.clientId!);
    } else if (route === 'end_session_confirm' && ctx.state[SIGNED_OUT] && ctx.oidc.params?.logout) {
      await endPortalSession(ctx);
    }
  }

  /** Every code issued is an application access in the user's log, like a launch. */
  async function logCode(ctx: KoaContextWithOIDC, sub: string, clientId: string): Promise<void> {
    const userRef = await d.oidc.userOfSubject(sub);
    const [user, app] = await Promise.all([userRef === undefined ? undefined : d.repos.users.findById(userRef), d.oidc.appByClientId(clientId)]);
    if (!user || !app) return;
    await logLaunch(d.services, user, app, CODE.ok, callerOfKoa(ctx));
  }

  /** Signing out of the provider (RP-initiated logout) signs out of the portal session it was opened from. */
  async function endPortalSession(ctx: KoaContextWithOIDC): Promise<void> {
    const { session } = ctx.oidc;
    const link = session && (await d.oidc.linkOf(session.uid));
    if (!link || !(await d.oidc.claim(link))) return;
    const current = await d.services.sessions.authenticate(portalTokenOf(ctx)).catch(() => null);
    await d.repos.sessions.delete(link.portalSessionRef);
    if (current?.sessionId === link.portalSessionRef) ctx.cookies.set(SESSION_COOKIE, null, { path: '/', signed: false, httpOnly: true });
  }

  return { confirms, grantFor, after };
}

export type PortalGate = ReturnType<typeof portalGate>;

/** The default prompts, with the portal's confirmation as one more reason to ask for sign-in. */
export function portalPolicy(gate: PortalGate) {
  const policy = base();
  policy.get('login')!.checks.push(new Check('portal_session', 'the portal sign-in must confirm the end-user', 'login_required',
    async (ctx) => ((await gate.confirms(ctx)) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)));
  return policy;
}
