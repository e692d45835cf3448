import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: sessions. */
export function adminSessionsService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
