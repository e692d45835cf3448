import { useCallback, useRef, useState } from 'react';
import type { CaptchaOutcome } from './CaptchaPopup';

/** How a send that carried a captcha answer went: sent (or resent too early: the timer restarts), captcha wrong, or failed. */
export type CaptchaSendResult = { kind: 'sent' } | { kind: 'retry'; message?: string } | { kind: 'failed' };

/**
 * Joins a send-code button (which waits for "did it go out?") to the captcha popup in front of
 * the send: onSend() opens the popup and settles once the popup's answer was sent or given up.
 */
export function useCaptchaSend(send: (capKey: string, capText: string) => Promise<CaptchaSendResult>) {
  const [open, setOpen] = useState(false);
  const pending = useRef<((sent: boolean) => void) | null>(null);

  const settle = useCallback((sent: boolean) => {
    setOpen(false);
    pending.current?.(sent);
    pending.current = null;
  }, []);

  const onSend = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );

  const onSubmit = useCallback(
    async (capKey: string, capText: string): Promise<CaptchaOutcome> => {
      const result = await send(capKey, capText);
      if (result.kind === 'retry') return result;
      settle(result.kind === 'sent');
      return { kind: 'done' };
    },
    [send, settle],
  );

  return { popup: { open, onCancel: () => settle(false), onSubmit }, onSend };
}
