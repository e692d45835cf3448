import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** `value` when it names one of `tabs`, else the first tab. */
export function tabIn<T extends string>(tabs: readonly T[], value: string | null): T {
  return tabs.includes(value as T) ? (value as T) : tabs[0];
}

/**
 * A page's open tab kept in its address (`?tab=…`, `?activeName=…`), so a link opens the tab it
 * names; switching replaces the history entry rather than adding one per click.
 */
export function useTabParam<T extends string>(param: string, tabs: readonly T[]): [T, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const open = useCallback((key: string) => setParams({ [param]: key }, { replace: true }), [param, setParams]);
  return [tabIn(tabs, params.get(param)), open];
}
