import { isForeignKeyViolation } from '../platform/db/constraints.js';
import { CODE } from '../../contract/codes.js';
import type { OrgNode, OrgTree } from '../../contract/schemas/admin/organisation.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import type { Department } from './departmentsRepository.js';
import type { Repos } from '../composition/repositories.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { indexTree, parentAllowed, type TreeIndex } from './tree.js';
import type { PeopleScope } from '../administrators/scope.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminOrganisationEndpoints } from '../../contract/endpoints/admin/organisation.js';

/** What the operation log calls each change of the tree. */
const SCENE = { CREATE: 'ADMIN_DEPT_CREATE', RENAME: 'ADMIN_DEPT_RENAME', MOVE: 'ADMIN_DEPT_MOVE', DELETE: 'ADMIN_DEPT_DELETE' } as const;
const target = (id: number) => `dept:${id}`;

/** People in each node, and in it and everything below it. */
function countsOf(tree: TreeIndex, direct: Map<number, number>): Map<number, number> {
  const total = new Map<number, number>();
  // Children come after their parents: adding each node's total to its parent bottom-up sums every subtree once.
  for (const node of [...tree.ordered()].reverse()) {
    const sum = (total.get(node.id) ?? 0) + (direct.get(node.id) ?? 0);
    total.set(node.id, sum);
    if (node.parentRef !== null) total.set(node.parentRef, (total.get(node.parentRef) ?? 0) + sum);
  }
  return total;
}

function nodeOf(tree: TreeIndex, node: Department, direct: Map<number, number>, total: Map<number, number>): OrgNode {
  return {
    id: node.id, parentId: node.parentRef, name: node.name, kind: node.kind as OrgNode['kind'], sortOrder: node.sortOrder,
    path: tree.path(node.id), userCount: direct.get(node.id) ?? 0, totalUserCount: total.get(node.id) ?? 0,
  };
}

const snapshot = (node: Pick<Department, 'name' | 'kind' | 'parentRef'>) => ({ name: node.name, kind: node.kind, parentId: node.parentRef });

/** Workbench: companies and departments as a tree; people are placed in its nodes. */
export function adminOrganisationService(ctx: ServiceContext, base: BaseServices) {
  const now = () => ctx.clock.now();

  /** Every node's people see the company and department names of where they now sit. */
  async function syncNames(repos: Repos, tree: TreeIndex, rootId: number): Promise<void> {
    for (const id of tree.subtree(rootId)) {
      const { companyName, deptName } = tree.placement(id);
      await repos.admin.users.setOrgNames(id, companyName, deptName, now());
    }
  }

  function assertNameFree(tree: TreeIndex, parentRef: number | null, name: string, self: number | null): void {
    if (tree.children(parentRef).some((n) => n.name === name && n.id !== self)) throw new AppError(CODE.orgNameTaken);
  }

  /** The node as answered after a change. */
  async function describe(id: number): Promise<OrgNode> {
    const tree = indexTree(await ctx.repos.admin.departments.all());
    const node = tree.find(id);
    if (!node) throw notFound();
    const direct = await ctx.repos.admin.departments.userCounts();
    return nodeOf(tree, node, direct, countsOf(tree, direct));
  }

  /**
   * A change of the tree's shape: the tree lock first, then a fresh read to check against, so
   * racing changes (two crossing moves, two same-named siblings) are judged one after the other.
   */
  const shapeChange = <T>(work: (repos: Repos, tree: TreeIndex, nodes: Department[]) => Promise<T>) =>
    ctx.transaction(async (repos) => {
      await repos.admin.departments.lockTree(now());
      const nodes = await repos.admin.departments.all();
      return work(repos, indexTree(nodes), nodes);
    });

  return {
    /** The whole tree; to a department administrator only their subtree, its root shown as the top (no parent). */
    async tree(scope: PeopleScope): Promise<OrgTree> {
      const [nodes, direct] = await Promise.all([ctx.repos.admin.departments.all(), ctx.repos.admin.departments.userCounts()]);
      const tree = indexTree(nodes);
      const total = countsOf(tree, direct);
      const all = tree.ordered().map((node) => nodeOf(tree, node, direct, total));
      if (scope.kind === 'all') return { nodes: all };
      return { nodes: all.filter((n) => scope.deptRefs.includes(n.id)).map((n) => (n.id === scope.rootRef ? { ...n, parentId: null } : n)) };
    },

    async create(actorRef: number, input: InputOf<typeof adminOrganisationEndpoints.orgCreate>, caller: Caller): Promise<OrgNode> {
      const parentRef = input.parentId ?? null;
      const id = await shapeChange(async (repos, tree) => {
        const parent = parentRef === null ? undefined : tree.find(parentRef);
        if (parentRef !== null && !parent) throw new AppError(CODE.deptUnknown);
        if (!parentAllowed(input.kind, parent)) throw new AppError(CODE.orgParentInvalid);
        assertNameFree(tree, parentRef, input.name, null);
        const node = { parentRef, name: input.name, kind: input.kind };
        const created = await repos.admin.departments.insert({ ...node, sortOrder: await repos.admin.departments.nextSortOrder(parentRef), createdAt: now() });
        await base.audit.adminChange(actorRef, SCENE.CREATE, target(created), { after: snapshot(node) }, caller, repos);
        return created;
      });
      return describe(id);
    },

    async rename(actorRef: number, id: number, name: string, caller: Caller): Promise<OrgNode> {
      await shapeChange(async (repos, tree, nodes) => {
        const node = tree.find(id);
        if (!node) throw notFound();
        if (node.name === name) return;
        assertNameFree(tree, node.parentRef, name, id);
        await repos.admin.departments.rename(id, name);
        await syncNames(repos, indexTree(nodes.map((n) => (n.id === id ? { ...n, name } : n))), id);
        await base.audit.adminChange(actorRef, SCENE.RENAME, target(id), { before: { name: node.name }, after: { name } }, caller, repos);
      });
      return describe(id);
    },

    async move(actorRef: number, id: number, parentId: number | null, caller: Caller): Promise<OrgNode> {
      await shapeChange(async (repos, tree, nodes) => {
        const node = tree.find(id);
        if (!node) throw notFound();
        const parent = parentId === null ? undefined : tree.find(parentId);
        if (parentId !== null && !parent) throw new AppError(CODE.deptUnknown);
        if (parentId !== null && tree.isSelfOrBelow(id, parentId)) throw new AppError(CODE.orgMoveCycle);
        if (node.parentRef === parentId) return;
        if (!parentAllowed(node.kind, parent)) throw new AppError(CODE.orgParentInvalid);
        assertNameFree(tree, parentId, node.name, id);
        await repos.admin.departments.move(id, parentId, await repos.admin.departments.nextSortOrder(parentId));
        await syncNames(repos, indexTree(nodes.map((n) => (n.id === id ? { ...n, parentRef: parentId } : n))), id);
        await base.audit.adminChange(actorRef, SCENE.MOVE, target(id), { before: { parentId: node.parentRef }, after: { parentId } }, caller, repos);
      });
      return describe(id);
    },

    async delete(actorRef: number, id: number, caller: Caller): Promise<null> {
      const check = async (repos: Repos) => {
        if (await repos.admin.departments.hasChildren(id)) throw new AppError(CODE.orgHasChildren);
        if (await repos.admin.departments.hasUsers(id)) throw new AppError(CODE.orgHasUsers);
      };
      try {
        await shapeChange(async (repos, tree) => {
          const node = tree.find(id);
          if (!node) throw notFound();
          await check(repos);
          await repos.admin.departments.delete(id);
          await base.audit.adminChange(actorRef, SCENE.DELETE, target(id), { before: snapshot(node) }, caller, repos);
        });
      } catch (error) {
        // A person or department placed here between the check and the delete: the foreign key
        // refused it. Any other failure (a busy or unreachable store) is not "holds records".
        if (isForeignKeyViolation(error)) await check(ctx.repos);
        throw error;
      }
      return null;
    },
  };
}

export type AdminOrganisationService = ReturnType<typeof adminOrganisationService>;
