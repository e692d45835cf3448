import { useCallback, useEffect, useState } from 'react';
import { LIMITS } from '../../../contract/rules';

/**
 * The resend timer in whole seconds, started with what the server said is left (a code reused
 * after a quick re-login, or a refused send) or the full interval: left is 0 when it has run out.
 */
export function useResendCountdown() {
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const start = useCallback((seconds: number = LIMITS.resendSeconds) => setLeft(Math.max(0, Math.round(seconds))), []);
  return { left, running: left > 0, start };
}

/** The seconds an E00408 refusal says are left before a new code may be requested, if it says. */
export function resendInOf(error: unknown): number | null {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : null;
  const value = data && typeof data === 'object' ? (data as { resendIn?: unknown }).resendIn : null;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
