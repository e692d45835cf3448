import { DeptKind } from '../../contract/enums.js';
import type { Department } from './departmentsRepository.js';

/** How a path names a node from the top: "Company/Department/…". */
export const PATH_SEPARATOR = '/';

/** Where a person placed in a node works, as the personal centre shows it. */
export interface Placement {
  companyName: string | null;
  deptName: string | null;
}

/** A department named in an import file: found, or why not. */
export type Resolved = { id: number } | { error: 'unknown' | 'ambiguous' };

/**
 * The organisation tree in memory (it is small: every node of a company fits), with the
 * questions the services ask of it. Built from one read, so answers agree with each other.
 */
export function indexTree(nodes: Department[]) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, Department[]>();
  for (const node of nodes) {
    const key = node.parentRef !== null && byId.has(node.parentRef) ? node.parentRef : null;
    children.set(key, [...(children.get(key) ?? []), node]);
  }

  /** The node and its ancestors, nearest first (a damaged parent chain stops rather than loops). */
  function lineage(id: number): Department[] {
    const out: Department[] = [];
    const seen = new Set<number>();
    for (let node = byId.get(id); node && !seen.has(node.id); node = node.parentRef === null ? undefined : byId.get(node.parentRef)) {
      seen.add(node.id);
      out.push(node);
    }
    return out;
  }

  const path = (id: number): string => lineage(id).reverse().map((n) => n.name).join(PATH_SEPARATOR);

  /** The node and every node below it. */
  function subtree(id: number): number[] {
    const out = new Set<number>();
    const stack = [id];
    while (stack.length) {
      const next = stack.pop()!;
      if (out.has(next)) continue;
      out.add(next);
      for (const child of children.get(next) ?? []) stack.push(child.id);
    }
    return [...out];
  }

  /** Parents before children, siblings in their order. */
  function ordered(): Department[] {
    const out: Department[] = [];
    const visit = (parent: number | null) => {
      for (const child of children.get(parent) ?? []) {
        out.push(child);
        visit(child.id);
      }
    };
    visit(null);
    return out;
  }

  const byPath = new Map<string, number>();
  const byName = new Map<string, number[]>();
  for (const node of nodes) {
    byPath.set(path(node.id), node.id);
    byName.set(node.name, [...(byName.get(node.name) ?? []), node.id]);
  }

  return {
    find: (id: number) => byId.get(id),
    children: (parent: number | null) => children.get(parent) ?? [],
    path,
    subtree,
    ordered,
    /** Whether `candidate` is `id` itself or below it: a move there would make a cycle. */
    isSelfOrBelow: (id: number, candidate: number) => lineage(candidate).some((n) => n.id === id),
    /** The company a person in this node works for (the nearest company at or above it) and the department, if the node is one. */
    placement(id: number): Placement {
      const line = lineage(id);
      const company = line.find((n) => n.kind === DeptKind.COMPANY);
      return { companyName: company?.name ?? null, deptName: line[0]?.kind === DeptKind.DEPARTMENT ? line[0].name : null };
    },
    /** A node as an import names it: its path from the top, or its name when no other node has it. */
    resolve(value: string): Resolved {
      if (value.includes(PATH_SEPARATOR)) {
        const id = byPath.get(value.split(PATH_SEPARATOR).map((part) => part.trim()).join(PATH_SEPARATOR));
        return id === undefined ? { error: 'unknown' } : { id };
      }
      const ids = byName.get(value) ?? [];
      if (ids.length === 1) return { id: ids[0] };
      return { error: ids.length ? 'ambiguous' : 'unknown' };
    },
  };
}

export type TreeIndex = ReturnType<typeof indexTree>;

/** Where a node may sit: a company at the top or under a company, a department under either. */
export function parentAllowed(kind: string, parent: Department | undefined): boolean {
  if (kind === DeptKind.COMPANY) return !parent || parent.kind === DeptKind.COMPANY;
  return !!parent;
}
