import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: scimTokens. */
export function adminScimTokensService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
