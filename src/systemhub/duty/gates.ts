import { adminUpstreamEndpoints as upstream } from '../../../contract/endpoints/admin/upstream';
import { ENDPOINTS } from '../providers/endpoints';
import type { Gated } from './mayCall';

/**
 * The declaration whose duties decide who sees a resource's page, for resources that have no
 * list endpoint of their own (a dashboard, a form, a tree). Apart from resources.tsx, which
 * loads the pages that ask this.
 */
export const GATES: Readonly<Record<string, Gated>> = {
  home: ENDPOINTS.home.actions.summary,
  departments: ENDPOINTS.departments.actions.tree,
  policies: ENDPOINTS.policies.actions.get,
  audit: ENDPOINTS.operationLog.list,
  auditTrail: ENDPOINTS.auditTrail.actions.status,
  directory: ENDPOINTS.directory.actions.status,
  upstreamProviders: upstream.list,
};
