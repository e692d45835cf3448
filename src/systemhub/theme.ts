import type { ThemeConfig } from 'antd';
import { theme } from '../shared/theme';

/**
 * The portal's theme, plus what only the workbench's tables need: selected rows keep their links
 * (5.5:1) and danger links (4.8:1) readable, hovered too (antd's #add8ff: 4.1 and 3.7). For the
 * whole workbench, not around one table: a nested theme gives everything under it other class
 * names, whose styles the workbench's static file (build/antdStaticCss.ts) does not hold. Not in
 * the shared theme, which the sign-in page downloads.
 */
export const workbenchTheme: ThemeConfig = {
  ...theme,
  components: { ...theme.components, Table: { rowSelectedBg: '#e6f4ff', rowSelectedHoverBg: '#dcefff' } },
};
