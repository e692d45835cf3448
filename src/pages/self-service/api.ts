import { CODE_GROUPS, type ResultCode } from '../../../contract/codes';
import type { PhoneScene } from '../../../contract/enums';
import { paths } from '../../../contract/paths';
import type { LoginResponse } from '../../../contract/schemas/auth';
import type { StepResult } from '../../../contract/schemas/signIn';
import { http } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';
import type { CaptchaAnswer } from '../account-flow/guardedSend';

/**
 * Refusals each step shows next to its form rather than as a toast: the password and code
 * refusals, the budgets, and the number to bind or the phone to text being unusable.
 */
export const STEP_REFUSALS: readonly ResultCode[] = [...CODE_GROUPS.passwordByCode, ...CODE_GROUPS.smsBudget, ...CODE_GROUPS.numberRefusals, ...CODE_GROUPS.noPhone];
const quiet = { silent: STEP_REFUSALS };

/** The self-service steps between proven credentials and the session, all on the login ticket (srmi). */
export const selfServiceApi = {
  sendSms: (srmi: string, scene: PhoneScene, mobileNo?: string, captcha?: CaptchaAnswer) =>
    http.post<{ smsCodeKey: string }>(paths.user.sendSmsByScene, { srmi, scene, mobileNo, ...captcha }, quiet),
  bindPhone: (srmi: string, mobileNo: string, smsValueClient: string, smsCodeKey: string, active: number) =>
    http.post<StepResult>(paths.user.bindPhone, { srmi, mobileNo, smsValueClient, smsCodeKey, active }, quiet),
  skip: (srmi: string, active: number) => http.post<StepResult>(paths.user.skipStep, { srmi, active }),
  async updateBySms(srmi: string, smsValueClient: string, smsCodeKey: string, newPassword: string, active: number) {
    return http.post<StepResult>(paths.user.updatePwdBySms, { srmi, smsValueClient, smsCodeKey, newPassword: await sm2Client.encrypt(newPassword), active }, quiet);
  },
  async updateByOld(srmi: string, oldPassword: string, newPassword: string) {
    const [oldCipher, newCipher] = await Promise.all([sm2Client.encrypt(oldPassword), sm2Client.encrypt(newPassword)]);
    return http.post<StepResult>(paths.user.updatePwdByOld, { srmi, oldPassword: oldCipher, newPassword: newCipher }, quiet);
  },
  continueLogin: (srmi: string) => http.post<LoginResponse>(paths.auth.continueLogin, { srmi }),
};
