import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { nothing } from '../../schemas/common.js';
import { orgCreateBody, orgDeleteBody, orgMoveBody, orgNode, orgRenameBody, orgTree, orgTreeBody } from '../../schemas/admin/organisation.js';

const base = '/admin/v1/organisation';

/** Workbench: the organisation tree of companies and departments people are placed in. */
export const adminOrganisationEndpoints = {
  orgTree: endpoint({
    method: 'POST', path: `${base}/tree`, access: 'admin', duties: ['system', 'security', 'audit', 'department'], summary: 'The whole tree, parents first, with the people in each node',
    input: orgTreeBody, output: orgTree,
  }),
  orgCreate: endpoint({
    method: 'POST', path: `${base}/create`, access: 'admin', duties: ['system'], summary: 'Add a company or a department',
    input: orgCreateBody, output: orgNode, codes: [CODE.deptUnknown, CODE.orgParentInvalid, CODE.orgNameTaken],
  }),
  orgRename: endpoint({
    method: 'POST', path: `${base}/rename`, access: 'admin', duties: ['system'], summary: "Rename a node (the people in it see the new name)",
    input: orgRenameBody, output: orgNode, codes: [CODE.notFound, CODE.orgNameTaken],
  }),
  orgMove: endpoint({
    method: 'POST', path: `${base}/move`, access: 'admin', duties: ['system'], summary: 'Put a node under another parent (never under itself or below itself)',
    input: orgMoveBody, output: orgNode, codes: [CODE.notFound, CODE.deptUnknown, CODE.orgMoveCycle, CODE.orgParentInvalid, CODE.orgNameTaken],
  }),
  orgDelete: endpoint({
    method: 'POST', path: `${base}/delete`, access: 'admin', duties: ['system'], summary: 'Delete a node with no nodes and no people under it',
    input: orgDeleteBody, output: nothing, codes: [CODE.notFound, CODE.orgHasChildren, CODE.orgHasUsers],
  }),
} satisfies Record<string, EndpointSpec>;
