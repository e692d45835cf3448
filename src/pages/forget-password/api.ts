import { paths } from '../../../contract/paths';
import type { CaptchaTicket, PhoneTicket } from '../../../contract/schemas/password';
import { http } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';

/** Refusals each step shows next to its fields (the spec's inline texts) instead of a toast. */
export const FORGET_REFUSALS = ['E10701', 'E10801', 'E10802', 'E10803', 'E10805', 'E00408'];
const quiet = { silent: FORGET_REFUSALS };

/** The four calls of the forgotten-password flow, all on one ticket (requestId) the first call issues. */
export const forgetApi = {
  /** A picture captcha and a new ticket. */
  start: () => http.post<CaptchaTicket>(paths.message.captchaGen, {}),
  async verifyAccount(requestId: string, capKey: string, capText: string, account: string) {
    return http.post<PhoneTicket>(paths.user.forgetVerifyAccount, { requestId, capKey, capText, userId: await sm2Client.encrypt(account) }, quiet);
  },
  sendOtp: (requestId: string) => http.post<{ msgCodeKey: string }>(paths.user.forgetSendOtp, { requestId }, quiet),
  verifyOtp: (requestId: string, msgCodeKey: string, msgValueClient: string) => http.post<null>(paths.user.forgetVerifyOtp, { requestId, msgCodeKey, msgValueClient }, quiet),
  async save(requestId: string, newPassword: string) {
    return http.post<{ userId: string }>(paths.user.forgetSave, { requestId, newPassword: await sm2Client.encrypt(newPassword) }, quiet);
  },
};
