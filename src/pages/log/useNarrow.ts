import { Grid } from 'antd';
import { MOBILE_BREAKPOINT } from '../../../contract/rules';

/**
 * Below 992 px (antd's lg, the spec's mobile breakpoint) lists stack their actions and filter
 * bars stack their fields. useBreakpoint is empty on the first render, so the window decides then.
 */
export function useNarrow(): boolean {
  const screens = Grid.useBreakpoint();
  return !(screens.lg ?? window.innerWidth >= MOBILE_BREAKPOINT);
}
