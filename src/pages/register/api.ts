import { CODE, CODE_GROUPS } from '../../../contract/codeNames';
import type { FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { sm2Client } from '../../shared/providers/sm2';

export interface RegisterValues {
  userId?: string;
  userName: string;
  mobileNo: string;
  password: string;
  enterprise?: string;
  email?: string;
  msgCode?: string;
}

/** Refusals the form explains under the field they are about; the rest (registration closed, too many tries) are toasts. */
export const REGISTER_FIELDS: FieldRefusals = [
  [[CODE.accountNameTaken, CODE.accountNameInvalid, CODE.accountOrMobileTaken], 'userId'],
  [[CODE.mobileRegistered, CODE.mobileInvalid], 'mobileNo'],
  [[CODE.emailInvalid], 'email'],
  [CODE_GROUPS.passwordPolicy, 'password'],
  [CODE_GROUPS.codeRefusals, 'msgCode'],
];

/**
 * The self-registration body. The server answers message SUCCESS with D00000; any other answer
 * is a rejection, so a resolved call is the success the spec reads from the message.
 */
export async function registerInput(values: RegisterValues, msgCodeKey: string) {
  return {
    userId: values.userId?.trim() || undefined,
    userName: values.userName.trim(),
    mobileNo: values.mobileNo,
    password: await sm2Client.encrypt(values.password),
    email: values.email?.trim() || undefined,
    description: values.enterprise?.trim() || undefined,
    deptCodes: [],
    forceChangePwdFirstLogin: false as const,
    msgCodeKey: msgCodeKey || undefined,
    msgCode: values.msgCode?.trim() || undefined,
  };
}
