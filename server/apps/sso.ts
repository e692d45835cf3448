import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { AuditService } from '../audit/service.js';
import type { TicketService } from '../sign-in/tickets.js';
import type { App } from './repository.js';
import type { SsoRedeemBody } from '../../contract/schemas/auth.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import type { RiskService } from '../risk/service.js';
import { CODE } from '../../contract/codes.js';
import { issuerOf } from '../protocols/oidc/issuer.js';
import { SAML_MOUNT } from '../protocols/saml/constants.js';

const CODE_TICKET = 'sso-code';

function withCode(url: string, code: string): string {
  const target = new URL(url);
  target.searchParams.set('code', code);
  return target.toString();
}

export type SsoDecision =
  | { kind: 'redirect'; url: string }
  | { kind: 'signIn'; appId: string }
  | { kind: 'noPermission'; appId: string }
  /** Not from where this application may be used (its network zones, or a blocked address). */
  | { kind: 'networkRefused'; appId: string }
  | { kind: 'unknownApp' };

/** Checks an application's client secret (the workbench's apps service: current secret, or the previous one while it overlaps). */
export type ClientSecretCheck = (clientId: string, secret: string) => Promise<boolean>;

/**
 * Launching an application: the permission is checked here, server-side, on every launch,
 * and every launch (allowed or refused) is written to the user's app-access log.
 */
export function ssoService(ctx: ServiceContext, audit: AuditService, tickets: TicketService, risk: Pick<RiskService, 'launchRefused'>) {
  /** A one-time code the application redeems for the user's identity (single use, 10 minutes at most). */
  const issueCode = (userRef: number, appRef: number) => tickets.issue(CODE_TICKET, userRef, 'issued', { appRef });

  /**
   * An OpenID Connect application is opened at its initiate-login URI (OIDC Core §4, third-party
   * initiated login): it then asks the provider to sign the user in, and the code the provider
   * issues is the access written to the log. Without one, its home page starts the sign-in.
   */
  function oidcLaunchUrl(app: App): string {
    if (!app.initiateLoginUri) return app.idpSsoUrl;
    const target = new URL(app.initiateLoginUri);
    target.searchParams.set('iss', issuerOf(ctx.config.publicUrl));
    if (app.idpSsoUrl) target.searchParams.set('target_link_uri', app.idpSsoUrl);
    return target.toString();
  }

  return {
    /** apply-token: the code and the URL that launches a legacy application (OpenID Connect ones have no code). */
    async applyToken(user: AuthUser, clientId: string, caller: Caller): Promise<{ code: string; redirectUrl: string }> {
      const app = await ctx.repos.apps.findByClientId(clientId);
      if (!app || !app.enabled) throw notFound();
      if (!(await ctx.repos.apps.hasPermission(user.userRef, app.id))) throw new AppError(CODE.noAppPermission);
      if (!app.ssoLegacy) throw new AppError(CODE.appUsesOidc);
      if (await risk.launchRefused(app.appId, caller)) {
        await audit.signIn({ userRef: user.userRef, account: user.account, optType: 'SSO', app, result: CODE.ipRefused, caller });
        throw new AppError(CODE.ipRefused);
      }
      const code = await issueCode(user.userRef, app.id);
      await audit.signIn({ userRef: user.userRef, account: user.account, optType: 'SSO', app, result: CODE.ok, caller });
      return { code, redirectUrl: withCode(app.idpSsoUrl, code) };
    },

    /**
     * A legacy application's back end exchanges the code for who signed in; a code works once.
     * The application proves itself with its client secret first, so a code seen in a browser's
     * history or a proxy log is worth nothing to anyone else (and cannot be burnt by them).
     */
    async redeem(body: SsoRedeemBody, secretMatches: ClientSecretCheck): Promise<{ userId: string; userName: string; email: string | null }> {
      const app = await ctx.repos.apps.findByClientId(body.clientId);
      if (!app || !app.enabled || !(await secretMatches(body.clientId, body.clientSecret))) throw new AppError(CODE.clientAuthFailed);
      const ticket = await tickets.load<{ appRef: number }>(body.code, [CODE_TICKET], ['issued']);
      if (ticket.payload.appRef !== app.id) throw new AppError(CODE.ticketExpired);
      await tickets.advance(ticket, 'redeemed', ticket.payload);
      await tickets.close(ticket.id);
      const user = ticket.userRef === null ? undefined : await ctx.repos.users.findById(ticket.userRef);
      if (!user) throw new AppError(CODE.ticketExpired);
      return { userId: user.account, userName: user.userName, email: user.email };
    },

    async launch(clientId: string, user: AuthUser | null, caller: Caller): Promise<SsoDecision> {
      const app = await ctx.repos.apps.findByClientId(clientId);
      if (!app || !app.enabled) return { kind: 'unknownApp' };
      // The identity provider's launch signs in, checks the permission and logs the access or refusal itself.
      if (await ctx.repos.apps.isSamlSp(app.id)) return { kind: 'redirect', url: `${SAML_MOUNT}/launch/${encodeURIComponent(app.appId)}` };
      if (!user) return { kind: 'signIn', appId: app.appId };
      const allowed = await ctx.repos.apps.hasPermission(user.userRef, app.id);
      if (allowed && !app.ssoLegacy) return { kind: 'redirect', url: oidcLaunchUrl(app) };
      // An OpenID Connect application's own request is checked in the provider's interaction; a legacy launch here.
      if (allowed && (await risk.launchRefused(app.appId, caller))) {
        await audit.signIn({ userRef: user.userRef, account: user.account, optType: 'SSO', app, result: CODE.ipRefused, caller });
        return { kind: 'networkRefused', appId: app.appId };
      }
      await audit.signIn({ userRef: user.userRef, account: user.account, optType: 'SSO', app, result: allowed ? CODE.ok : CODE.noAppPermission, caller });
      return allowed ? { kind: 'redirect', url: withCode(app.idpSsoUrl, await issueCode(user.userRef, app.id)) } : { kind: 'noPermission', appId: app.appId };
    },
  };
}

export type SsoService = ReturnType<typeof ssoService>;
