import { createHmac } from 'node:crypto';
import { maskMobile, MOBILE_AS_ACCOUNT_PATTERN } from '../../contract/rules.js';
import type { CaptchaTicket, PhoneTicket } from '../../contract/schemas/password.js';
import { AppError } from '../platform/lib/errors.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { CODE } from '../../contract/codes.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { passwordEndpoints } from '../../contract/endpoints/passwords.js';

const TICKET = 'forget-pwd';

interface ForgotData {
  /** The phone the code goes to: the account's, or a stand-in for an unknown account. */
  mobileNo: string;
  real: boolean;
}

/**
 * Forgotten password in four steps on one ticket: captcha + account → code sent → code checked →
 * new password. An unknown account walks the same steps with a stand-in phone that is never
 * texted and a code that never matches, so nothing tells which accounts exist.
 */
export function forgotPasswordService(ctx: ServiceContext, deps: Pick<CoreServices, 'otp' | 'captcha' | 'tickets' | 'sm2' | 'policy' | 'credentials' | 'secrets' | 'throttle'>) {
  /**
   * A stable, plausible number for an account that cannot receive a code (unknown, or without a
   * usable phone), so repeated tries look alike; keyed with the installation's own secret.
   */
  async function standIn(account: string): Promise<string> {
    const digest = createHmac('sha256', await deps.secrets.hmacKey()).update(`forget:${account.toLowerCase()}`).digest();
    const second = 3 + (digest[0] % 7);
    const rest = Array.from(digest.subarray(1, 10), (b) => String(b % 10)).join('');
    return `1${second}${rest}`;
  }

  return {
    async start(): Promise<CaptchaTicket> {
      const captcha = await deps.captcha.createPicture();
      const requestId = await deps.tickets.issue<ForgotData>(TICKET, null, 'captcha', { mobileNo: '', real: false });
      return { ...captcha, requestId };
    },

    async verifyAccount(body: InputOf<typeof passwordEndpoints.forgetVerifyAccount>): Promise<PhoneTicket> {
      const ticket = await deps.tickets.load<ForgotData>(body.requestId, [TICKET], ['captcha']);
      if (!(await deps.captcha.verify(body.capKey, body.capText))) throw new AppError(CODE.codeWrong);
      const account = (await deps.sm2.decrypt('userId', body.userId)).trim();
      const byPhone = MOBILE_AS_ACCOUNT_PATTERN.test(account);
      const user = byPhone ? await ctx.repos.users.findByMobile(account.replace(/^0086/, '')) : await ctx.repos.users.findByAccount(account);
      // Only an account that can receive the code is "real"; one without a usable phone walks
      // the same steps as an unknown name, so the answers never tell the two apart.
      const real = !!user && user.enabled && !!user.mobileNo && !user.phoneDisabled;
      const mobileNo = real ? user.mobileNo! : byPhone ? account.replace(/^0086/, '') : await standIn(account);
      // The ticket carries the user to the last step; an unknown account has none.
      await deps.tickets.advance(ticket, 'account', { mobileNo, real }, real ? user.id : undefined);
      return { requestId: ticket.id, mobileNo: maskMobile(mobileNo), encryptMobileNo: maskMobile(mobileNo) };
    },

    async sendOtp(requestId: string, caller: Caller): Promise<{ msgCodeKey: string }> {
      const ticket = await deps.tickets.load<ForgotData>(requestId, [TICKET], ['account', 'otp-sent']);
      const sent = await deps.otp.send({ purpose: 'forget-pwd', mobileNo: ticket.payload.mobileNo, userRef: ticket.userRef, deliver: ticket.payload.real, ip: caller.ip, proof: 'proven' });
      if (ticket.step === 'account') await deps.tickets.advance(ticket, 'otp-sent', ticket.payload);
      return sent;
    },

    async verifyOtp(body: InputOf<typeof passwordEndpoints.forgetVerifyOtp>): Promise<null> {
      const ticket = await deps.tickets.load<ForgotData>(body.requestId, [TICKET], ['otp-sent']);
      const otp = await deps.otp.verify({ msgCodeKey: body.msgCodeKey, code: body.msgValueClient, purpose: 'forget-pwd', mobileNo: ticket.payload.mobileNo });
      if (!ticket.payload.real || otp.userRef !== ticket.userRef) throw new AppError(CODE.codeWrong);
      await deps.tickets.advance(ticket, 'verified', ticket.payload);
      return null;
    },

    async save(body: InputOf<typeof passwordEndpoints.forgetSave>, caller: Caller): Promise<{ userId: string }> {
      const ticket = await deps.tickets.load<ForgotData>(body.requestId, [TICKET], ['verified']);
      const user = ticket.userRef === null ? undefined : await ctx.repos.users.findById(ticket.userRef);
      if (!user) throw new AppError(CODE.ticketExpired);
      const password = await deps.sm2.decrypt('newPassword', body.newPassword);
      await deps.policy.enforce(password, user.account, user.passwordHash, user.id);
      // Moving the ticket on first means a second racer with the same ticket changes nothing.
      await deps.tickets.advance(ticket, 'done', ticket.payload);
      await deps.credentials.replacePassword(user, password, { keepSessionId: null, caller, scene: 'RESET_PASSWORD', detail: 'forgot-password' });
      await deps.tickets.close(ticket.id);
      await deps.throttle.clearAccount(user.account);
      return { userId: user.account };
    },
  };
}

export type ForgotPasswordService = ReturnType<typeof forgotPasswordService>;
