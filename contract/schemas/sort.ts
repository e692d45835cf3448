import { z } from 'zod';

export type SortOrder = 'asc' | 'desc';

/** A list's sort as a service passes it to its repository: one allowed column, either way; the list's own order when absent. */
export interface ListSort<F extends string> {
  field?: F;
  order?: SortOrder;
}

/**
 * The sort a paged list accepts: one column out of the list's allow-list (each on an index the
 * list's filter leads with) and a direction. Anything else is refused as bad input, so a client
 * can never order by an unindexed column or inject one.
 */
export const sortOf = <const F extends readonly [string, ...string[]]>(fields: F) =>
  z.object({
    sortField: z.enum(fields).optional(),
    sortOrder: z.enum(['asc', 'desc']).optional(),
  });

/** The columns each list may be sorted by: also what the tables offer as sortable. */
export const SORTABLE = {
  myRequests: ['applyDate', 'status'],
  approvals: ['applyDate'],
  logs: ['createdDate'],
  users: ['userId', 'userName', 'createdDate'],
} as const;
