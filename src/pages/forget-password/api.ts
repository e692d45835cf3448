import { CODE_GROUPS } from '../../../contract/codes';
import { passwordEndpoints as ep } from '../../../contract/endpoints/passwords';
import { call } from '../../providers/api';
import { sm2Client } from '../../providers/sm2';

/** Each step shows these next to its fields (the spec's inline texts) instead of a toast. */
const quiet = { silent: CODE_GROUPS.passwordByCode };

/** The four calls of the forgotten-password flow, all on one ticket (requestId) the first call issues; the account and password go SM2-encrypted. */
export const forgetApi = {
  /** A picture captcha and a new ticket. */
  start: () => call(ep.captchaGen, {}),
  async verifyAccount(requestId: string, capKey: string, capText: string, account: string) {
    return call(ep.forgetVerifyAccount, { requestId, capKey, capText, userId: await sm2Client.encrypt(account) }, quiet);
  },
  sendOtp: (requestId: string) => call(ep.forgetSendOtp, { requestId }, quiet),
  verifyOtp: (requestId: string, msgCodeKey: string, msgValueClient: string) => call(ep.forgetVerifyOtp, { requestId, msgCodeKey, msgValueClient }, quiet),
  async save(requestId: string, newPassword: string) {
    return call(ep.forgetSave, { requestId, newPassword: await sm2Client.encrypt(newPassword) }, quiet);
  },
};
