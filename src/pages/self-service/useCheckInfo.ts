import { useCallback, useState } from 'react';
import type { CheckInfo } from '../../providers/loginFlow';
import { sessionStore } from '../../providers/storage';

/**
 * The check info the sign-in saved for this tab, and the step reached, kept in it so a reload
 * stays on the same step.
 */
export function useCheckInfo() {
  const [info, setInfo] = useState<CheckInfo | null>(() => {
    const stored = sessionStore.checkInfo<CheckInfo>();
    return stored?.srmi && Array.isArray(stored.steps) && stored.steps.length ? stored : null;
  });

  const moveTo = useCallback((active: number) => {
    setInfo((current) => {
      if (!current) return current;
      const next = { ...current, active };
      sessionStore.setCheckInfo(next);
      return next;
    });
  }, []);

  const forget = useCallback(() => sessionStore.setCheckInfo(null), []);

  return { info, moveTo, forget };
}
