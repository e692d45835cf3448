import { CODE } from '../../../contract/codeNames';
import { errorCode } from '../../shared/providers/apiError';
import type { CaptchaSendResult } from './useCaptchaSend';

export interface CaptchaAnswer {
  capKey: string;
  capText: string;
}

/** One send of a code: resolves once the form took the answer in, rejects with the server's refusal. */
export type SendAttempt = (captcha?: CaptchaAnswer) => Promise<void>;

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : '');

/**
 * Sends without a captcha, as most sends need none; when the address has spent its free texts
 * the server answers E30127 and `askCaptcha` (the popup) takes over and resends with the answer.
 */
export async function sendAskingCaptcha(attempt: SendAttempt, askCaptcha: () => Promise<boolean>, onRefused: (failure: unknown) => void): Promise<boolean> {
  try {
    await attempt();
    return true;
  } catch (failure) {
    if (errorCode(failure) === CODE.captchaRequired) return askCaptcha();
    onRefused(failure);
    return false;
  }
}

/** The resend with the popup's answer: a wrong answer keeps the popup open for another picture. */
export async function resendWithCaptcha(attempt: SendAttempt, captcha: CaptchaAnswer, onRefused: (failure: unknown) => void): Promise<CaptchaSendResult> {
  try {
    await attempt(captcha);
    return { kind: 'sent' };
  } catch (failure) {
    if (errorCode(failure) === CODE.codeWrong) return { kind: 'retry', message: messageOf(failure) };
    onRefused(failure);
    return { kind: 'failed' };
  }
}
