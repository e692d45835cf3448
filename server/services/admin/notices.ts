import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: notices. */
export function adminNoticesService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
