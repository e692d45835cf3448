import type { FastifyInstance } from 'fastify';
import { factorEndpoints as e } from '../../contract/endpoints/factors.js';
import { serve } from '../platform/http/serve.js';
import { setSessionCookie, signInAnswer } from '../sign-in/routes.js';

/** Second factors: the sign-in step, passwordless sign-in, the enrolment step, account security, the workbench. */
export default async function factorRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.signInFactors, ({ input, services }) => services.factors.signIn.factors(input.srmi));
  serve(app, e.signInTotp, async (ctx) => signInAnswer(ctx, await ctx.services.factors.signIn.totp(ctx.input, ctx.caller)));
  serve(app, e.signInRecoveryCode, async (ctx) => {
    const outcome = await ctx.services.factors.signIn.recoveryCode(ctx.input, ctx.caller);
    await setSessionCookie(ctx.request, ctx.reply, outcome, (await ctx.services.settings.current()).sessions.absoluteHours * 3600);
    return outcome.response;
  });
  serve(app, e.signInPasskeyOptions, ({ input, services }) => services.factors.signIn.passkeyOptions(input.srmi));
  serve(app, e.signInPasskey, async (ctx) => signInAnswer(ctx, await ctx.services.factors.signIn.passkey(ctx.input, ctx.caller)));

  serve(app, e.passkeyLoginOptions, ({ input, services }) => services.factors.passwordless.options(input.appId));
  serve(app, e.passkeyLogin, async (ctx) => signInAnswer(ctx, await ctx.services.factors.passwordless.login(ctx.input, ctx.caller)));

  serve(app, e.enrolTotpStart, ({ input, services }) => services.factors.enrol.totpStart(input.srmi));
  serve(app, e.enrolTotpConfirm, ({ input, services, caller }) => services.factors.enrol.totpConfirm(input, caller));
  serve(app, e.enrolPasskeyOptions, ({ input, services }) => services.factors.enrol.passkeyOptions(input.srmi));
  serve(app, e.enrolPasskey, ({ input, services, caller }) => services.factors.enrol.passkey(input, caller));

  serve(app, e.list, ({ services, user }) => services.factors.account.overview(user));
  serve(app, e.reauthPassword, ({ input, services, user, caller }) => services.factors.account.reauthPassword(user, input.password, caller));
  serve(app, e.reauthTotp, ({ input, services, user }) => services.factors.account.reauthTotp(user, input.code));
  serve(app, e.reauthPasskeyOptions, ({ services, user }) => services.factors.account.reauthPasskeyOptions(user));
  serve(app, e.reauthPasskey, ({ input, services, user }) => services.factors.account.reauthPasskey(user, input.credential));
  serve(app, e.totpStart, ({ services, user }) => services.factors.account.totpStart(user));
  serve(app, e.totpConfirm, ({ input, services, user, caller }) => services.factors.account.totpConfirm(user, input.code, caller));
  serve(app, e.totpRemove, ({ services, user, caller }) => services.factors.account.totpRemove(user, caller));
  serve(app, e.passkeyOptions, ({ services, user }) => services.factors.account.passkeyOptions(user));
  serve(app, e.passkeyRegister, ({ input, services, user, caller }) => services.factors.account.passkeyRegister(user, input, caller));
  serve(app, e.passkeyRename, ({ input, services, user }) => services.factors.account.passkeyRename(user, input));
  serve(app, e.passkeyRemove, ({ input, services, user, caller }) => services.factors.account.passkeyRemove(user, input.id, caller));
  serve(app, e.recoveryCodesGenerate, ({ services, user, caller }) => services.factors.account.recoveryGenerate(user, caller));

  serve(app, e.adminUserFactors, ({ input, services }) => services.factors.admin.get(input.id));
  serve(app, e.adminUserFactorsReset, ({ input, services, user, caller }) => services.factors.admin.reset(user, input.id, input.kinds, caller));
}
