import { z } from 'zod';
import { ApplyStatus } from '../../enums.js';
import { LIMITS } from '../../rules.js';
import { TIME_MS_MAX, intIn, pageRequest, recordId, text } from '../common.js';
import { sortOf } from '../sort.js';
import { ADMIN_SORTABLE } from './sortable.js';
import { approvalBody } from '../permissions.js';

/** A moment: epoch milliseconds, an ISO date-time with offset, or a date (UTC midnight). */
const moment = z.union([intIn(0, TIME_MS_MAX), z.iso.datetime({ offset: true }), z.iso.date()]);

export const adminRequestListBody = pageRequest.extend({
  status: intIn(ApplyStatus.PENDING, ApplyStatus.REJECTED).optional(),
  /** The application's record id (apps/list id). */
  appRef: recordId().optional(),
  /** The applicant's account, or its beginning. */
  applicant: text(LIMITS.accountMax).optional(),
  /** Applied at or after / at or before. */
  from: moment.optional(),
  to: moment.optional(),
}).extend(sortOf(ADMIN_SORTABLE.requests).shape);
export const adminRequestRefBody = z.object({ id: recordId() });
/** Decided like an approver's batch (all or none), by an administrator who need not approve the app. */
export const adminOverrideBody = approvalBody;
