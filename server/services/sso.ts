import type { AuthUser, Caller, ServiceContext } from './context.js';
import type { AuditService } from './audit.js';

export type SsoDecision =
  | { kind: 'redirect'; url: string }
  | { kind: 'signIn'; appId: string }
  | { kind: 'noPermission' }
  | { kind: 'unknownApp' };

/**
 * Launching an application: the permission is checked here, server-side, on every launch,
 * and every launch (allowed or refused) is written to the user's app-access log.
 */
export function ssoService(ctx: ServiceContext, audit: AuditService) {
  return {
    async launch(clientId: string, user: AuthUser | null, caller: Caller): Promise<SsoDecision> {
      const app = await ctx.repos.apps.findByClientId(clientId);
      if (!app || app.enabled !== 1) return { kind: 'unknownApp' };
      if (!user) return { kind: 'signIn', appId: app.app_id };
      const allowed = await ctx.repos.apps.hasPermission(user.userRef, app.id);
      await audit.signIn({ userRef: user.userRef, account: user.account, optType: 'SSO', app, result: allowed ? 'D00000' : 'E30065', caller });
      return allowed ? { kind: 'redirect', url: app.idp_sso_url } : { kind: 'noPermission' };
    },
  };
}

export type SsoService = ReturnType<typeof ssoService>;
