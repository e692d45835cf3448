import { CODE, CODE_GROUPS } from '../../../contract/codeNames';
import { passwordEndpoints as ep } from '../../../contract/endpoints/passwords';
import { call } from '../../shared/providers/api';
import type { FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { sm2Client } from '../../shared/providers/sm2';

/**
 * The forgotten-password flow's calls share one ticket (requestId) its first call issues: a
 * picture captcha and a new ticket (loaded through useCaptcha, which toasts a failure).
 */
export const startForget = () => call(ep.captchaGen, {});

/** The account goes SM2-encrypted. */
export async function verifyAccountInput(requestId: string, capKey: string, capText: string, account: string) {
  return { requestId, capKey, capText, userId: await sm2Client.encrypt(account) };
}

export async function saveInput(requestId: string, newPassword: string) {
  return { requestId, newPassword: await sm2Client.encrypt(newPassword) };
}

/** Each step explains these under its fields (the spec's inline texts) instead of a toast. */
export const ACCOUNT_FIELDS: FieldRefusals = [[[CODE.codeWrong], 'capText']];
export const CODE_FIELDS: FieldRefusals = [[[...CODE_GROUPS.codeRefusals, CODE.sentTooOften], 'code']];
