import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditCheckpointsTable, AuditVerificationsTable, Database } from '../../platform/db/schema.js';
import { CHAINED_COLUMNS, CHAINED_TABLES, LATER_CHAINED_COLUMNS, type ChainedTable } from './canonical.js';

/** A log row as the chain covers it, with the table it is in. */
export interface ChainRow {
  table: ChainedTable;
  id: number;
  seq: number | null;
  hash: string | null;
  createdAt: number;
  values: Record<string, unknown>;
}

export type CheckpointRow = Selectable<AuditCheckpointsTable>;
export type NewCheckpoint = Omit<CheckpointRow, 'id'>;
export type VerificationRow = Selectable<AuditVerificationsTable>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function rowOf(table: ChainedTable, r: Record<string, unknown>): ChainRow {
  const values: Record<string, unknown> = {};
  for (const column of [...CHAINED_COLUMNS[table], ...LATER_CHAINED_COLUMNS[table]]) values[column] = r[column];
  return { table, id: Number(r.id), seq: num(r.seq), hash: (r.hash as string | null) ?? null, createdAt: Number(r.created_at), values };
}

/** The chain's tables and its head, checkpoints and verifications: what checkpoints, verification, retention and export read. */
export function auditTrailRepo(db: Kysely<Database>) {
  const columns = (table: ChainedTable) => ['id', 'seq', 'hash', ...CHAINED_COLUMNS[table], ...LATER_CHAINED_COLUMNS[table]] as const;
  const select = (table: ChainedTable) => db.selectFrom(table).select(columns(table) as never);
  return {
    async head(): Promise<{ seq: number; hash: string; algorithm: string; prunedThrough: number }> {
      const h = await db.selectFrom('audit_head').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      return { seq: Number(h.seq), hash: h.hash, algorithm: h.algorithm, prunedThrough: Number(h.pruned_through) };
    },
    /** A new chain takes the configured algorithm; one with records keeps its own (answered). */
    async adoptAlgorithm(algorithm: string): Promise<string> {
      await db.updateTable('audit_head').set({ algorithm }).where('id', '=', 1).where('seq', '=', 0).where('algorithm', '<>', algorithm).execute();
      return (await db.selectFrom('audit_head').select('algorithm').where('id', '=', 1).executeTakeFirstOrThrow()).algorithm;
    },
    /** Chained rows with seq in [from, to], both tables, in seq order (ties: a forged duplicate shows beside its twin). */
    async rowsBetween(from: number, to: number): Promise<ChainRow[]> {
      const rows: ChainRow[] = [];
      for (const table of CHAINED_TABLES) {
        const found = await select(table).where('seq', '>=', from).where('seq', '<=', to).execute();
        for (const r of found) rows.push(rowOf(table, r as Record<string, unknown>));
      }
      return rows.sort((a, b) => a.seq! - b.seq! || a.table.localeCompare(b.table) || a.id - b.id);
    },
    async maxSeq(): Promise<number> {
      let max = 0;
      for (const table of CHAINED_TABLES) {
        const r = await db.selectFrom(table).select((eb) => eb.fn.max('seq').as('m')).executeTakeFirst();
        max = Math.max(max, Number(r?.m ?? 0));
      }
      return max;
    },
    /** How many rows hold a chain position (for the report). */
    async chainedCount(): Promise<number> {
      let n = 0;
      for (const table of CHAINED_TABLES) {
        const r = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('seq', 'is not', null).executeTakeFirstOrThrow();
        n += Number(r.n);
      }
      return n;
    },
    /**
     * An unchained row written after the chain began (its id is above a chained row's of the same
     * table — ids only grow): a record slipped in beside the chain. Answers it with the seq of the
     * first chained row after it, where it was slipped in.
     */
    async unchainedInside(): Promise<{ table: ChainedTable; id: number; beforeSeq: number | null } | null> {
      let found: { table: ChainedTable; id: number; beforeSeq: number | null } | null = null;
      for (const table of CHAINED_TABLES) {
        const first = await db.selectFrom(table).select((eb) => eb.fn.min('id').as('id')).where('seq', 'is not', null).executeTakeFirst();
        if (first?.id === null || first?.id === undefined) continue;
        const stray = await db.selectFrom(table).select('id').where('seq', 'is', null).where('id', '>', Number(first.id)).orderBy('id').limit(1).executeTakeFirst();
        if (!stray) continue;
        const next = await db.selectFrom(table).select((eb) => eb.fn.min('seq').as('s')).where('id', '>', stray.id).where('seq', 'is not', null).executeTakeFirst();
        const beforeSeq = num(next?.s);
        if (!found || (beforeSeq ?? Infinity) < (found.beforeSeq ?? Infinity)) found = { table, id: stray.id, beforeSeq };
      }
      return found;
    },
    async createdAtOf(seq: number): Promise<number | null> {
      for (const table of CHAINED_TABLES) {
        const r = await db.selectFrom(table).select('created_at').where('seq', '=', seq).executeTakeFirst();
        if (r) return Number(r.created_at);
      }
      return null;
    },
    async hashAt(seq: number): Promise<string | null> {
      for (const table of CHAINED_TABLES) {
        const r = await db.selectFrom(table).select('hash').where('seq', '=', seq).executeTakeFirst();
        if (r) return r.hash;
      }
      return null;
    },
    /** The seq range of chained rows written in [from, to] (epoch ms). */
    async seqRangeOfTime(from: number, to: number): Promise<{ min: number; max: number } | null> {
      let min = Infinity;
      let max = -Infinity;
      for (const table of CHAINED_TABLES) {
        const r = await db.selectFrom(table).select((eb) => [eb.fn.min('seq').as('lo'), eb.fn.max('seq').as('hi')])
          .where('created_at', '>=', from).where('created_at', '<=', to).where('seq', 'is not', null).executeTakeFirst();
        if (r?.lo !== null && r?.lo !== undefined) min = Math.min(min, Number(r.lo));
        if (r?.hi !== null && r?.hi !== undefined) max = Math.max(max, Number(r.hi));
      }
      return min === Infinity ? null : { min, max };
    },
    /** Rows older than the chain written in [from, to]: exported for completeness, provable by nothing. */
    async unchainedOfTime(from: number, to: number, limit: number): Promise<ChainRow[]> {
      const rows: ChainRow[] = [];
      for (const table of CHAINED_TABLES) {
        const found = await select(table).where('created_at', '>=', from).where('created_at', '<=', to).where('seq', 'is', null).orderBy('id').limit(limit).execute();
        for (const r of found) rows.push(rowOf(table, r as Record<string, unknown>));
      }
      return rows.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    },

    async checkpoints(kind?: 'checkpoint' | 'prune'): Promise<CheckpointRow[]> {
      let q = db.selectFrom('audit_checkpoints').selectAll();
      if (kind) q = q.where('kind', '=', kind);
      const rows = await q.orderBy('seq_to').orderBy('id').execute();
      return rows.map((r) => ({ ...r, seq_from: Number(r.seq_from), seq_to: Number(r.seq_to), created_at: Number(r.created_at) }));
    },
    async lastCheckpoint(kind: 'checkpoint' | 'prune'): Promise<CheckpointRow | null> {
      const r = await db.selectFrom('audit_checkpoints').selectAll().where('kind', '=', kind).orderBy('seq_to', 'desc').limit(1).executeTakeFirst();
      return r ? { ...r, seq_from: Number(r.seq_from), seq_to: Number(r.seq_to), created_at: Number(r.created_at) } : null;
    },
    /** The checkpoint, unless another instance wrote one from the same seq first (then false). */
    async insertCheckpoint(c: NewCheckpoint): Promise<boolean> {
      const r = await db.insertInto('audit_checkpoints').values(c).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      return !!r;
    },
    /** The newest checkpoint sealed before `before` (ms): retention's whole ranges. */
    async lastCheckpointBefore(before: number): Promise<CheckpointRow | null> {
      const r = await db.selectFrom('audit_checkpoints').selectAll().where('kind', '=', 'checkpoint').where('created_at', '<', before)
        .orderBy('seq_to', 'desc').limit(1).executeTakeFirst();
      return r ? { ...r, seq_from: Number(r.seq_from), seq_to: Number(r.seq_to), created_at: Number(r.created_at) } : null;
    },
    /** Lets retention delete chained rows through `seq` (the triggers' limit); false when it already may, or another instance moved it first. */
    async releaseThrough(seq: number): Promise<boolean> {
      const r = await sql`update audit_head set pruned_through = ${seq} where id = 1 and pruned_through < ${seq}`.execute(db);
      return Number(r.numAffectedRows ?? 0) === 1;
    },

    async recordVerification(v: Omit<VerificationRow, 'id'>): Promise<void> {
      await db.insertInto('audit_verifications').values(v).execute();
    },
    async lastVerification(): Promise<VerificationRow | null> {
      const r = await db.selectFrom('audit_verifications').selectAll().orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return r ? { ...r, started_at: Number(r.started_at), finished_at: Number(r.finished_at), first_bad_seq: num(r.first_bad_seq), records: Number(r.records) } : null;
    },
    /** The sinks' progress (config table): how far the HTTP sink has taken the checkpoints. */
    async deliveredThrough(key: string): Promise<number> {
      const r = await db.selectFrom('config').select('value').where('key', '=', key).executeTakeFirst();
      return r ? Number(JSON.parse(r.value)) : 0;
    },
    async setDeliveredThrough(key: string, seq: number): Promise<void> {
      await db.insertInto('config').values({ key, value: JSON.stringify(seq) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(seq) })).execute();
    },
  };
}

export type AuditTrailRepo = ReturnType<typeof auditTrailRepo>;
