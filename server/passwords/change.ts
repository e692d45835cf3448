import { maskMobile } from '../../contract/rules.js';
import type { PhoneTicket } from '../../contract/schemas/password.js';
import { AppError, notSignedIn } from '../platform/lib/errors.js';
import type { User } from '../organisation/usersRepository.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { PASSWORD_CHANGE_TICKET } from '../sign-in/flow.js';
import { CODE } from '../../contract/codes.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { passwordEndpoints } from '../../contract/endpoints/passwords.js';

const PERSON_TICKET = 'pwd-person';

/**
 * Changing a password, by SMS code or by the current password. Two ways in: a signed-in user
 * (personal/…/person, other sessions end) or a sign-in ticket from E30058/E30067 (user/…/auth,
 * every session ends and the user signs in again).
 */
export function passwordChangeService(ctx: ServiceContext, deps: Pick<CoreServices, 'otp' | 'captcha' | 'tickets' | 'sm2' | 'passwords' | 'credentials'>) {
  async function userById(id: number | null): Promise<User> {
    const user = id === null ? undefined : await ctx.repos.users.findById(id);
    if (!user) throw notSignedIn();
    return user;
  }

  async function newPassword(cipher: string, repeatCipher: string): Promise<string> {
    const password = await deps.sm2.decrypt('newPassword', cipher);
    const repeat = await deps.sm2.decrypt('repeatNewPassword', repeatCipher);
    if (password !== repeat) throw new AppError(CODE.newPasswordsDiffer);
    return password;
  }

  const store = (user: User, password: string, keepSessionId: number | null, caller: Caller, how: string) =>
    deps.credentials.replacePassword(user, password, { keepSessionId, caller, scene: 'CHANGE_PASSWORD', detail: how });

  async function checkOld(user: User, cipher: string, caller: Caller): Promise<void> {
    await deps.credentials.checkCurrent(user, await deps.sm2.decrypt('oldPassword', cipher), caller);
  }

  function phoneOf(user: User): string {
    if (!user.mobileNo || user.phoneDisabled) throw new AppError(CODE.noUsablePhone);
    return user.mobileNo;
  }

  async function sendCode(user: User, capKey: string | undefined, capText: string | undefined, caller: Caller): Promise<{ msgCodeKey: string }> {
    if (!(await deps.captcha.verify(capKey, capText))) throw new AppError(CODE.codeWrong);
    return deps.otp.send({ purpose: 'change-pwd', mobileNo: phoneOf(user), userRef: user.id, deliver: true, ip: caller.ip, proof: 'proven' });
  }

  async function checkCode(user: User, msgCodeKey: string, code: string): Promise<void> {
    const otp = await deps.otp.verify({ msgCodeKey, code, purpose: 'change-pwd', mobileNo: user.mobileNo });
    if (otp.userRef !== user.id) throw new AppError(CODE.codeExpired);
  }

  const phoneTicket = (requestId: string, user: User): PhoneTicket => ({ requestId, mobileNo: maskMobile(user.mobileNo), encryptMobileNo: maskMobile(user.mobileNo) });

  return {
    person: {
      async getPhone(auth: AuthUser): Promise<PhoneTicket> {
        const user = await userById(auth.userRef);
        return phoneTicket(await deps.tickets.issue(PERSON_TICKET, user.id, 'start', {}), user);
      },
      async sendOtp(auth: AuthUser, body: InputOf<typeof passwordEndpoints.pwdPersonSendOtp>, caller: Caller) {
        const ticket = await deps.tickets.load(body.requestId, [PERSON_TICKET]);
        if (ticket.userRef !== auth.userRef) throw new AppError(CODE.ticketExpired);
        return sendCode(await userById(auth.userRef), body.capKey, body.capText, caller);
      },
      async saveByOtp(auth: AuthUser, body: InputOf<typeof passwordEndpoints.pwdPersonSaveByOtp>, caller: Caller) {
        const ticket = await deps.tickets.load(body.requestId, [PERSON_TICKET]);
        if (ticket.userRef !== auth.userRef) throw new AppError(CODE.ticketExpired);
        const user = await userById(auth.userRef);
        await checkCode(user, body.msgCodeKey, body.msgValueClient);
        await store(user, await newPassword(body.newPassword, body.repeatNewPassword), auth.sessionId, caller, 'sms');
        await deps.tickets.close(ticket.id);
        return null;
      },
      async saveByOld(auth: AuthUser, body: InputOf<typeof passwordEndpoints.pwdPersonSaveByOld>, caller: Caller) {
        const user = await userById(auth.userRef);
        await checkOld(user, body.oldPassword, caller);
        await store(user, await newPassword(body.newPassword, body.repeatNewPassword), auth.sessionId, caller, 'old-password');
        return null;
      },
    },

    /** For a sign-in that was refused with E30058/E30067: the ticket is the only credential. */
    auth: {
      async getPhone(requestId: string): Promise<PhoneTicket> {
        const ticket = await deps.tickets.load(requestId, [PASSWORD_CHANGE_TICKET]);
        return phoneTicket(ticket.id, await userById(ticket.userRef));
      },
      async sendOtp(body: InputOf<typeof passwordEndpoints.pwdAuthSendOtp>, caller: Caller) {
        const ticket = await deps.tickets.load(body.requestId, [PASSWORD_CHANGE_TICKET]);
        return sendCode(await userById(ticket.userRef), body.capKey, body.capText, caller);
      },
      async saveByOtp(body: InputOf<typeof passwordEndpoints.pwdAuthSaveByOtp>, caller: Caller) {
        const ticket = await deps.tickets.load(body.requestId, [PASSWORD_CHANGE_TICKET]);
        const user = await userById(ticket.userRef);
        await checkCode(user, body.msgCodeKey, body.msgValueClient);
        const password = await newPassword(body.newPassword, body.repeatNewPassword);
        await store(user, password, null, caller, 'sms');
        await deps.tickets.close(ticket.id);
        return { userId: user.account };
      },
      async saveByOld(body: InputOf<typeof passwordEndpoints.pwdAuthSaveByOld>, caller: Caller) {
        const ticket = await deps.tickets.load(body.requestId, [PASSWORD_CHANGE_TICKET]);
        const user = await userById(ticket.userRef);
        await checkOld(user, body.oldPassword, caller);
        await store(user, await newPassword(body.newPassword, body.repeatNewPassword), null, caller, 'old-password');
        await deps.tickets.close(ticket.id);
        return { userId: user.account };
      },
    },
  };
}

export type PasswordChangeService = ReturnType<typeof passwordChangeService>;
