import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: home. */
export function adminHomeService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
