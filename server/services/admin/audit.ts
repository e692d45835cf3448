import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: audit. */
export function adminAuditService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
