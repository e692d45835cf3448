import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: users. */
export function adminUsersService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
