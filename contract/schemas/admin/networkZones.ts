import { z } from 'zod';
import { idOut, isoTime, recordId, text } from '../common.js';
import { networkZoneBody, ZONE_KINDS } from '../risk.js';
import { parseIpRange } from '../ipRange.js';

/**
 * One range, checked for what it is (contract/schemas/ipRange.ts), not only for its characters
 * (the contract's `cidr` pattern); refused naming `ranges.<n>`. Blanks around it are dropped.
 */
export const zoneRange = text(64).trim().superRefine((value, ctx) => {
  const parsed = parseIpRange(value);
  if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
});

/** A zone as an administrator saves it: the contract's body, each range checked in full. */
export const zoneSaveBody = networkZoneBody.extend({
  name: text(100).trim().min(1, 'enter a name'),
  ranges: z.array(zoneRange).min(1, 'enter at least one range').max(200),
});
export const zoneUpdateBody = zoneSaveBody.extend({ id: recordId() });
export const zoneIdBody = z.strictObject({ id: recordId() });
export const zoneListBody = z.strictObject({ kind: z.enum(ZONE_KINDS).optional() });

/** A zone as the workbench lists it: with the applications whose risk policy confines sign-ins to it. */
export const adminNetworkZone = networkZoneBody.extend({
  id: idOut,
  updatedAt: isoTime,
  usedBy: z.array(z.object({ id: idOut, appName: z.string() })),
});
export type AdminNetworkZone = z.infer<typeof adminNetworkZone>;
export type ZoneSaveBody = z.infer<typeof zoneSaveBody>;
