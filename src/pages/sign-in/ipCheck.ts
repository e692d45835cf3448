import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codeNames';
import { authEndpoints } from '../../../contract/endpoints/auth';
import { errorCode } from '../../shared/providers/apiError';
import { feedback } from '../../shared/providers/feedback';
import { call } from '../../shared/providers/api';

export type IpCheckOutcome = { kind: 'clear' } | { kind: 'captcha' } | { kind: 'warning'; message: string } | { kind: 'stop' };

/**
 * The scene check before a password sign-in: E30127 means this IP must answer a captcha first.
 * Other refusals stop the attempt (a refused IP is shown under the form, the rest as a toast).
 */
export async function checkLoginScene(): Promise<IpCheckOutcome> {
  try {
    await call(authEndpoints.ipCheck, { sceneCode: 'LOGIN' });
    return { kind: 'clear' };
  } catch (error) {
    const code = errorCode(error);
    if (code === CODE.captchaRequired) return { kind: 'captcha' };
    if (codeIn(CODE_GROUPS.signInWarnings, code)) return { kind: 'warning', message: (error as Error).message };
    feedback.refusal(error);
    return { kind: 'stop' };
  }
}
