import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { reusable } from '../platform/db/reusable.js';

/** What a person's earlier sign-ins say (risk_profiles): sign-ins per hour of day, and the last one's time and place. */
export interface RiskProfile {
  hours: number[];
  lastAt: number | null;
  lastLat: number | null;
  lastLon: number | null;
  lastPlace: string | null;
}

/** The last sign-in's time and place, as a judged sign-in leaves it. */
export interface LastSignIn { at: number; lat: number | null; lon: number | null; place: string | null }

const EMPTY_HOURS = JSON.stringify(new Array<number>(24).fill(0));

function hoursOf(raw: string): number[] {
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value) && value.length === 24) return value.map((n) => (typeof n === 'number' && n > 0 ? Math.floor(n) : 0));
  } catch {
    // A damaged histogram starts again rather than stopping the person's sign-ins.
  }
  return new Array<number>(24).fill(0);
}

/** The histogram `before` (as stored) with one more sign-in at `hour`, as stored. */
export const withHourCounted = (before: string, hour: number): string => {
  const hours = hoursOf(before);
  hours[hour] += 1;
  return JSON.stringify(hours);
};

export type ProfileRow = { hours: string; last_at: number | string | null; last_lat: number | null; last_lon: number | null; last_place: string | null };

export const toProfile = (r: ProfileRow): RiskProfile => ({
  hours: hoursOf(r.hours),
  lastAt: r.last_at === null ? null : Number(r.last_at),
  lastLat: r.last_lat === null ? null : Number(r.last_lat),
  lastLon: r.last_lon === null ? null : Number(r.last_lon),
  lastPlace: r.last_place,
});

/** The networks each person signs in from (user_networks) and their sign-in profile (risk_profiles). */
export function riskProfilesRepo(db: Kysely<Database>) {
  // Every sign-in runs these: built once (reusable.ts).
  const rememberingNetwork = reusable(db, (v: { userRef: number; prefix: string; now: number }) =>
    db.insertInto('user_networks').values({ user_ref: v.userRef, prefix: v.prefix, last_seen_at: v.now })
      .onConflict((oc) => oc.columns(['user_ref', 'prefix']).doUpdateSet({ last_seen_at: v.now })));
  // An upsert that changes nothing still takes the row: PostgreSQL's row lock, SQLite's write lock.
  const locking = reusable(db, (v: { userRef: number; empty: string }) =>
    db.insertInto('risk_profiles').values({ user_ref: v.userRef, hours: v.empty })
      .onConflict((oc) => oc.column('user_ref').doUpdateSet({ hours: sql`risk_profiles.hours` }))
      .returning(['hours', 'last_at', 'last_lat', 'last_lon', 'last_place']));
  const settingLast = reusable(db, (v: { userRef: number; at: number; lat?: number | null; lon?: number | null; place?: string | null }) =>
    db.updateTable('risk_profiles')
      .set({ last_at: v.at, last_lat: v.lat ?? null, last_lon: v.lon ?? null, last_place: v.place ?? null })
      .where('user_ref', '=', v.userRef));
  const readingHours = reusable(db, (v: { userRef: number }) => db.selectFrom('risk_profiles').select('hours').where('user_ref', '=', v.userRef));
  const swappingHours = reusable(db, (v: { userRef: number; before: string; after: string }) =>
    db.updateTable('risk_profiles').set({ hours: v.after }).where('user_ref', '=', v.userRef).where('hours', '=', v.before).returning('user_ref'));

  return {
    /** `on` (here and in countHour): a transaction the write stands or falls with (the sign-in's session). */
    async rememberNetwork(userRef: number, prefix: string, now: number, on: Kysely<Database> = db): Promise<void> {
      await rememberingNetwork({ userRef, prefix, now }, '', on);
    },

    /**
     * Reads the person's profile with the row locked (created empty if missing), lets `decide`
     * judge against it, and stores the last sign-in it returns — one transaction, so of two
     * sign-ins judged at once the second sees the first's time and place.
     */
    async judgeLocked<T>(userRef: number, decide: (profile: RiskProfile) => { result: T; last: LastSignIn | null }): Promise<T> {
      const work = async (tx: Kysely<Database>) => {
        const [row] = await locking({ userRef, empty: EMPTY_HOURS }, '', tx);
        const { result, last } = decide(toProfile(row));
        if (last) await settingLast({ userRef, ...last }, '', tx);
        return result;
      };
      // Inside a unit of work already: its transaction holds the lock until it commits.
      return db.isTransaction ? work(db) : db.transaction().execute(work);
    },

    /**
     * Counts a sign-in at `hour` (0–23): the histogram is swapped only if unchanged since read
     * (`known`: as the judgement read it), so two sign-ins at once both count (the loser reads again).
     */
    async countHour(userRef: number, hour: number, known?: number[], on: Kysely<Database> = db): Promise<void> {
      let before = known && JSON.stringify(known);
      for (let attempt = 0; attempt < 5; attempt++) {
        if (before === undefined) {
          const [row] = await readingHours({ userRef }, '', on);
          if (!row) return;
          before = row.hours;
        }
        if ((await swappingHours({ userRef, before, after: withHourCounted(before, hour) }, '', on)).length) return;
        before = undefined;
      }
    },
  };
}

export type RiskProfilesRepo = ReturnType<typeof riskProfilesRepo>;
