import { useCallback, useRef } from 'react';
import { resendWithCaptcha, sendAskingCaptcha, type SendAttempt } from './guardedSend';
import { useCaptchaSend, type CaptchaSendResult } from './useCaptchaSend';

/**
 * For a send-code button whose send may be answered "captcha first" (E30127): send(attempt)
 * tries without one, and if asked opens the picture-captcha popup (render <CaptchaPopup
 * {...popup} />) to resend the same attempt with the answer. Resolves true once a code went out;
 * false when refused (onRefused has the failure) or the popup was cancelled.
 */
export function useGuardedSend(onRefused: (failure: unknown) => void) {
  // The attempt the popup resends: the one whose first try was answered E30127.
  const pending = useRef<SendAttempt | null>(null);

  const resend = useCallback(
    (capKey: string, capText: string): Promise<CaptchaSendResult> =>
      pending.current ? resendWithCaptcha(pending.current, { capKey, capText }, onRefused) : Promise.resolve({ kind: 'failed' }),
    [onRefused],
  );
  const { popup, onSend: askCaptcha } = useCaptchaSend(resend);

  const send = useCallback(
    (attempt: SendAttempt) => {
      pending.current = attempt;
      return sendAskingCaptcha(attempt, askCaptcha, onRefused);
    },
    [askCaptcha, onRefused],
  );

  return { send, popup };
}
