import { CODE, CODE_GROUPS } from '../../../contract/codeNames';
import type { FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { sm2Client } from '../../shared/providers/sm2';

/** A code send's refusals about the number typed (bind): under it. */
export const NUMBER_FIELD: FieldRefusals = [[[...CODE_GROUPS.numberRefusals, ...CODE_GROUPS.noPhone], 'mobileNo']];
/** A code that cannot go out yet (the resend timer, the SMS budgets), or no phone to text: said at the code. */
export const SEND_AT_CODE: FieldRefusals = [[[CODE.sentTooOften, ...CODE_GROUPS.smsBudget, CODE.smsRefused, ...CODE_GROUPS.noPhone], 'code']];

/** The self-service password saves send the passwords SM2-encrypted. */
export async function smsSaveInput(srmi: string, active: number, smsCodeKey: string, code: string, newPassword: string) {
  return { srmi, active, smsCodeKey, smsValueClient: code, newPassword: await sm2Client.encrypt(newPassword) };
}

export async function oldSaveInput(srmi: string, oldPassword: string, newPassword: string) {
  const [oldCipher, newCipher] = await Promise.all([sm2Client.encrypt(oldPassword), sm2Client.encrypt(newPassword)]);
  return { srmi, oldPassword: oldCipher, newPassword: newCipher };
}
