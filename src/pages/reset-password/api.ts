import { CODE, CODE_GROUPS } from '../../../contract/codeNames';
import { passwordEndpoints as ep } from '../../../contract/endpoints/passwords';

/** Refusals of the code send that are about the bound phone: said under it. */
export const PHONE_REFUSALS = [CODE.smsRefused, ...CODE_GROUPS.noPhone];

const ticketFamily = { getPhone: ep.pwdAuthGetPhone, sendOtp: ep.pwdAuthSendOtp, saveByOtp: ep.pwdAuthSaveByOtp, saveByOld: ep.pwdAuthSaveByOld };
const personFamily = { getPhone: ep.pwdPersonGetPhone, sendOtp: ep.pwdPersonSendOtp, saveByOtp: ep.pwdPersonSaveByOtp, saveByOld: ep.pwdPersonSaveByOld };

/** The same four calls in both families; saves answer the account (ticket family) or nothing (signed-in family). */
export type PasswordFamily = { [K in keyof typeof ticketFamily]: (typeof ticketFamily)[K] | (typeof personFamily)[K] };

/**
 * With a sign-in ticket (E30058/E30067 sent the person here) the ticket family, which needs
 * no session; without one, the signed-in person's family, whose get-phone issues the ticket.
 */
export function passwordFamily(requestId: string | null): PasswordFamily {
  return requestId ? ticketFamily : personFamily;
}
