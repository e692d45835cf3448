/**
 * Resolves in the browser's next quiet moment, or after `timeout` ms at the latest: for work a
 * page wants soon but not while it starts up or answers the person (Safari has no
 * requestIdleCallback, so a short delay stands in for it).
 */
export function whenIdle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 200);
  });
}
