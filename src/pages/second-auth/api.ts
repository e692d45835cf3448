import { CODE, CODE_GROUPS, type ResultCode } from '../../../contract/codeNames';

/** Send refusals the page explains: at the code boxes, in its no-phone notice, or by leaving for /login. */
export const SEND_AT_CODE: readonly ResultCode[] = [CODE.sentTooOften, CODE.smsRefused];
export const SEND_REFUSALS: readonly ResultCode[] = [...SEND_AT_CODE, CODE.secondFactorNoPhone, CODE.smsTicketInvalid];
/** Not toasted when sending: those, and a wrong captcha answer (the popup asks again). */
export const SEND_QUIET: readonly ResultCode[] = [CODE.codeWrong, ...SEND_REFUSALS];
/** A code the server refused: said at the code boxes. */
export const VERIFY_REFUSALS: readonly ResultCode[] = [...CODE_GROUPS.codeRefusals, CODE.smsTicketInvalid];
