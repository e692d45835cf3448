import { z } from 'zod';
import { idOut, isoTime, pageRequest, recordId } from '../common.js';

/** A self-registered account waiting for an administrator (registration policy with approval). */
export const pendingRegistration = z.object({
  id: idOut,
  userId: z.string(),
  userName: z.string(),
  /** Proven by a texted code at registration. */
  mobileNo: z.string().nullable(),
  email: z.string().nullable(),
  /** The company the person typed in the form. */
  companyName: z.string().nullable(),
  createdAt: isoTime,
});
export type PendingRegistration = z.infer<typeof pendingRegistration>;

export const pendingRegistrationsBody = pageRequest;
export const registrationDecisionBody = z.strictObject({ id: recordId() });
