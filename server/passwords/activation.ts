import { refuseAdministratorCredentials } from '../administrators/credentials.js';
import { CODE } from '../../contract/codes.js';
import type { InputOf, OutputOf } from '../../contract/endpoint.js';
import type { adminUsersEndpoints } from '../../contract/endpoints/admin/users.js';
import type { passwordEndpoints } from '../../contract/endpoints/passwords.js';
import { maskMobile } from '../../contract/rules.js';
import { ActivationChannel } from '../../contract/schemas/admin/users.js';
import { HOUR } from '../platform/lib/clock.js';
import { randomId, sha256 } from '../platform/lib/crypto.js';
import { AppError, notFound, ticketExpired } from '../platform/lib/errors.js';
import { text } from '../platform/lib/texts.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import type { SmsBudgetService } from '../sms/budget.js';

const PURPOSE = 'activation';
/** The SPA page a link opens (src: /activate?token=…). */
const PAGE = '/activate';

/**
 * Activation: how a person an administrator created or imported (who has no password) gets one.
 * The administrator sends a link, by text through the outbox and its budgets or by hand; the link
 * carries a 256-bit token the server keeps only as its SHA-256 (a ticket whose id is the digest),
 * so a copy of the database opens nothing. It works once, until ACTIVATION_HOURS have passed or a
 * newer link is sent, and sets a password the live policy accepts — never skipping a rule.
 */
export function activationService(ctx: ServiceContext, deps: Pick<CoreServices, 'sm2' | 'policy' | 'credentials' | 'throttle' | 'audit' | 'tickets'> & { smsBudget: SmsBudgetService; sms: { kick(): void } }) {
  async function liveTicket(token: string) {
    const ticket = await deps.tickets.load(sha256(token), [PURPOSE], ['issued']);
    const user = ticket.userRef === null ? undefined : await ctx.repos.users.findById(ticket.userRef);
    if (!user) throw ticketExpired();
    return { ticket, user };
  }

  return {
    /** A new link for the person (earlier ones stop working), texted or answered once. */
    async send(actorRef: number, { id, channel }: InputOf<typeof adminUsersEndpoints.userActivation>, caller: Caller): Promise<OutputOf<typeof adminUsersEndpoints.userActivation>> {
      const user = await ctx.repos.users.findById(id);
      if (!user) throw notFound();
      await refuseAdministratorCredentials(ctx.repos, actorRef, id);
      if (channel === ActivationChannel.SMS && !user.mobileNo) throw new AppError(CODE.noUsablePhone);
      const token = randomId(32);
      const now = ctx.clock.now();
      const expiresAt = now + ctx.config.activationHours * HOUR;
      const link = `${ctx.config.publicUrl}${PAGE}?token=${token}`;
      // Charged before anything is written: a refused text leaves the earlier link working.
      const charges = channel === ActivationChannel.SMS
        ? await deps.smsBudget.charge({ account: `user:${user.id}`, mobileNo: user.mobileNo!, purpose: PURPOSE, ip: caller.ip, proof: 'proven' })
        : [];
      await ctx.transaction(async (repos) => {
        await repos.tickets.deleteFor(user.id, PURPOSE);
        await repos.tickets.create({ id: sha256(token), purpose: PURPOSE, userRef: user.id, step: 'issued', data: '{}', createdAt: now, expiresAt });
        if (channel === ActivationChannel.SMS) {
          const content = text('sms.activation', 'zh', { name: user.userName, account: user.account, hours: ctx.config.activationHours, link });
          await repos.smsOutbox.enqueue({ mobileNo: user.mobileNo!, purpose: PURPOSE, content, sentAt: now, charges });
        }
        await deps.audit.adminChange(actorRef, 'ADMIN_USER_ACTIVATION', `user:${user.account}`, { after: { channel, expiresAt: new Date(expiresAt).toISOString() } }, caller, repos);
      });
      if (channel === ActivationChannel.SMS) deps.sms.kick();
      return {
        link: channel === ActivationChannel.LINK ? link : null,
        mobileNo: channel === ActivationChannel.SMS ? maskMobile(user.mobileNo) : null,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    async detail({ token }: InputOf<typeof passwordEndpoints.activationDetail>): Promise<OutputOf<typeof passwordEndpoints.activationDetail>> {
      const { ticket, user } = await liveTicket(token);
      return { userId: user.account, userName: user.userName, expiresAt: new Date(ticket.expiresAt).toISOString() };
    },

    async complete({ token, newPassword }: InputOf<typeof passwordEndpoints.activationComplete>, caller: Caller): Promise<{ userId: string }> {
      const { ticket, user } = await liveTicket(token);
      const password = await deps.sm2.decrypt('newPassword', newPassword);
      await deps.policy.enforce(password, user.account, user.passwordHash, user.id);
      // Spent before the password is written: of two racing uses, one sets it, the other is E00013.
      await deps.tickets.advance(ticket, 'used', {});
      await deps.credentials.replacePassword(user, password, { keepSessionId: null, caller, scene: 'ACTIVATE', detail: null });
      await deps.tickets.close(ticket.id);
      await deps.throttle.clearAccount(user.account);
      return { userId: user.account };
    },
  };
}

export type ActivationService = ReturnType<typeof activationService>;
