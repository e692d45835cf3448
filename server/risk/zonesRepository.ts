import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import type { ZoneKind } from '../../contract/schemas/risk.js';

/** A network zone as the services use it: ranges parsed. */
export interface ZoneRecord {
  id: number;
  name: string;
  kind: ZoneKind;
  ranges: string[];
  updatedAt: number;
}

export interface ZoneInput {
  name: string;
  kind: ZoneKind;
  ranges: string[];
}

function parseRanges(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** Office, VPN and blocked address ranges (network_zones). */
export function zonesRepo(db: Kysely<Database>) {
  const toRecord = (r: { id: number; name: string; kind: string; ranges: string; updated_at: number }): ZoneRecord => ({
    id: Number(r.id), name: r.name, kind: r.kind as ZoneKind, ranges: parseRanges(r.ranges), updatedAt: Number(r.updated_at),
  });
  return {
    async list(): Promise<ZoneRecord[]> {
      const rows = await db.selectFrom('network_zones').select(['id', 'name', 'kind', 'ranges', 'updated_at']).orderBy('name').execute();
      return rows.map(toRecord);
    },
    async get(id: number): Promise<ZoneRecord | undefined> {
      const row = await db.selectFrom('network_zones').select(['id', 'name', 'kind', 'ranges', 'updated_at']).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async create(input: ZoneInput, now: number): Promise<number> {
      const row = await db.insertInto('network_zones')
        .values({ name: input.name, kind: input.kind, ranges: JSON.stringify(input.ranges), created_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /** False when no such zone. */
    async update(id: number, input: ZoneInput, now: number): Promise<boolean> {
      const result = await db.updateTable('network_zones')
        .set({ name: input.name, kind: input.kind, ranges: JSON.stringify(input.ranges), updated_at: now })
        .where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('network_zones').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type ZonesRepo = ReturnType<typeof zonesRepo>;
