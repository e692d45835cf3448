import type { OrgNode } from '../../../contract/schemas/admin/organisation';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../providers/endpoints';

export interface OrgTreeNode extends OrgNode {
  children: OrgTreeNode[];
}

/** The flat answer (parents first) nested by parentId. */
export function nest(nodes: readonly OrgNode[]): OrgTreeNode[] {
  const byId = new Map<number, OrgTreeNode>(nodes.map((node) => [node.id, { ...node, children: [] }]));
  const roots: OrgTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The organisation tree, flat and nested. */
export function useOrgTree() {
  const query = useEndpointQuery(ENDPOINTS.departments.actions.tree, {});
  const nodes = query.data?.nodes ?? [];
  return { ...query, nodes, roots: nest(nodes) };
}
