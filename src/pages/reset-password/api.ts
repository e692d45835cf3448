import { CODE_GROUPS, type ResultCode } from '../../../contract/codes';
import { paths } from '../../../contract/paths';
import type { PhoneTicket } from '../../../contract/schemas/password';
import type { CurrentUser } from '../../../contract/schemas/personal';
import { http } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';

/** Refusals the forms show in their own alert or under a field. */
export const RESET_REFUSALS: readonly ResultCode[] = [...CODE_GROUPS.passwordByCode, ...CODE_GROUPS.passwordEntry, ...CODE_GROUPS.noPhone];
const quiet = { silent: RESET_REFUSALS };

export interface PasswordPair {
  newPassword: string;
  repeatNewPassword: string;
}

/** The same four calls in both families; saves answer the account (ticket family) or nothing (signed-in family). */
export interface PasswordFamily {
  getPhone(): Promise<PhoneTicket>;
  sendOtp(requestId: string, capKey: string, capText: string): Promise<{ msgCodeKey: string }>;
  saveByOtp(requestId: string, msgCodeKey: string, code: string, pair: PasswordPair): Promise<{ userId: string } | null>;
  saveByOld(requestId: string, oldPassword: string, pair: PasswordPair): Promise<{ userId: string } | null>;
}

async function encryptPair(pair: PasswordPair) {
  const [newPassword, repeatNewPassword] = await Promise.all([sm2Client.encrypt(pair.newPassword), sm2Client.encrypt(pair.repeatNewPassword)]);
  return { newPassword, repeatNewPassword };
}

function family(urls: { getPhone: string; sendOtp: string; saveByOtp: string; saveByOld: string }, ticket: string | null): PasswordFamily {
  return {
    getPhone: () => http.post<PhoneTicket>(urls.getPhone, ticket ? { requestId: ticket } : {}, quiet),
    sendOtp: (requestId, capKey, capText) => http.post(urls.sendOtp, { requestId, capKey, capText }, quiet),
    saveByOtp: async (requestId, msgCodeKey, msgValueClient, pair) => http.post(urls.saveByOtp, { requestId, msgCodeKey, msgValueClient, ...(await encryptPair(pair)) }, quiet),
    saveByOld: async (requestId, oldPassword, pair) => {
      const [old, rest] = await Promise.all([sm2Client.encrypt(oldPassword), encryptPair(pair)]);
      return http.post(urls.saveByOld, { requestId, oldPassword: old, ...rest }, quiet);
    },
  };
}

/**
 * With a sign-in ticket (E30058/E30067 sent the person here) the ticket family, which needs
 * no session; without one, the signed-in person's family, whose get-phone issues the ticket.
 */
export function passwordFamily(requestId: string | null): PasswordFamily {
  if (requestId) {
    return family({ getPhone: paths.user.pwdAuthGetPhone, sendOtp: paths.user.pwdAuthSendOtp, saveByOtp: paths.user.pwdAuthSaveByOtp, saveByOld: paths.user.pwdAuthSaveByOld }, requestId);
  }
  return family(
    { getPhone: paths.personal.pwdPersonGetPhone, sendOtp: paths.personal.pwdPersonSendOtp, saveByOtp: paths.personal.pwdPersonSaveByOtp, saveByOld: paths.personal.pwdPersonSaveByOld },
    null,
  );
}

/** The signed-in person's account, for the success view of the signed-in family. */
export const currentAccount = () => http.post<CurrentUser>(paths.personal.currentUserDetail, {}, { silent: true }).then((user) => user.userId);
