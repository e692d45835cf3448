import type { DutyGrant } from '../../../contract/duties';
import type { AccessDetail } from '../../../contract/endpoints/account';

/** What the browser keeps of a declaration to decide what to show: the duties that may call it (build/clientEndpoints.ts). */
export interface Gated {
  duties?: readonly DutyGrant[];
}

/**
 * Whether the caller's duty (or owning an application) is among those the endpoint names. The
 * same rule as the server's `access.holds`, over the same lists, so what is shown is what
 * would be answered; the server still decides every call. A declaration without duties is
 * refused to everyone there, so it is shown to no one here.
 */
export function mayCall(access: AccessDetail | null | undefined, endpoint: Gated | undefined): boolean {
  if (!access?.admin || !endpoint) return false;
  const duties = endpoint.duties ?? [];
  if (access.duty && duties.includes(access.duty)) return true;
  return access.appOwner && duties.includes('appOwner');
}
