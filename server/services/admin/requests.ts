import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: requests. */
export function adminRequestsService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
