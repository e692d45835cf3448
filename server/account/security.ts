import { maskMobile } from '../../contract/rules.js';
import type { SocialBinding } from '../../contract/schemas/account.js';
import type { PhoneTicket } from '../../contract/schemas/password.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { AppError, forbidden, notSignedIn } from '../platform/lib/errors.js';
import { mapPage } from '../platform/db/paging.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { CODE } from '../../contract/codes.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { securityEndpoints } from '../../contract/endpoints/security.js';

const CHANGE_TICKET = 'change-mobile';
const taken = () => new AppError(CODE.mobileBoundElsewhere);

/** The phone as a verification method (bind, change in three steps, stop, enable) and linked accounts. */
/** What account security asks of the second-factor services before the phone stops counting as one. */
export interface PhoneStopGuard {
  assertMayStopPhone(auth: AuthUser): Promise<void>;
}

export function securityService(ctx: ServiceContext, deps: Pick<CoreServices, 'otp' | 'captcha' | 'tickets' | 'audit'> & { phoneStop: PhoneStopGuard }) {
  const repo = ctx.repos.security;

  async function load(auth: AuthUser) {
    const user = await ctx.repos.users.findById(auth.userRef);
    if (!user) throw notSignedIn();
    return user;
  }

  /** A crafted userId naming someone else is refused, never answered with their data. */
  function assertSelf(auth: AuthUser, userId: string | undefined): void {
    if (userId && userId.toLowerCase() !== auth.account) throw forbidden();
  }

  async function assertFree(mobileNo: string, userRef: number): Promise<void> {
    const holder = await ctx.repos.users.findByMobile(mobileNo);
    if (holder && holder.id !== userRef) throw taken();
  }

  async function changeTicket(auth: AuthUser, requestId: string, steps: string[]) {
    const ticket = await deps.tickets.load<{ newMobile?: string }>(requestId, [CHANGE_TICKET], steps);
    if (ticket.userRef !== auth.userRef) throw new AppError(CODE.ticketExpired);
    return ticket;
  }

  return {
    async setPhoneEnabled(auth: AuthUser, enabled: boolean, caller: Caller): Promise<null> {
      if (!enabled) {
        if (!(await load(auth)).mobileNo) throw new AppError(CODE.phoneNotBound);
        await deps.phoneStop.assertMayStopPhone(auth);
      }
      if (!(await repo.setPhoneDisabled(auth.userRef, !enabled, ctx.clock.now()))) throw new AppError(CODE.phoneNotBound);
      await deps.audit.operation(auth.userRef, enabled ? 'USE_PHONE' : 'STOP_PHONE', caller);
      return null;
    },

    async social(auth: AuthUser, userId: string | undefined, pageNum: number, pageSize: number): Promise<PageResult<SocialBinding>> {
      assertSelf(auth, userId);
      return mapPage(await repo.pageSocial(auth.userRef, pageNum, pageSize), (s) => ({
        id: s.id, source: s.source, socialId: s.socialId, userId: auth.account, createdDate: new Date(Number(s.createdAt)).toISOString(), providerName: s.providerName, upstreamName: s.upstreamName,
      }));
    },

    async unbindSocial(auth: AuthUser, userId: string | undefined, source: string, caller: Caller): Promise<null> {
      assertSelf(auth, userId);
      await ctx.transaction(async (repos) => {
        await repos.security.lockUser(auth.userRef);
        // Someone who signs in only through this link would be locked out of their own account.
        if ((await repos.security.otherSignInWays(auth.userRef, source, !!ctx.config.ldap)) === 0) throw new AppError(CODE.lastSignIn);
        if ((await repos.security.unbindSocial(auth.userRef, source)) === 0) throw new AppError(CODE.notFound);
        await deps.audit.operation(auth.userRef, 'UNBIND_SOCIAL', caller, source, repos);
      });
      return null;
    },

    /** Binding a first phone: a code to the new number proves it is the user's. */
    async bindSend(auth: AuthUser, body: InputOf<typeof securityEndpoints.bindMobileSend>, caller: Caller): Promise<{ msgCodeKey: string; requestId: string }> {
      const { mobileNo } = body;
      const user = await load(auth);
      if (user.mobileNo) throw new AppError(CODE.phoneAlreadyBound);
      await assertFree(mobileNo, user.id);
      const { msgCodeKey } = await deps.otp.send({ purpose: 'bind-phone', mobileNo, userRef: user.id, deliver: true, ip: caller.ip, proof: { capKey: body.capKey, capText: body.capText } });
      return { msgCodeKey, requestId: msgCodeKey };
    },
    async bindSave(auth: AuthUser, body: InputOf<typeof securityEndpoints.bindMobileSave>, caller: Caller): Promise<null> {
      const user = await load(auth);
      if (user.mobileNo) throw new AppError(CODE.phoneAlreadyBound);
      const otp = await deps.otp.verify({ msgCodeKey: body.msgCodeKey, code: body.msgValueClient, purpose: 'bind-phone', mobileNo: body.mobileNo });
      if (otp.userRef !== user.id) throw new AppError(CODE.codeExpired);
      // The number, the end of the other sessions and the log row stand or fall together.
      await ctx.transaction(async (repos) => {
        if (!(await repos.users.bindMobile(user.id, body.mobileNo, ctx.clock.now()))) throw taken();
        await repos.sessions.deleteOthers(user.id, auth.sessionId);
        await deps.audit.operation(user.id, 'BIND_PHONE', caller, maskMobile(body.mobileNo), repos);
      });
      return null;
    },

    /** Changing the phone: old number's code, then the new number's code, on one ticket. */
    async changeStart(auth: AuthUser): Promise<PhoneTicket> {
      const user = await load(auth);
      if (!user.mobileNo) throw new AppError(CODE.phoneNotBound);
      const requestId = await deps.tickets.issue(CHANGE_TICKET, user.id, 'start', {});
      return { requestId, mobileNo: maskMobile(user.mobileNo), encryptMobileNo: maskMobile(user.mobileNo) };
    },
    async changeSendOld(auth: AuthUser, requestId: string, caller: Caller): Promise<{ msgCodeKey: string; requestId: string }> {
      const ticket = await changeTicket(auth, requestId, ['start', 'old-sent']);
      const user = await load(auth);
      const { msgCodeKey } = await deps.otp.send({ purpose: 'change-mobile-old', mobileNo: user.mobileNo!, userRef: user.id, deliver: true, ip: caller.ip, proof: 'proven' });
      if (ticket.step === 'start') await deps.tickets.advance(ticket, 'old-sent', ticket.payload);
      return { msgCodeKey, requestId };
    },
    async changeVerifyOld(auth: AuthUser, body: InputOf<typeof securityEndpoints.changeMobileVerifyOld>): Promise<null> {
      const ticket = await changeTicket(auth, body.requestId, ['old-sent']);
      const user = await load(auth);
      const otp = await deps.otp.verify({ msgCodeKey: body.msgCodeKey, code: body.msgValueClient, purpose: 'change-mobile-old', mobileNo: user.mobileNo });
      if (otp.userRef !== user.id) throw new AppError(CODE.codeExpired);
      await deps.tickets.advance(ticket, 'old-verified', ticket.payload);
      return null;
    },
    async changeSendNew(auth: AuthUser, body: InputOf<typeof securityEndpoints.changeMobileSendNew>, caller: Caller): Promise<{ msgCodeKey: string; requestId: string }> {
      const ticket = await changeTicket(auth, body.requestId, ['old-verified', 'new-sent']);
      const user = await load(auth);
      if (body.mobileNo === user.mobileNo) throw new AppError(CODE.mobileUnchanged);
      await assertFree(body.mobileNo, user.id);
      const { msgCodeKey } = await deps.otp.send({ purpose: 'change-mobile-new', mobileNo: body.mobileNo, userRef: user.id, deliver: true, ip: caller.ip, proof: 'proven' });
      await deps.tickets.advance(ticket, 'new-sent', { newMobile: body.mobileNo });
      return { msgCodeKey, requestId: body.requestId };
    },
    async changeSetNew(auth: AuthUser, body: InputOf<typeof securityEndpoints.changeMobileSetNew>, caller: Caller): Promise<null> {
      const ticket = await changeTicket(auth, body.requestId, ['new-sent']);
      const newMobile = ticket.payload.newMobile!;
      const otp = await deps.otp.verify({ msgCodeKey: body.msgCodeKey, code: body.msgValueClient, purpose: 'change-mobile-new', mobileNo: newMobile });
      if (otp.userRef !== auth.userRef) throw new AppError(CODE.codeExpired);
      await deps.tickets.advance(ticket, 'done', ticket.payload);
      await ctx.transaction(async (repos) => {
        if (!(await repos.users.bindMobile(auth.userRef, newMobile, ctx.clock.now()))) throw taken();
        await repos.sessions.deleteOthers(auth.userRef, auth.sessionId);
        await deps.audit.operation(auth.userRef, 'CHANGE_PHONE', caller, maskMobile(newMobile), repos);
      });
      await deps.tickets.close(ticket.id);
      return null;
    },
  };
}

export type SecurityService = ReturnType<typeof securityService>;
