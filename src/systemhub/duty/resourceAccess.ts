import type { AccessDetail } from '../../../contract/endpoints/account';
import { ENDPOINTS } from '../providers/endpoints';
import { GATES } from './gates';
import { mayCall, type Gated } from './mayCall';

/** Refine's page actions and the endpoint of the resource's table that each one opens with. */
const PAGE_ENDPOINT: Record<string, 'list' | 'get' | 'create' | 'update' | 'delete'> = {
  list: 'list', show: 'get', create: 'create', edit: 'update', clone: 'create', delete: 'delete',
};

type Table = Record<string, { list?: Gated; get?: Gated; create?: Gated; update?: Gated; delete?: Gated; actions?: Record<string, Gated> }>;
const TABLE = ENDPOINTS as Table;

/**
 * The declaration behind a resource's action: a page (list, show, create, edit), or a named
 * action of the endpoint table (`users` `unlock`). A list page without a list endpoint is
 * opened by its gate (duty/gates.ts).
 */
export function endpointOf(resource: string, action: string): Gated | undefined {
  const entry = TABLE[resource];
  const page = PAGE_ENDPOINT[action];
  if (action === 'list' && GATES[resource]) return GATES[resource];
  if (page && entry?.[page]) return entry[page];
  return entry?.actions?.[action];
}

/** Whether the caller may use a resource's page or action, as its endpoint's duties say. */
export function mayUse(access: AccessDetail | null | undefined, resource: string, action: string): boolean {
  return mayCall(access, endpointOf(resource, action));
}
