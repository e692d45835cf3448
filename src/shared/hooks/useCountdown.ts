import { useCallback, useEffect, useState } from 'react';
import { LIMITS } from '../../../contract/rules';

/**
 * A resend timer in whole seconds: `start()` runs the full interval, `start(n)` what the server
 * said is left; `left` is 0 when it has run out.
 */
export function useCountdown(interval: number = LIMITS.resendSeconds) {
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const start = useCallback((seconds: number = interval) => setLeft(Math.max(0, Math.round(seconds))), [interval]);
  return { left, running: left > 0, start };
}
