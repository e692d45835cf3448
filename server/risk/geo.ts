import type { Locator, Place } from './types.js';
import { plainAddress } from './prefix.js';

/** The part of a MaxMind-format City (or Country) record the signals read. */
interface CityRecord {
  country?: { iso_code?: string };
  registered_country?: { iso_code?: string };
  city?: { names?: Record<string, string> };
  location?: { latitude?: number; longitude?: number };
}

/** The `maxmind` package's reader, as far as it is used here. */
interface MaxmindModule {
  open<T>(path: string): Promise<{ get(ip: string): T | null }>;
}

/** A place as the sign-in log and the notices show it: "CN Shanghai", or the country alone. */
export function placeLabel(place: Place | null): string | null {
  if (!place) return null;
  return (place.city ? `${place.country} ${place.city}` : place.country).slice(0, 120);
}

/** A record with coordinates becomes a place; one without (a country-only database row) cannot measure travel. */
function placeOf(record: CityRecord | null): Place | null {
  const country = record?.country?.iso_code ?? record?.registered_country?.iso_code;
  const { latitude, longitude } = record?.location ?? {};
  if (!country || latitude === undefined || longitude === undefined) return null;
  return { country, city: record?.city?.names?.en ?? null, lat: latitude, lon: longitude };
}

/**
 * Opens a MaxMind-format database (GEOIP_DB: GeoLite2 City, DB-IP City Lite…; none is shipped,
 * each has its own licence) with the `maxmind` reader (MIT). The package is loaded only when a
 * database is configured, so a portal without one never needs it. A database that cannot be read
 * stops the start, as any wrong configuration does.
 */
export async function openLocator(path: string): Promise<Locator> {
  // Named at run time: the reader is an optional dependency of a deployment that sets GEOIP_DB.
  const moduleName = 'maxmind';
  const loaded = (await import(moduleName)) as { default?: MaxmindModule } & MaxmindModule;
  const reader = await (loaded.default ?? loaded).open<CityRecord>(path);
  return {
    locate(ip: string): Place | null {
      try {
        return placeOf(reader.get(plainAddress(ip)));
      } catch {
        // Not an address the reader takes: no place, as for one the database does not hold.
        return null;
      }
    },
  };
}

/** Great-circle distance in km between two points (haversine, mean Earth radius). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
