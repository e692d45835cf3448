import type { Lang } from '../../../contract/codes.js';
import { CODE } from '../../../contract/codes.js';
import { momentMs, type TrailExport, type TrailExportQuery, type TrailVerification } from '../../../contract/schemas/admin/auditTrail.js';
import type { ServiceContext } from '../../composition/context.js';
import { csvLine } from '../../organisation/usersCsv.js';
import { AppError } from '../../platform/lib/errors.js';
import { text, type TextKey } from '../../platform/lib/texts.js';
import { canonicalRecord, GENESIS_HASH } from './canonical.js';
import { checkpointJson, exportToDir, postCheckpoint, signedCheckpoint, type CheckpointJson } from './checkpoints.js';
import type { ChainRow, VerificationRow } from './repository.js';
import { signingKeyOf } from './signingKey.js';
import { verifyTrail, type VerifyReport } from './verify.js';

/** Records one export may hold (the widened range included): past it, a shorter range is asked for. */
export const EXPORT_MAX_RECORDS = 50_000;
/** Checkpoint files each round makes sure are in AUDIT_CHECKPOINT_DIR (one lost write is made good next round). */
const DIR_BACKLOG = 20;
/** The HTTP sink's progress: the newest checkpoint id it took. */
const URL_PROGRESS_KEY = 'audit.checkpoint-url-delivered';

const iso = (ms: number) => new Date(ms).toISOString();

const verificationOf = (r: VerificationRow): TrailVerification => ({
  intact: r.result === 'INTACT', kind: (r.kind as TrailVerification['kind']) ?? null, firstBadSeq: r.first_bad_seq, detail: r.detail ?? '',
  actor: r.actor, startedAt: iso(r.started_at), finishedAt: iso(r.finished_at), records: r.records, checkpoints: r.checkpoints,
});

const CSV_HEADER: readonly TextKey[] = ['trailCsv.seq', 'trailCsv.hash', 'trailCsv.log', 'trailCsv.id', 'trailCsv.time', 'trailCsv.userRef', 'trailCsv.what', 'trailCsv.target', 'trailCsv.result', 'trailCsv.ip', 'trailCsv.record'];

/**
 * The audit trail's work besides appending (chain.ts): signed checkpoints and their export,
 * releasing whole checkpointed ranges to retention behind a signed prune record, verification
 * (the CLI and the workbench run the same), and the auditors' export.
 */
export function auditTrailService(ctx: ServiceContext) {
  const repo = ctx.repos.auditTrail;
  const { auditTrail: settings } = ctx.config;
  const key = () => signingKeyOf(ctx.config);

  /** Puts checkpoints where they live outside the database: the directory (recent ones missing) and the URL (from where it stopped). */
  async function deliver(): Promise<void> {
    if (!settings.checkpointDir && !settings.checkpointUrl) return;
    const all = await repo.checkpoints();
    if (settings.checkpointDir) for (const c of all.slice(-DIR_BACKLOG)) exportToDir(settings.checkpointDir, checkpointJson(c));
    if (settings.checkpointUrl) {
      const through = await repo.deliveredThrough(URL_PROGRESS_KEY);
      for (const c of all.filter((x) => x.id > through).sort((a, b) => a.id - b.id)) {
        if (!(await postCheckpoint(settings.checkpointUrl, checkpointJson(c)))) break;
        await repo.setDeliveredThrough(URL_PROGRESS_KEY, c.id);
      }
    }
  }

  async function recordsOf(lo: number, hi: number): Promise<ChainRow[]> {
    return hi >= lo ? repo.rowsBetween(lo, hi) : [];
  }

  async function exportRange(q: TrailExportQuery): Promise<{ from: number; to: number; lo: number | null; hi: number | null; rows: ChainRow[]; checkpoints: CheckpointJson[]; previousHash: string | null; algorithm: string }> {
    const from = momentMs(q.startTime);
    const to = momentMs(q.endTime);
    const head = await repo.head();
    const range = await repo.seqRangeOfTime(from, to);
    const checkpoints = (await repo.checkpoints()).map(checkpointJson);
    let lo: number | null = null;
    let hi: number | null = null;
    let covering: CheckpointJson[] = [];
    if (range) {
      covering = checkpoints.filter((c) => c.kind === 'checkpoint' && c.seqTo >= range.min && c.seqFrom <= range.max);
      lo = Math.max(head.prunedThrough + 1, Math.min(range.min, ...covering.map((c) => c.seqFrom)));
      hi = Math.max(range.max, ...covering.map((c) => c.seqTo));
      if (hi - lo + 1 > EXPORT_MAX_RECORDS) throw new AppError(CODE.rangeTooLarge, { max: EXPORT_MAX_RECORDS });
    }
    const unchained = await repo.unchainedOfTime(from, to, EXPORT_MAX_RECORDS + 1);
    const chained = lo !== null && hi !== null ? await recordsOf(lo, hi) : [];
    if (chained.length + unchained.length > EXPORT_MAX_RECORDS) throw new AppError(CODE.rangeTooLarge, { max: EXPORT_MAX_RECORDS });
    let previousHash: string | null = null;
    if (lo !== null) {
      const prune = checkpoints.find((c) => c.kind === 'prune' && c.seqTo === lo! - 1);
      previousHash = lo === 1 ? GENESIS_HASH : prune ? prune.headHash : await repo.hashAt(lo - 1);
    }
    // The prune records say where the chain now starts; the covering checkpoints prove the range.
    const proving = [...checkpoints.filter((c) => c.kind === 'prune'), ...covering].sort((a, b) => a.seqTo - b.seqTo || a.kind.localeCompare(b.kind));
    return { from, to, lo, hi, rows: [...unchained, ...chained], checkpoints: proving, previousHash, algorithm: head.algorithm };
  }

  return {
    /**
     * At start: the signing key loads (production refuses to start without a readable Ed25519
     * key), and a chain with no record yet takes the configured algorithm; one with records
     * keeps its own, so a different AUDIT_HASH is refused rather than forking the chain.
     */
    async prepare(): Promise<void> {
      key();
      await this.adoptAlgorithm();
    },

    /** A chain with no record yet takes AUDIT_HASH; one with records refuses a different one. */
    async adoptAlgorithm(): Promise<void> {
      const algorithm = await repo.adoptAlgorithm(settings.hash);
      if (algorithm !== settings.hash) {
        throw new Error(`AUDIT_HASH=${settings.hash}, but the audit chain was started with ${algorithm}; a chain keeps its algorithm (set AUDIT_HASH=${algorithm})`);
      }
    },

    /**
     * Writes a checkpoint over the records since the last one when AUDIT_CHECKPOINT_RECORDS of
     * them wait or the oldest has waited AUDIT_CHECKPOINT_MINUTES (`force`: whenever any wait),
     * then delivers it. Instances racing for the same range: a unique index keeps the first.
     */
    async checkpoint(force = false): Promise<CheckpointJson | null> {
      const head = await repo.head();
      const last = await repo.lastCheckpoint('checkpoint');
      const from = last ? last.seq_to + 1 : 1;
      let written: CheckpointJson | null = null;
      if (head.seq >= from) {
        const now = ctx.clock.now();
        const oldest = await repo.createdAtOf(from);
        const due = force || head.seq - from + 1 >= settings.checkpointRecords || (oldest !== null && oldest <= now - settings.checkpointMinutes * 60_000);
        if (due) {
          const signed = signedCheckpoint(key(), { kind: 'checkpoint', seqFrom: from, seqTo: head.seq, headHash: head.hash, algorithm: head.algorithm, createdAt: now });
          if (await repo.insertCheckpoint(signed)) written = checkpointJson(signed);
        }
      }
      await deliver();
      return written;
    },

    /**
     * Lets retention delete the chained records of whole checkpointed ranges sealed before
     * `cutoff`: one transaction writes the signed prune record (range, head hash at its end, when)
     * and moves the head's pruned_through, which the triggers let deletes go up to. Answers how
     * far chained rows may now be deleted.
     */
    async releaseForPruning(cutoff: number): Promise<number> {
      const sealed = await repo.lastCheckpointBefore(cutoff);
      const head = await repo.head();
      if (!sealed || sealed.seq_to <= head.prunedThrough) return head.prunedThrough;
      const released = await ctx.transaction(async (repos) => {
        const current = await repos.auditTrail.head();
        if (sealed.seq_to <= current.prunedThrough) return false;
        const prune = signedCheckpoint(key(), {
          kind: 'prune', seqFrom: current.prunedThrough + 1, seqTo: sealed.seq_to, headHash: sealed.head_hash, algorithm: current.algorithm, createdAt: ctx.clock.now(),
        });
        if (!(await repos.auditTrail.insertCheckpoint(prune))) return false;
        return repos.auditTrail.releaseThrough(sealed.seq_to);
      });
      if (released) await deliver();
      return (await repo.head()).prunedThrough;
    },

    /** Verifies the whole trail now and records the outcome; `actor`: "cli" or the administrator's account. */
    async verify(actor: string): Promise<VerifyReport & { verification: TrailVerification }> {
      const startedAt = ctx.clock.now();
      const report = await verifyTrail(repo, key(), settings.checkpointDir);
      const row = {
        started_at: startedAt, finished_at: ctx.clock.now(), actor: actor.slice(0, 64), result: report.intact ? 'INTACT' : 'BROKEN', kind: report.kind,
        first_bad_seq: report.firstBadSeq, records: report.records, checkpoints: report.checkpoints, detail: report.detail.slice(0, 500),
      };
      await repo.recordVerification(row);
      return { ...report, verification: verificationOf({ id: 0, ...row }) };
    },

    async status() {
      const head = await repo.head();
      const last = await repo.lastCheckpoint('checkpoint');
      const verification = await repo.lastVerification();
      return {
        algorithm: head.algorithm, headSeq: head.seq, prunedThrough: head.prunedThrough,
        lastCheckpoint: last ? { seqFrom: last.seq_from, seqTo: last.seq_to, createdAt: iso(last.created_at) } : null,
        keyFingerprint: key().fingerprint,
        lastVerification: verification ? verificationOf(verification) : null,
      };
    },

    async exportJson(q: TrailExportQuery): Promise<TrailExport> {
      const r = await exportRange(q);
      const k = key();
      return {
        startTime: iso(r.from), endTime: iso(r.to), algorithm: r.algorithm, seqFrom: r.lo, seqTo: r.hi, previousHash: r.previousHash,
        records: r.rows.map((row) => ({
          log: row.table, id: row.id, seq: row.seq, hash: row.hash, createdAt: iso(row.createdAt), values: row.values as Record<string, string | number | null>,
          canonical: row.seq === null ? null : canonicalRecord(row.table, row.seq, row.values),
        })),
        checkpoints: r.checkpoints, publicKey: k.publicPem, keyFingerprint: k.fingerprint,
      };
    },

    /** The same records as CSV lines (the range is resolved, and refused if too large, before the first line). */
    async exportCsv(q: TrailExportQuery, lang: Lang): Promise<AsyncIterable<string>> {
      const r = await exportRange(q);
      const logName = { login_history: text('trailCsv.signInLog', lang), operation_log: text('trailCsv.operationLog', lang) };
      async function* lines(): AsyncGenerator<string> {
        yield `\uFEFF${csvLine(CSV_HEADER.map((h) => text(h, lang)))}`;
        for (let i = 0; i < r.rows.length; i += 500) {
          yield r.rows.slice(i, i + 500).map((row) => {
            const v = row.values;
            const what = (row.table === 'login_history' ? v.opt_type : v.scene_code) as string | null;
            return csvLine([
              row.seq === null ? '' : String(row.seq), row.hash ?? '', logName[row.table], String(row.id), iso(row.createdAt),
              v.user_ref === null || v.user_ref === undefined ? '' : String(v.user_ref), what ?? '', (v.target as string | null) ?? '',
              (v.login_msg as string | null) ?? '', (v.ip as string | null) ?? '', row.seq === null ? '' : canonicalRecord(row.table, row.seq, row.values),
            ]);
          }).join('');
        }
      }
      return lines();
    },
  };
}

export type AuditTrailService = ReturnType<typeof auditTrailService>;
