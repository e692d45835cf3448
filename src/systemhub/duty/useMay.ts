import type { AccessDetail } from '../../../contract/endpoints/account';
import { workbenchAuth } from '../providers/authProvider';
import { mayCall, type Gated } from './mayCall';
import { mayUse } from './resourceAccess';

/**
 * The signed-in administrator's access, read where a page decides what to offer without
 * waiting for Refine's asynchronous check (a button, a panel, a query worth sending). The
 * workbench renders only after the sign-in check has fetched it.
 */
export function useAccess(): AccessDetail | null {
  return workbenchAuth.access();
}

/** `may('users', 'unlock')`, `may.call(ENDPOINTS.apps.actions.roles)`: what this administrator's duty allows. */
export function useMay() {
  const access = useAccess();
  return Object.assign((resource: string, action: string) => mayUse(access, resource, action), { call: (endpoint: Gated) => mayCall(access, endpoint) });
}
