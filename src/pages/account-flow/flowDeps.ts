import { http } from '../../shared/providers/http';
import type { FlowDeps } from '../../providers/loginFlow';
import { sessionStore } from '../../shared/providers/storage';

/**
 * The login flow's dependencies for a page: the shared http client and this tab's store, and
 * how the page speaks when the roles are missing or could not be fetched (the sign-in page
 * through feedback, the pages inside <Refine> through its notifications).
 */
export function flowDeps(say: Pick<FlowDeps, 'onNoRoleData' | 'onRefused'>): FlowDeps {
  return { http, store: sessionStore, ...say };
}
