import { useCallback, useState } from 'react';
import type { CheckInfo } from '../../providers/loginFlow';
import { sessionStore } from '../../shared/providers/storage';

/** The check info, with the indexes of the steps the person skipped (shown as skipped, not done). */
export type SelfServiceInfo = CheckInfo & { skipped?: number[] };

/**
 * The check info the sign-in saved for this tab, and the step reached, kept in it so a reload
 * stays on the same step.
 */
export function useCheckInfo() {
  const [info, setInfo] = useState<SelfServiceInfo | null>(() => {
    const stored = sessionStore.checkInfo<SelfServiceInfo>();
    return stored?.srmi && Array.isArray(stored.steps) && stored.steps.length ? stored : null;
  });

  const moveTo = useCallback((active: number, skipped = false) => {
    setInfo((current) => {
      if (!current) return current;
      const kept = (current.skipped ?? []).filter((index) => index !== current.active);
      const next = { ...current, active, skipped: skipped ? [...kept, current.active] : kept };
      sessionStore.setCheckInfo(next);
      return next;
    });
  }, []);

  const forget = useCallback(() => sessionStore.setCheckInfo(null), []);

  return { info, moveTo, forget };
}
