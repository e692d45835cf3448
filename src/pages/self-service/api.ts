import { CODE_GROUPS, type ResultCode } from '../../../contract/codes';
import type { PhoneScene } from '../../../contract/enums';
import { signInEndpoints as ep } from '../../../contract/endpoints/signIn';
import { call } from '../../providers/api';
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
    call(ep.sendSmsByScene, { srmi, scene, mobileNo, ...captcha }, quiet),
  bindPhone: (srmi: string, mobileNo: string, smsValueClient: string, smsCodeKey: string, active: number) =>
    call(ep.bindPhone, { srmi, mobileNo, smsValueClient, smsCodeKey, active }, quiet),
  skip: (srmi: string, active: number) => call(ep.skipStep, { srmi, active }),
  async updateBySms(srmi: string, smsValueClient: string, smsCodeKey: string, newPassword: string, active: number) {
    return call(ep.updatePwdBySms, { srmi, smsValueClient, smsCodeKey, newPassword: await sm2Client.encrypt(newPassword), active }, quiet);
  },
  async updateByOld(srmi: string, oldPassword: string, newPassword: string) {
    const [oldCipher, newCipher] = await Promise.all([sm2Client.encrypt(oldPassword), sm2Client.encrypt(newPassword)]);
    return call(ep.updatePwdByOld, { srmi, oldPassword: oldCipher, newPassword: newCipher }, quiet);
  },
  continueLogin: (srmi: string) => call(ep.continueLogin, { srmi }),
};
