/**
 * Applications as the sign-on protocols read them on every token request (client metadata, the
 * secret's hash), kept in memory for a second at most, as the policies are (policies/settings.ts):
 * a save on this instance counts at once, on another instance within that second.
 *
 * Every write to an application in this process bumps one generation (adminRepository.ts), and a
 * copy from an earlier generation is never used. It is process-wide, not per store: a process
 * holding several portals (the API tests) only reads again more often.
 */
let generation = 0;

/** Called by every write to the `apps` table that a cache may hold. */
export const appsChanged = (): void => {
  generation++;
};

/** How long a copy is used without asking the database again. */
export const APP_CACHE_MS = 1000;
/** Copies kept at most; past it the map starts afresh (client ids are few, but unknown ones are asked too). */
const MAX_ENTRIES = 10_000;

/** A keyed read, its answers (and misses) reused within APP_CACHE_MS and the same generation. */
export function appCache<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const entries = new Map<K, { at: number; generation: number; value: Promise<V> }>();
  return (key) => {
    const now = Date.now();
    const found = entries.get(key);
    if (found && found.generation === generation && now >= found.at && now - found.at < APP_CACHE_MS) return found.value;
    if (entries.size >= MAX_ENTRIES) entries.clear();
    const entry = { at: now, generation, value: load(key) };
    entries.set(key, entry);
    // A failed read is not kept: the next caller tries again.
    entry.value.catch(() => { if (entries.get(key) === entry) entries.delete(key); });
    return entry.value;
  };
}
