import { CODE_GROUPS, type ResultCode } from '../../../contract/codes';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { passwordEndpoints as ep } from '../../../contract/endpoints/passwords';
import type { PhoneTicket } from '../../../contract/schemas/password';
import { call } from '../../providers/api';
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

/** One family's declarations: the ticket family (pwdAuth*) or the signed-in person's (pwdPerson*). */
interface FamilyEndpoints {
  sendOtp: typeof ep.pwdAuthSendOtp | typeof ep.pwdPersonSendOtp;
  saveByOtp: typeof ep.pwdAuthSaveByOtp | typeof ep.pwdPersonSaveByOtp;
  saveByOld: typeof ep.pwdAuthSaveByOld | typeof ep.pwdPersonSaveByOld;
}

function family(endpoints: FamilyEndpoints, getPhone: () => Promise<PhoneTicket>): PasswordFamily {
  return {
    getPhone,
    sendOtp: (requestId, capKey, capText) => call(endpoints.sendOtp, { requestId, capKey, capText }, quiet),
    saveByOtp: async (requestId, msgCodeKey, msgValueClient, pair) => call(endpoints.saveByOtp, { requestId, msgCodeKey, msgValueClient, ...(await encryptPair(pair)) }, quiet),
    saveByOld: async (requestId, oldPassword, pair) => {
      const [old, rest] = await Promise.all([sm2Client.encrypt(oldPassword), encryptPair(pair)]);
      return call(endpoints.saveByOld, { requestId, oldPassword: old, ...rest }, quiet);
    },
  };
}

/**
 * With a sign-in ticket (E30058/E30067 sent the person here) the ticket family, which needs
 * no session; without one, the signed-in person's family, whose get-phone issues the ticket.
 */
export function passwordFamily(requestId: string | null): PasswordFamily {
  if (requestId) {
    return family({ sendOtp: ep.pwdAuthSendOtp, saveByOtp: ep.pwdAuthSaveByOtp, saveByOld: ep.pwdAuthSaveByOld }, () => call(ep.pwdAuthGetPhone, { requestId }, quiet));
  }
  return family({ sendOtp: ep.pwdPersonSendOtp, saveByOtp: ep.pwdPersonSaveByOtp, saveByOld: ep.pwdPersonSaveByOld }, () => call(ep.pwdPersonGetPhone, {}, quiet));
}

/** The signed-in person's account, for the success view of the signed-in family. */
export const currentAccount = () => call(accountEndpoints.personalCurrentUserDetail, {}, { silent: true }).then((user) => user.userId);
