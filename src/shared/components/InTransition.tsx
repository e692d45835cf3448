import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts its children in a transition, after the commit that shows the fallback. A tree mounted
 * by a data answer (the session check, a query) renders at the update's priority, in one task:
 * for the portal's layout and home page on a phone that was half a second and more of blocked
 * input. In a transition React renders it in slices that yield to the browser.
 */
export function InTransition({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : fallback;
}
