import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: apps. */
export function adminAppsService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
