import { Grid } from 'antd';
import { MOBILE_BREAKPOINT } from '../../../contract/rules';

/**
 * Below 992 px (antd's lg, the spec's mobile breakpoint) the portal lays itself out for phones.
 * useBreakpoint is empty on the first render, so the window decides then.
 */
export function useMobile(): boolean {
  const screens = Grid.useBreakpoint();
  return !(screens.lg ?? window.innerWidth >= MOBILE_BREAKPOINT);
}
