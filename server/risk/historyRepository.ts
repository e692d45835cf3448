import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';
import { toProfile, type ProfileRow, type RiskProfile } from './profileRepository.js';

/** What the person's earlier sign-ins say about this one, as the judgement reads it. */
export interface SignInHistory {
  /** Signed in on this device since the asked time (false when no device was asked about). */
  deviceKnown: boolean;
  /** When the person last signed in from this network, if ever. */
  networkSeenAt: number | null;
  /** The profile as it is, unlocked (when asked for; undefined when the person has none yet). */
  profile?: RiskProfile;
}

type Row = Partial<ProfileRow> & { device_known: number | null; network_seen_at: number | string | null; user_ref: number | null };

/**
 * The device, the network and the profile a sign-in is judged by, read in one statement (one
 * round trip on PostgreSQL instead of three): every sign-in runs it, so it is built once per
 * shape (reusable.ts) — with or without a device to look up, with or without the profile.
 */
export function riskHistoryRepo(db: Kysely<Database>) {
  const reading = reusable(db, (v: { userRef: number; prefix: string; deviceId?: string; since?: number }, shape) => {
    const device = v.deviceId === undefined
      ? sql<number | null>`null`
      : sql<number | null>`(select 1 from devices where user_ref = ${v.userRef} and device_id = ${v.deviceId} and last_seen_at >= ${v.since})`;
    const network = sql<number | null>`(select last_seen_at from user_networks where user_ref = ${v.userRef} and prefix = ${v.prefix})`;
    // One row whatever the profile: the reads ride on a constant row the profile is left-joined to.
    return shape === 'profile'
      ? sql<Row>`select ${device} as device_known, ${network} as network_seen_at, p.user_ref, p.hours, p.last_at, p.last_lat, p.last_lon, p.last_place
          from (select 1 as one) as one left join risk_profiles as p on p.user_ref = ${v.userRef}`
      : sql<Row>`select ${device} as device_known, ${network} as network_seen_at, null as user_ref`;
  });

  return {
    /**
     * `device`: the device to look up and since when it counts as known (none: not looked up);
     * `withProfile`: read the profile too.
     */
    async read(userRef: number, prefix: string, device: { id: string; since: number } | null, withProfile: boolean): Promise<SignInHistory> {
      const [row] = await reading({ userRef, prefix, deviceId: device?.id, since: device?.since }, withProfile ? 'profile' : '');
      return {
        deviceKnown: row.device_known !== null,
        networkSeenAt: row.network_seen_at === null ? null : Number(row.network_seen_at),
        ...(row.user_ref === null ? {} : { profile: toProfile(row as ProfileRow) }),
      };
    },
  };
}

export type RiskHistoryRepo = ReturnType<typeof riskHistoryRepo>;
