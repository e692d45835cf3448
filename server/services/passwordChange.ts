import { maskMobile } from '../../contract/rules.js';
import type { PhoneTicket } from '../../contract/schemas/password.js';
import { AppError, invalid, notSignedIn } from '../http/errors.js';
import { DAY } from '../lib/clock.js';
import type { UserRow } from '../repositories/users.js';
import type { AuthUser, Caller, ServiceContext } from './context.js';
import type { OtpService } from './otp.js';
import type { CaptchaService } from './captcha.js';
import type { TicketService } from './tickets.js';
import type { AuditService } from './audit.js';
import type { Sm2Service } from './sm2.js';
import type { PasswordService } from './passwords.js';
import type { PasswordPolicyService } from './passwordPolicy.js';
import type { SessionService } from './sessions.js';
import { PASSWORD_CHANGE_TICKET } from './signInFlow.js';

export interface PasswordChangeDeps {
  otp: OtpService;
  captcha: CaptchaService;
  tickets: TicketService;
  audit: AuditService;
  sm2: Sm2Service;
  passwords: PasswordService;
  policy: PasswordPolicyService;
  sessions: SessionService;
}

const PERSON_TICKET = 'pwd-person';

/**
 * Changing a password, by SMS code or by the current password. Two ways in: a signed-in user
 * (personal/…/person, other sessions end) or a sign-in ticket from E30058/E30067 (user/…/auth,
 * every session ends and the user signs in again).
 */
export function passwordChangeService(ctx: ServiceContext, deps: PasswordChangeDeps) {
  async function userById(id: number | null): Promise<UserRow> {
    const user = id === null ? undefined : await ctx.repos.users.findById(id);
    if (!user) throw notSignedIn();
    return user;
  }

  async function newPassword(user: UserRow, cipher: string, repeatCipher: string): Promise<{ password: string; level: 'weak' | 'middle' | 'strong' }> {
    const password = await deps.sm2.decrypt('newPassword', cipher);
    const repeat = await deps.sm2.decrypt('repeatNewPassword', repeatCipher);
    if (password !== repeat) throw invalid('repeatNewPassword', '两次输入的密码不一致', 'the two passwords differ');
    return { password, level: await deps.policy.enforce(password, user.user_id, user.password_hash) };
  }

  async function store(user: UserRow, password: string, level: string, keepSessionId: number | null, caller: Caller, how: string): Promise<void> {
    const now = ctx.clock.now();
    await ctx.repos.users.updatePassword(user.id, await deps.passwords.hash(password), level, now, now + ctx.config.passwordExpiryDays * DAY);
    await deps.sessions.endOthers(user.id, keepSessionId);
    await deps.audit.operation(user.id, 'CHANGE_PASSWORD', caller, how);
  }

  function phoneOf(user: UserRow): string {
    if (!user.mobile_no || user.phone_disabled === 1) {
      throw new AppError('E10805', {}, null, { zh: '账号未绑定手机号，无法使用该方式', en: 'No phone is bound to this account, so this method cannot be used' });
    }
    return user.mobile_no;
  }

  async function sendCode(user: UserRow, capKey?: string, capText?: string): Promise<{ msgCodeKey: string }> {
    if (!(await deps.captcha.verify(capKey, capText))) throw new AppError('E10802');
    return deps.otp.send({ purpose: 'change-pwd', mobileNo: phoneOf(user), userRef: user.id, deliver: true });
  }

  async function checkCode(user: UserRow, msgCodeKey: string, code: string): Promise<void> {
    const otp = await deps.otp.verify({ msgCodeKey, code, purpose: 'change-pwd', mobileNo: user.mobile_no });
    if (otp.user_ref !== user.id) throw new AppError('E10801');
  }

  const phoneTicket = (requestId: string, user: UserRow): PhoneTicket => ({ requestId, mobileNo: maskMobile(user.mobile_no), encryptMobileNo: maskMobile(user.mobile_no) });

  return {
    person: {
      async getPhone(auth: AuthUser): Promise<PhoneTicket> {
        const user = await userById(auth.userRef);
        return phoneTicket(await deps.tickets.issue(PERSON_TICKET, user.id, 'start', {}), user);
      },
      async sendOtp(auth: AuthUser, body: { requestId: string; capKey?: string; capText?: string }) {
        const ticket = await deps.tickets.load(body.requestId, [PERSON_TICKET]);
        if (ticket.user_ref !== auth.userRef) throw new AppError('E00013');
        return sendCode(await userById(auth.userRef), body.capKey, body.capText);
      },
      async saveByOtp(auth: AuthUser, body: { requestId: string; msgCodeKey: string; msgValueClient: string; newPassword: string; repeatNewPassword: string }, caller: Caller) {
        const ticket = await deps.tickets.load(body.requestId, [PERSON_TICKET]);
        if (ticket.user_ref !== auth.userRef) throw new AppError('E00013');
        const user = await userById(auth.userRef);
        await checkCode(user, body.msgCodeKey, body.msgValueClient);
        const { password, level } = await newPassword(user, body.newPassword, body.repeatNewPassword);
        await store(user, password, level, auth.sessionId, caller, 'sms');
        await deps.tickets.close(ticket.id);
        return null;
      },
      async saveByOld(auth: AuthUser, body: { oldPassword: string; newPassword: string; repeatNewPassword: string }, caller: Caller) {
        const user = await userById(auth.userRef);
        const old = await deps.sm2.decrypt('oldPassword', body.oldPassword);
        if (!(await deps.passwords.verify(user.password_hash, old))) throw new AppError('E30002', {}, null, { zh: '原密码错误', en: 'The current password is wrong' });
        const { password, level } = await newPassword(user, body.newPassword, body.repeatNewPassword);
        await store(user, password, level, auth.sessionId, caller, 'old-password');
        return null;
      },
    },

    /** For a sign-in that was refused with E30058/E30067: the ticket is the only credential. */
    auth: {
      async getPhone(requestId: string): Promise<PhoneTicket> {
        const ticket = await deps.tickets.load(requestId, [PASSWORD_CHANGE_TICKET]);
        return phoneTicket(ticket.id, await userById(ticket.user_ref));
      },
      async sendOtp(body: { requestId: string; capKey?: string; capText?: string }) {
        const ticket = await deps.tickets.load(body.requestId, [PASSWORD_CHANGE_TICKET]);
        return sendCode(await userById(ticket.user_ref), body.capKey, body.capText);
      },
      async saveByOtp(body: { requestId: string; msgCodeKey: string; msgValueClient: string; newPassword: string; repeatNewPassword: string }, caller: Caller) {
        const ticket = await deps.tickets.load(body.requestId, [PASSWORD_CHANGE_TICKET]);
        const user = await userById(ticket.user_ref);
        await checkCode(user, body.msgCodeKey, body.msgValueClient);
        const { password, level } = await newPassword(user, body.newPassword, body.repeatNewPassword);
        await deps.tickets.close(ticket.id);
        await store(user, password, level, null, caller, 'sms');
        return { userId: user.user_id };
      },
      async saveByOld(body: { requestId?: string; oldPassword: string; newPassword: string; repeatNewPassword: string }, caller: Caller) {
        const ticket = await deps.tickets.load(body.requestId, [PASSWORD_CHANGE_TICKET]);
        const user = await userById(ticket.user_ref);
        const old = await deps.sm2.decrypt('oldPassword', body.oldPassword);
        if (!(await deps.passwords.verify(user.password_hash, old))) throw new AppError('E30002', {}, null, { zh: '原密码错误', en: 'The current password is wrong' });
        const { password, level } = await newPassword(user, body.newPassword, body.repeatNewPassword);
        await deps.tickets.close(ticket.id);
        await store(user, password, level, null, caller, 'old-password');
        return { userId: user.user_id };
      },
    },
  };
}

export type PasswordChangeService = ReturnType<typeof passwordChangeService>;
