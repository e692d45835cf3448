import { CODE_GROUPS } from '../../../contract/codes';
import { paths } from '../../../contract/paths';
import type { CaptchaTicket, PhoneTicket } from '../../../contract/schemas/password';
import { http } from '../../providers/http';
import { sm2Client } from '../../providers/sm2';

/** Each step shows these next to its fields (the spec's inline texts) instead of a toast. */
const quiet = { silent: CODE_GROUPS.passwordByCode };

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
