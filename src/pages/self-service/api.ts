import { paths } from '../../../contract/paths';
import type { LoginResponse } from '../../../contract/schemas/auth';
import type { StepResult } from '../../../contract/schemas/signIn';
import { http } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';
import { SMS_BUDGET_REFUSALS, type CaptchaAnswer } from '../account-flow/guardedSend';

/** Refusals each step shows next to its form rather than as a toast. */
export const STEP_REFUSALS = ['E10701', 'E10801', 'E10802', 'E10803', 'E10805', 'E00408', ...SMS_BUDGET_REFUSALS];
const quiet = { silent: STEP_REFUSALS };

export const SCENE_BIND_PHONE = 1;
export const SCENE_UPDATE_PASSWORD = 2;

/** The self-service steps between proven credentials and the session, all on the login ticket (srmi). */
export const selfServiceApi = {
  sendSms: (srmi: string, scene: number, mobileNo?: string, captcha?: CaptchaAnswer) =>
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
