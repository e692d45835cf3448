import { CODE, CODE_GROUPS, type ResultCode } from '../../../contract/codes';
import { signInEndpoints as ep } from '../../../contract/endpoints/signIn';
import { call } from '../../providers/api';
import { deviceInfo } from '../../providers/device';

/**
 * Refusals the second-factor page explains itself (under the code boxes, in the captcha popup,
 * or by leaving for /login), so the generic toast stays quiet for them (sign-in spec §8).
 */
const SECOND_AUTH_REFUSALS: readonly ResultCode[] = [
  ...CODE_GROUPS.codeRefusals, CODE.smsRefused, CODE.sentTooOften, CODE.secondFactorNoPhone, CODE.captchaRequired, CODE.smsTicketInvalid,
];

const quiet = { silent: SECOND_AUTH_REFUSALS };

export const secondAuthApi = {
  /** E00013 (the ticket expired) is silent in the http layer; the page says why it leaves. */
  appInfo: (srmi: string) => call(ep.secondAuthAppInfo, { srmi }),
  send: (srmi: string, captcha?: { capKey: string; capText: string }) => call(ep.secondAuthSend, { srmi, ...captcha }, quiet),
  async verify(srmi: string, validateCode: string, smsCodeKey: string) {
    return call(ep.secondAuth, { srmi, validateCode, smsCodeKey, ...(await deviceInfo()) }, quiet);
  },
};
