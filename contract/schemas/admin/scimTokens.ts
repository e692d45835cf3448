import { z } from 'zod';
import { LIMITS } from '../../rules.js';
import { idOut, isoTime, pageRequest, recordId, text } from '../common.js';
import { sortOf } from '../sort.js';
import { ADMIN_SORTABLE } from './sortable.js';

/** Provisioning tokens: the bearer tokens an HR system or identity provider calls /scim/v2 with. */
export const scimTokenListBody = pageRequest.extend({
  name: text(LIMITS.searchMax).optional(),
  /** true: only revoked tokens; false: only live ones; absent: both. */
  revoked: z.boolean().optional(),
}).extend(sortOf(ADMIN_SORTABLE.scimTokens).shape);
export const scimTokenCreateBody = z.object({
  name: text(LIMITS.scimTokenNameMax).trim().min(1, 'enter a name'),
  /** Confines the token to this department and those below it (its SCIM calls see and change only people there); absent or null: everyone. */
  deptId: recordId().nullable().optional(),
});
export const scimTokenIdBody = z.object({ id: recordId() });

export const scimToken = z.object({
  id: idOut,
  name: z.string(),
  /** Who made it: SCIM writes are recorded as theirs. Null once that account is gone (the token then stops working). */
  createdBy: z.object({ userId: z.string(), userName: z.string() }).nullable(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
  revoked: z.boolean(),
  /** The department whose subtree alone the token reaches; null: everyone. */
  deptId: idOut.nullable(),
  deptName: z.string().nullable(),
});
export type ScimToken = z.infer<typeof scimToken>;

/** The new token in clear: answered this once, only its SHA-256 is kept. */
export const scimTokenCreated = z.object({ id: idOut, name: z.string(), token: z.string() });
export type ScimTokenCreated = z.infer<typeof scimTokenCreated>;
