/**
 * The columns each workbench list may be sorted by (sortOf in ../sort.ts refuses any other):
 * also what its table offers as sortable. Kept apart from the portal's lists so the sign-in
 * page's download does not carry the workbench's.
 */
export const ADMIN_SORTABLE = {
  signInLog: ['createdDate'],
  operationLog: ['createdDate'],
  sessions: ['lastSeenDate', 'createdDate', 'expiresDate', 'userId'],
  apps: ['appName', 'appId', 'category'],
  groups: ['name', 'code', 'kind'],
  notices: ['title', 'kind', 'updatedAt', 'createdAt'],
  requests: ['applyDate', 'status'],
  scimTokens: ['name', 'createdAt', 'lastUsedAt'],
} as const;
