import { CODE, CODE_GROUPS, type ResultCode } from '../../../contract/codes';
import { passwordEndpoints } from '../../../contract/endpoints/passwords';
import { securityEndpoints as security } from '../../../contract/endpoints/security';
import { call } from '../../providers/api';
import type { CallOptions } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';
import type { CaptchaAnswer } from '../account-flow/guardedSend';

/**
 * The multi-step calls of the security dialogs (a ticket carried from one step to the next),
 * typed by the contract's declarations. Saves are silent: each dialog shows the refusal in its own alert or under the field.
 */
const quiet: CallOptions = { silent: true };

/** Refusals of the bind send that are not about the number typed (waiting, or change phone instead): said in the dialog's alert. */
export const BIND_SEND_REFUSALS: readonly ResultCode[] = [CODE.sentTooOften, CODE.phoneAlreadyBound, ...CODE_GROUPS.smsBudget];

export interface PasswordFields {
  newPassword: string;
  repeatNewPassword: string;
}

async function encryptPasswords({ newPassword, repeatNewPassword }: PasswordFields) {
  const [a, b] = await Promise.all([sm2Client.encrypt(newPassword), sm2Client.encrypt(repeatNewPassword)]);
  return { newPassword: a, repeatNewPassword: b };
}

export const passwordApi = {
  phone: () => call(passwordEndpoints.pwdPersonGetPhone, {}, quiet),
  sendCode: (requestId: string, capKey: string, capText: string) =>
    call(passwordEndpoints.pwdPersonSendOtp, { requestId, capKey, capText }, { silent: [CODE.codeWrong, CODE.smsRefused, ...CODE_GROUPS.noPhone] }),
  async saveByCode(requestId: string, msgCodeKey: string, msgValueClient: string, fields: PasswordFields) {
    return call(passwordEndpoints.pwdPersonSaveByOtp, { requestId, msgCodeKey, msgValueClient, ...(await encryptPasswords(fields)) }, quiet);
  },
  async saveByOld(oldPassword: string, fields: PasswordFields) {
    const [old, rest] = await Promise.all([sm2Client.encrypt(oldPassword), encryptPasswords(fields)]);
    return call(passwordEndpoints.pwdPersonSaveByOld, { oldPassword: old, ...rest }, quiet);
  },
};

export const phoneApi = {
  bindSend: (mobileNo: string, captcha?: CaptchaAnswer) =>
    call(security.bindMobileSend, { mobileNo, ...captcha }, { silent: [...CODE_GROUPS.numberRefusals, ...BIND_SEND_REFUSALS] }),
  bindSave: (mobileNo: string, msgCodeKey: string, msgValueClient: string) =>
    call(security.bindMobileSave, { mobileNo, msgCodeKey, msgValueClient }),
  changeStart: () => call(security.changeMobileGetPhone, {}),
  sendOld: (requestId: string) => call(security.changeMobileSendOld, { requestId }),
  verifyOld: (requestId: string, msgCodeKey: string, msgValueClient: string) =>
    call(security.changeMobileVerifyOld, { requestId, msgCodeKey, msgValueClient }),
  sendNew: (requestId: string, mobileNo: string) => call(security.changeMobileSendNew, { requestId, mobileNo }, { silent: CODE_GROUPS.numberRefusals }),
  setNew: (requestId: string, msgCodeKey: string, msgValueClient: string) =>
    call(security.changeMobileSetNew, { requestId, msgCodeKey, msgValueClient }),
};

export const socialApi = {
  /** Silent: the spec's own failure text (解绑失败) is what the user reads. */
  unbind: (userId: string, source: string) => call(security.socialUnbind, { userId, source }, quiet),
};
