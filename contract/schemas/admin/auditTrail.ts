import { z } from 'zod';
import { TIME_MS_MAX, intIn, isoTime } from '../common.js';

/** The kinds of tampering verification names (the first one by sequence number). */
export const TAMPER_KINDS = ['edited', 'deleted', 'inserted', 'reordered', 'forged-checkpoint'] as const;

/** A moment: epoch milliseconds or an ISO date-time with offset (or a date, UTC midnight). */
const moment = z.union([intIn(0, TIME_MS_MAX), z.iso.datetime({ offset: true }), z.iso.date()]);
export const momentMs = (t: z.infer<typeof moment>): number => (typeof t === 'number' ? t : Date.parse(t));

/** A date range to export; both ends included. */
export const trailExportQuery = z.object({ startTime: moment, endTime: moment })
  .refine((f) => momentMs(f.startTime) <= momentMs(f.endTime), { message: 'must not be before startTime', path: ['endTime'] });
export type TrailExportQuery = z.infer<typeof trailExportQuery>;

export const trailVerification = z.object({
  intact: z.boolean(),
  kind: z.enum(TAMPER_KINDS).nullable(),
  firstBadSeq: z.number().int().nullable(),
  /** One line (English, as the CLI prints it) saying what was found. */
  detail: z.string(),
  /** "cli" or the administrator's account. */
  actor: z.string(),
  startedAt: isoTime,
  finishedAt: isoTime,
  records: z.number().int(),
  checkpoints: z.number().int(),
});
export type TrailVerification = z.infer<typeof trailVerification>;

/** The chain today and the newest verification (null before the first). */
export const trailStatus = z.object({
  algorithm: z.string(),
  headSeq: z.number().int(),
  prunedThrough: z.number().int(),
  lastCheckpoint: z.object({ seqFrom: z.number().int(), seqTo: z.number().int(), createdAt: isoTime }).nullable(),
  keyFingerprint: z.string(),
  lastVerification: trailVerification.nullable(),
});

const value = z.union([z.string(), z.number(), z.null()]);

export const trailCheckpoint = z.object({
  kind: z.enum(['checkpoint', 'prune']),
  seqFrom: z.number().int(),
  seqTo: z.number().int(),
  headHash: z.string(),
  algorithm: z.string(),
  createdAt: z.number().int(),
  keyFingerprint: z.string(),
  publicKey: z.string(),
  signature: z.string(),
});

export const trailRecord = z.object({
  log: z.enum(['login_history', 'operation_log']),
  id: z.number().int(),
  /** null: written before the chain began (nothing proves it). */
  seq: z.number().int().nullable(),
  hash: z.string().nullable(),
  createdAt: isoTime,
  /** The columns the hash covers. */
  values: z.record(z.string(), value),
  /** The exact text hashed after the previous record's hash (null for unchained rows). */
  canonical: z.string().nullable(),
});

/**
 * A date range for auditors: its chained records widened to whole checkpointed ranges (so each
 * covering checkpoint can be recomputed from `previousHash`), the checkpoints, the public key
 * they verify with, and the range's unchained rows for completeness.
 */
export const trailExport = z.object({
  startTime: isoTime,
  endTime: isoTime,
  algorithm: z.string(),
  seqFrom: z.number().int().nullable(),
  seqTo: z.number().int().nullable(),
  /** The chain's hash just before seqFrom. */
  previousHash: z.string().nullable(),
  records: z.array(trailRecord),
  checkpoints: z.array(trailCheckpoint),
  publicKey: z.string(),
  keyFingerprint: z.string(),
});
export type TrailExport = z.infer<typeof trailExport>;
