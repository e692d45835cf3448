import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';

/** A node of the organisation tree. */
export interface Department {
  id: number;
  parentRef: number | null;
  name: string;
  /** COMPANY | DEPARTMENT (contract DeptKind). */
  kind: string;
  sortOrder: number;
  createdAt: number;
}

export interface NewDepartment {
  parentRef: number | null;
  name: string;
  kind: string;
  sortOrder: number;
  createdAt: number;
}

/** The config row every change of the tree's shape takes a write lock on (see `lockTree`). */
const TREE_LOCK_KEY = 'org.tree-lock';

/** Workbench queries: the organisation tree (small: every node fits in memory). */
export function adminDepartmentsRepo(db: Kysely<Database>) {
  return {
    all(): Promise<Department[]> {
      return db.selectFrom('departments')
        .select(['id', 'parent_ref as parentRef', 'name', 'kind', 'sort_order as sortOrder', 'created_at as createdAt'])
        .orderBy('sort_order').orderBy('id').execute();
    },
    find(id: number): Promise<Department | undefined> {
      return db.selectFrom('departments')
        .select(['id', 'parent_ref as parentRef', 'name', 'kind', 'sort_order as sortOrder', 'created_at as createdAt'])
        .where('id', '=', id).executeTakeFirst();
    },
    /** People placed directly in each node that has any. */
    async userCounts(): Promise<Map<number, number>> {
      const rows = await db.selectFrom('users').select((eb) => ['dept_ref', eb.fn.countAll<number>().as('n')])
        .where('dept_ref', 'is not', null).groupBy('dept_ref').execute();
      return new Map(rows.map((r) => [r.dept_ref as number, Number(r.n)]));
    },
    async hasUsers(id: number): Promise<boolean> {
      return !!(await db.selectFrom('users').select('id').where('dept_ref', '=', id).limit(1).executeTakeFirst());
    },
    async hasChildren(id: number): Promise<boolean> {
      return !!(await db.selectFrom('departments').select('id').where('parent_ref', '=', id).limit(1).executeTakeFirst());
    },
    async nextSortOrder(parentRef: number | null): Promise<number> {
      const row = await db.selectFrom('departments').select((eb) => eb.fn.max('sort_order').as('top'))
        .where('parent_ref', parentRef === null ? 'is' : '=', parentRef).executeTakeFirst();
      return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
    },
    async insert(node: NewDepartment): Promise<number> {
      const row = await db.insertInto('departments')
        .values({ parent_ref: node.parentRef, name: node.name, kind: node.kind, sort_order: node.sortOrder, created_at: node.createdAt })
        .returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async rename(id: number, name: string): Promise<void> {
      await db.updateTable('departments').set({ name }).where('id', '=', id).execute();
    },
    async move(id: number, parentRef: number | null, sortOrder: number): Promise<void> {
      await db.updateTable('departments').set({ parent_ref: parentRef, sort_order: sortOrder }).where('id', '=', id).execute();
    },
    /** Deletes the node; the foreign keys refuse (throw) while a person or a node still points at it. */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('departments').where('id', '=', id).execute();
    },
    /**
     * Serialises changes of the tree's shape inside a transaction, across instances: whoever
     * writes this row first holds it until commit, so a check for cycles or a sibling's name
     * made after it sees every earlier change (two crossing moves cannot both pass).
     */
    async lockTree(now: number): Promise<void> {
      const value = JSON.stringify({ at: now });
      await db.insertInto('config').values({ key: TREE_LOCK_KEY, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
    },
  };
}

export type AdminDepartmentsRepo = ReturnType<typeof adminDepartmentsRepo>;
