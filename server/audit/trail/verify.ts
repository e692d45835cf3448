import type { KeyObject } from 'node:crypto';
import { canonicalRecord, chainHash, GENESIS_HASH } from './canonical.js';
import { checkpointJson, checkpointStatement, newestInDir, type CheckpointJson } from './checkpoints.js';
import type { AuditTrailRepo, ChainRow } from './repository.js';
import { verifyStatement } from './signingKey.js';

export const TAMPER_KINDS = ['edited', 'deleted', 'inserted', 'reordered', 'forged-checkpoint'] as const;
export type TamperKind = (typeof TAMPER_KINDS)[number];

export interface VerifyReport {
  intact: boolean;
  /** The first problem by sequence number; null when intact. */
  kind: TamperKind | null;
  firstBadSeq: number | null;
  /** One line, English, for the CLI and the record of the run. */
  detail: string;
  algorithm: string;
  /** The chain as checked: from (after the newest prune record) through the last record. */
  checkedFrom: number;
  checkedThrough: number;
  records: number;
  checkpoints: number;
  headSeq: number;
  /** The newest checkpoint found in AUDIT_CHECKPOINT_DIR, if a directory is configured. */
  exportedSeqTo: number | null;
}

/** What verification needs of the key: the public half the checkpoints must be signed with. */
export interface VerifyKey { publicKey: KeyObject; fingerprint: string }

interface Problem { seq: number; kind: TamperKind; detail: string }

const BATCH = 5000;
/** How far apart two records may be moved for the verifier to still name it a reordering (else: an edit). */
const REORDER_WINDOW = 10_000;

function signedBy(key: VerifyKey, c: CheckpointJson): boolean {
  return c.keyFingerprint === key.fingerprint && verifyStatement(key.publicKey, checkpointStatement(c), c.signature);
}

/**
 * Recomputes the chain from the newest prune record (or the beginning) to the last record,
 * checks every checkpoint's signature and head, the head row, stray unchained rows, and the
 * newest checkpoint exported to `exportDir`; answers the problem with the lowest sequence
 * number and its kind. Reads in batches, so memory stays flat however long the chain is.
 */
export async function verifyTrail(repo: AuditTrailRepo, key: VerifyKey, exportDir: string | null): Promise<VerifyReport> {
  const head = await repo.head();
  const algorithm = head.algorithm;
  const problems: Problem[] = [];
  const all = (await repo.checkpoints()).map(checkpointJson);
  for (const c of all) {
    if (!signedBy(key, c)) problems.push({ seq: c.seqTo, kind: 'forged-checkpoint', detail: `the ${c.kind} record through seq ${c.seqTo} is not signed by the configured key` });
  }
  const genuine = all.filter((c) => signedBy(key, c));
  const prunes = genuine.filter((c) => c.kind === 'prune');
  const lastPrune = prunes.length ? prunes[prunes.length - 1] : null;
  const start = lastPrune ? lastPrune.seqTo + 1 : 1;
  const startPrev = lastPrune ? lastPrune.headHash : GENESIS_HASH;
  const checkpointsAt = new Map<number, CheckpointJson[]>();
  for (const c of genuine.filter((g) => g.kind === 'checkpoint' && g.seqTo >= start)) checkpointsAt.set(c.seqTo, [...(checkpointsAt.get(c.seqTo) ?? []), c]);

  const maxSeq = Math.max(await repo.maxSeq(), head.seq);
  let expected = start;
  let prev = startPrev;
  let records = 0;
  let broken: Problem | null = null;
  scan: for (let from = start; from <= maxSeq && !broken; from += BATCH) {
    const rows = await repo.rowsBetween(from, from + BATCH - 1);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const seq = row.seq!;
      if (seq < expected) {
        broken = { seq, kind: 'inserted', detail: `a second record holds seq ${seq} (${row.table} id ${row.id})` };
        break scan;
      }
      if (seq > expected) {
        broken = { seq: expected, kind: 'deleted', detail: `seq ${expected}${seq - expected > 1 ? `–${seq - 1}` : ''} missing (the chain goes on at ${seq})` };
        break scan;
      }
      if (chainHash(algorithm, prev, canonicalRecord(row.table, seq, row.values)) !== row.hash) {
        const next = rows[i + 1] ?? (await repo.rowsBetween(seq + 1, seq + 1))[0];
        broken = await classify(repo, algorithm, row, prev, next, { start, startPrev, headSeq: head.seq });
        break scan;
      }
      for (const c of checkpointsAt.get(seq) ?? []) {
        if (c.headHash !== row.hash) {
          broken = { seq, kind: 'forged-checkpoint', detail: `the signed checkpoint ${c.seqFrom}–${c.seqTo} does not match the chain's hash at seq ${seq}: records up to it were rewritten` };
          break scan;
        }
      }
      prev = row.hash!;
      expected = seq + 1;
      records++;
    }
  }
  const last = expected - 1;
  if (broken) problems.push(broken);
  else {
    const newestCheckpoint = Math.max(0, ...[...checkpointsAt.keys()]);
    if (head.seq > last) problems.push({ seq: last + 1, kind: 'deleted', detail: `the head says ${head.seq} records were written; the chain ends at ${last}` });
    else if (newestCheckpoint > last) problems.push({ seq: last + 1, kind: 'deleted', detail: `a signed checkpoint covers seq ${newestCheckpoint}; the chain ends at ${last}` });
  }

  let exportedSeqTo: number | null = null;
  if (exportDir) {
    const exported = newestInDir(exportDir);
    if (exported) {
      exportedSeqTo = exported.seqTo;
      if (!signedBy(key, exported)) problems.push({ seq: exported.seqTo, kind: 'forged-checkpoint', detail: `the exported checkpoint through seq ${exported.seqTo} is not signed by the configured key` });
      else if (exported.seqTo > last && !broken) problems.push({ seq: last + 1, kind: 'deleted', detail: `the exported checkpoint covers seq ${exported.seqTo}; the database's chain ends at ${last}` });
      else if (exported.seqTo >= start && exported.seqTo <= last) {
        const hash = await repo.hashAt(exported.seqTo);
        if (hash !== exported.headHash) problems.push({ seq: exported.seqTo, kind: 'forged-checkpoint', detail: `the exported checkpoint does not match the chain's hash at seq ${exported.seqTo}: records up to it were rewritten` });
      }
    }
  }

  const stray = await repo.unchainedInside();
  if (stray) {
    problems.push({ seq: stray.beforeSeq ?? last + 1, kind: 'inserted', detail: `${stray.table} id ${stray.id} has no place in the chain but was written after it began` });
  }

  problems.sort((a, b) => a.seq - b.seq);
  const first = problems[0] ?? null;
  return {
    intact: !first,
    kind: first?.kind ?? null,
    firstBadSeq: first?.seq ?? null,
    detail: first ? first.detail : `${records} records from seq ${start} through ${last} and ${all.length} signed records verified`,
    algorithm,
    checkedFrom: start,
    checkedThrough: last,
    records,
    checkpoints: all.length,
    headSeq: head.seq,
    exportedSeqTo,
  };
}

/**
 * Why the record at `row.seq` does not hash to what it holds. Moved: it (or its contents) hashes
 * correctly at another position nearby. Inserted: the record after it hashes correctly in its
 * place, or it lies beyond the head. Otherwise edited: its contents changed under its hash.
 */
async function classify(
  repo: AuditTrailRepo, algorithm: string, row: ChainRow, prev: string, next: ChainRow | undefined,
  chain: { start: number; startPrev: string; headSeq: number },
): Promise<Problem> {
  const seq = row.seq!;
  const lo = Math.max(chain.start, seq - REORDER_WINDOW);
  const hashes = new Map<number, string>();
  for (const r of await repo.rowsBetween(lo, seq + REORDER_WINDOW)) if (!hashes.has(r.seq!)) hashes.set(r.seq!, r.hash ?? '');
  const hashAt = (k: number) => (k === chain.start - 1 ? chain.startPrev : hashes.get(k));
  for (let k = lo; k <= seq + REORDER_WINDOW; k++) {
    if (k === seq || !hashes.has(k)) continue;
    const record = canonicalRecord(row.table, k, row.values);
    for (const before of [hashAt(k - 1), hashAt(k)]) {
      if (before === undefined) continue;
      const h = chainHash(algorithm, before, record);
      if (h === row.hash || h === hashes.get(k)) {
        return { seq, kind: 'reordered', detail: `the record at seq ${seq} (${row.table} id ${row.id}) belongs at seq ${k}` };
      }
    }
  }
  if (next && chainHash(algorithm, prev, canonicalRecord(next.table, seq, next.values)) === next.hash) {
    return { seq, kind: 'inserted', detail: `${row.table} id ${row.id} at seq ${seq} was slipped in before the record that belongs there` };
  }
  if (seq > chain.headSeq) return { seq, kind: 'inserted', detail: `${row.table} id ${row.id} at seq ${seq} lies beyond the head (${chain.headSeq})` };
  return { seq, kind: 'edited', detail: `${row.table} id ${row.id} at seq ${seq} does not match its hash: its contents were changed` };
}
