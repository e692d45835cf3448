import { CODE, CODE_GROUPS, type ResultCode } from '../../../contract/codes';
import { paths } from '../../../contract/paths';
import type { PhoneTicket } from '../../../contract/schemas/password';
import type { SendOtpResult } from '../../../contract/schemas/signIn';
import { http, type CallOptions } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';
import type { CaptchaAnswer } from '../account-flow/guardedSend';

/**
 * The multi-step calls of the security dialogs (a ticket carried from one step to the next),
 * typed. Saves are silent: each dialog shows the refusal in its own alert or under the field.
 */
const post = <T>(url: string, body: unknown = {}, options?: CallOptions) => http.post<T>(url, body, options);
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
  phone: () => post<PhoneTicket>(paths.personal.pwdPersonGetPhone, {}, quiet),
  sendCode: (requestId: string, capKey: string, capText: string) =>
    post<SendOtpResult>(paths.personal.pwdPersonSendOtp, { requestId, capKey, capText }, { silent: [CODE.codeWrong, CODE.smsRefused, ...CODE_GROUPS.noPhone] }),
  async saveByCode(requestId: string, msgCodeKey: string, msgValueClient: string, fields: PasswordFields) {
    return post<null>(paths.personal.pwdPersonSaveByOtp, { requestId, msgCodeKey, msgValueClient, ...(await encryptPasswords(fields)) }, quiet);
  },
  async saveByOld(oldPassword: string, fields: PasswordFields) {
    const [old, rest] = await Promise.all([sm2Client.encrypt(oldPassword), encryptPasswords(fields)]);
    return post<null>(paths.personal.pwdPersonSaveByOld, { oldPassword: old, ...rest }, quiet);
  },
};

export const phoneApi = {
  bindSend: (mobileNo: string, captcha?: CaptchaAnswer) =>
    post<SendOtpResult>(paths.personal.bindMobileSend, { mobileNo, ...captcha }, { silent: [...CODE_GROUPS.numberRefusals, ...BIND_SEND_REFUSALS] }),
  bindSave: (mobileNo: string, msgCodeKey: string, msgValueClient: string) =>
    post<null>(paths.personal.bindMobileSave, { mobileNo, msgCodeKey, msgValueClient }),
  changeStart: () => post<PhoneTicket>(paths.personal.changeMobileGetPhone),
  sendOld: (requestId: string) => post<SendOtpResult>(paths.personal.changeMobileSendOld, { requestId }),
  verifyOld: (requestId: string, msgCodeKey: string, msgValueClient: string) =>
    post<null>(paths.personal.changeMobileVerifyOld, { requestId, msgCodeKey, msgValueClient }),
  sendNew: (requestId: string, mobileNo: string) => post<SendOtpResult>(paths.personal.changeMobileSendNew, { requestId, mobileNo }, { silent: CODE_GROUPS.numberRefusals }),
  setNew: (requestId: string, msgCodeKey: string, msgValueClient: string) =>
    post<null>(paths.personal.changeMobileSetNew, { requestId, msgCodeKey, msgValueClient }),
};

export const socialApi = {
  /** Silent: the spec's own failure text (解绑失败) is what the user reads. */
  unbind: (userId: string, source: string) => post<null>(paths.personal.socialUnbind, { userId, source }, quiet),
};
