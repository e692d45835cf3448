import type { ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';

/** Workbench: policies. */
export function adminPoliciesService(_ctx: ServiceContext, _base: BaseServices) {
  return {};
}
