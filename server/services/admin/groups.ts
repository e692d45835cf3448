import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: groups. */
export function adminGroupsService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
