import { z } from 'zod';
import { DeptKind } from '../../enums.js';
import { LIMITS } from '../../rules.js';
import { emptyBody, idOut, recordId, text } from '../common.js';

const id = recordId();
/** Names are trimmed; a name of spaces is no name. */
const nodeName = text(LIMITS.deptNameMax).trim().min(1, 'enter a name');

export const deptKind = z.enum([DeptKind.COMPANY, DeptKind.DEPARTMENT]);

export const orgTreeBody = emptyBody;
export const orgCreateBody = z.object({
  name: nodeName,
  kind: deptKind,
  /** The parent node; absent or null puts a company at the top. */
  parentId: id.nullable().optional(),
});
export const orgRenameBody = z.object({ id, name: nodeName });
/** `parentId: null` moves a company to the top. */
export const orgMoveBody = z.object({ id, parentId: id.nullable() });
export const orgDeleteBody = z.object({ id });

/**
 * One node of the tree. The tree is answered flat, parents before children (the client nests
 * them by `parentId`): a recursive schema cannot be written into the OpenAPI document.
 */
export const orgNode = z.object({
  id: idOut,
  parentId: idOut.nullable(),
  name: z.string(),
  kind: deptKind,
  sortOrder: z.number().int(),
  /** "Company/Department/…" from the top. */
  path: z.string(),
  /** People placed in this node itself, and in it and every node below it. */
  userCount: z.number().int(),
  totalUserCount: z.number().int(),
});
export type OrgNode = z.infer<typeof orgNode>;

export const orgTree = z.object({ nodes: z.array(orgNode) });
export type OrgTree = z.infer<typeof orgTree>;
