import { z } from 'zod';
import { idOut, intIn, isoTime, recordId, text } from './common.js';

/**
 * Adaptive sign-in: what a sign-in is judged by. Each signal is computed on every sign-in once the
 * credentials are proven (server/risk), the signals make a level, and the policy (the default in
 * the policies' `risk` section, or an application's own) turns a level or a named signal into an
 * action. The sign-in log keeps the level and the signals of every judged sign-in.
 */
export const RISK_SIGNALS = [
  /** No device-trust cookie and no sign-in from this device id for the person in the last `newDeviceDays`. */
  'NEW_DEVICE',
  /** The address's /24 (IPv4) or /48 (IPv6) not seen for this person in 90 days (and not in an office or VPN zone). */
  'NEW_NETWORK',
  /** This sign-in and the person's previous one are farther apart than travel allows in the time between. */
  'IMPOSSIBLE_TRAVEL',
  /** An hour (company time zone) at which this person, with enough history, has never signed in. */
  'UNUSUAL_HOUR',
  /** Failures against the account or from the address within the last hour. */
  'RECENT_FAILURES',
  /** The address is in a zone an administrator blocked. */
  'BLOCKED_ZONE',
] as const;
export type RiskSignal = (typeof RISK_SIGNALS)[number];

export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** What a judged sign-in gets: through, a second factor asked for (step-up), or refused (E30056). */
export const RISK_ACTIONS = ['ALLOW', 'STEP_UP', 'REFUSE'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

/** Network zones: office and VPN ranges are known places (they never count as a new network); blocked ranges are refused. */
export const ZONE_KINDS = ['OFFICE', 'VPN', 'BLOCKED'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

const action = z.enum(RISK_ACTIONS);
/** Named signals with an action of their own, taking precedence over the level's when stricter. */
const signalActions = z.partialRecord(z.enum(RISK_SIGNALS), action);

/** The default risk policy (policies section `risk`). */
export const riskRules = z.strictObject({
  /** Off: no signal changes the outcome (they are still recorded). */
  enabled: z.boolean(),
  medium: action,
  high: action,
  signals: signalActions,
  /** How long a device stays known after its last sign-in. */
  newDeviceDays: intIn(1, 365),
  /** Tell the person of a sign-in from a new device or network (texted and in the personal centre). */
  notify: z.boolean(),
  /** A person stepped up who holds no second factor may enrol one in the sign-in (ENROL-FACTOR); otherwise refused. */
  enrolOnStepUp: z.boolean(),
});
export type RiskRules = z.infer<typeof riskRules>;

/** An application's own risk policy: null follows the default; `zones` (ids) confines its sign-ins to those zones. */
export const appRiskPolicy = z.strictObject({
  medium: action,
  high: action,
  signals: signalActions,
  /** Empty: from anywhere not blocked. Otherwise only from addresses in one of these (office or VPN) zones. */
  zones: z.array(recordId()).max(50),
});
export type AppRiskPolicy = z.infer<typeof appRiskPolicy>;

/** An IPv4/IPv6 address or CIDR range, as an administrator writes it. */
export const cidr = text(64).regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'must be an IP address or a CIDR range');

export const networkZoneBody = z.strictObject({
  name: text(100).min(1),
  kind: z.enum(ZONE_KINDS),
  ranges: z.array(cidr).min(1).max(200),
});
export const networkZone = networkZoneBody.extend({ id: idOut, updatedAt: isoTime });
export type NetworkZone = z.infer<typeof networkZone>;

/** How a sign-in was judged, as the sign-in logs (workbench and personal) and the devices page show it. */
export const riskJudgement = z.object({
  level: z.enum(RISK_LEVELS),
  signals: z.array(z.enum(RISK_SIGNALS)),
  /** "CN Shanghai", a country alone, or null without a location database. */
  place: z.string().nullable(),
});
export type RiskJudgement = z.infer<typeof riskJudgement>;
