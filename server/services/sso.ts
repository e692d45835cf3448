import type { AuthUser, Caller, ServiceContext } from './context.js';
import type { AuditService } from './audit.js';
import type { TicketService } from './tickets.js';
import { AppError, notFound } from '../domain/errors.js';
import { CODE } from '../../contract/codes.js';

const CODE_TICKET = 'sso-code';

function withCode(url: string, code: string): string {
  const target = new URL(url);
  target.searchParams.set('code', code);
  return target.toString();
}

export type SsoDecision =
  | { kind: 'redirect'; url: string }
  | { kind: 'signIn'; appId: string }
  | { kind: 'noPermission' }
  | { kind: 'unknownApp' };

/**
 * Launching an application: the permission is checked here, server-side, on every launch,
 * and every launch (allowed or refused) is written to the user's app-access log.
 */
export function ssoService(ctx: ServiceContext, audit: AuditService, tickets: TicketService) {
  /** A one-time code the application redeems for the user's identity (single use, 10 minutes at most). */
  const issueCode = (userRef: number, appRef: number) => tickets.issue(CODE_TICKET, userRef, 'issued', { appRef });

  return {
    /** apply-token: the code and the URL the browser follows into the application. */
    async applyToken(user: AuthUser, clientId: string, caller: Caller): Promise<{ code: string; redirectUrl: string }> {
      const app = await ctx.repos.apps.findByClientId(clientId);
      if (!app || !app.enabled) throw notFound();
      if (!(await ctx.repos.apps.hasPermission(user.userRef, app.id))) throw new AppError(CODE.noAppPermission);
      const code = await issueCode(user.userRef, app.id);
      await audit.signIn({ userRef: user.userRef, account: user.account, optType: 'SSO', app, result: CODE.ok, caller });
      return { code, redirectUrl: withCode(app.idpSsoUrl, code) };
    },

    /** The application's back end exchanges the code for who signed in; a code works once. */
    async redeem(clientId: string, code: string): Promise<{ userId: string; userName: string; email: string | null }> {
      const app = await ctx.repos.apps.findByClientId(clientId);
      const ticket = await tickets.load<{ appRef: number }>(code, [CODE_TICKET], ['issued']);
      if (!app || ticket.payload.appRef !== app.id) throw new AppError(CODE.ticketExpired);
      await tickets.advance(ticket, 'redeemed', ticket.payload);
      await tickets.close(ticket.id);
      const user = ticket.userRef === null ? undefined : await ctx.repos.users.findById(ticket.userRef);
      if (!user) throw new AppError(CODE.ticketExpired);
      return { userId: user.account, userName: user.userName, email: user.email };
    },

    async launch(clientId: string, user: AuthUser | null, caller: Caller): Promise<SsoDecision> {
      const app = await ctx.repos.apps.findByClientId(clientId);
      if (!app || !app.enabled) return { kind: 'unknownApp' };
      if (!user) return { kind: 'signIn', appId: app.appId };
      const allowed = await ctx.repos.apps.hasPermission(user.userRef, app.id);
      await audit.signIn({ userRef: user.userRef, account: user.account, optType: 'SSO', app, result: allowed ? CODE.ok : CODE.noAppPermission, caller });
      return allowed ? { kind: 'redirect', url: withCode(app.idpSsoUrl, await issueCode(user.userRef, app.id)) } : { kind: 'noPermission' };
    },
  };
}

export type SsoService = ReturnType<typeof ssoService>;
