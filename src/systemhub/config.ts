/** Addresses and constants of the workbench (its routes are hash routes under /systemhub/). */

/** The portal page the workbench sends non-administrators to (a full page load: another application). */
export const PORTAL_HOME = '/myApp';
/** The workbench's own address, for the sign-in page's redirect back. */
export const WORKBENCH_BASE = '/systemhub/';
export const HOME_ROUTE = '/home';

/** The side menu's width (below 992 px it moves into a drawer, as in the portal). */
export const SIDER_WIDTH = 208;
