import { z } from 'zod';
import { idOut, isoTime, pageOf, recordId, text } from './common.js';
import { RISK_SIGNALS } from './risk.js';

/** The single-use token of a "this was not me" link: 256 random bits, base64url. */
export const alertTokenBody = z.object({ token: text(128).min(1) });

/** What a sign-in alert says: when, on what device, from which address and place, and why it was told. */
export const alertSummary = z.object({
  createdDate: isoTime,
  deviceName: z.string().nullable(),
  ip: z.string(),
  /** "CN Shanghai", a country alone, or null without a location database. */
  place: z.string().nullable(),
  signals: z.array(z.enum(RISK_SIGNALS)),
});
export type AlertSummary = z.infer<typeof alertSummary>;

/** After "this was not me": what was done. */
export const disownResult = z.object({
  /** Sessions ended (every one of the person's, on every device). */
  sessionsEnded: z.number().int().min(0),
  /** A new password is asked for at the next sign-in. */
  passwordChangeRequired: z.boolean(),
});
export type DisownResult = z.infer<typeof disownResult>;

/** An alert in the personal centre's list. */
export const signInAlertRow = alertSummary.extend({
  id: idOut,
  read: z.boolean(),
  /** When "this was not me" was used on it; null while it stands. */
  disownedDate: isoTime.nullable(),
});
export type SignInAlertRow = z.infer<typeof signInAlertRow>;

export const signInAlertList = pageOf(signInAlertRow).extend({
  /** The person's unread alerts (all of them, not only this page's). */
  unread: z.number().int().min(0),
});
export type SignInAlertList = z.infer<typeof signInAlertList>;

export const alertIdsBody = z.object({ ids: z.array(recordId()).min(1).max(100) });
export const alertIdBody = z.object({ id: recordId() });
