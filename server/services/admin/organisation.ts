import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: organisation. */
export function adminOrganisationService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
