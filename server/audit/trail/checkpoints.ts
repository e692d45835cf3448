import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckpointRow, NewCheckpoint } from './repository.js';
import { signStatement, type SigningKey } from './signingKey.js';

export type CheckpointKind = 'checkpoint' | 'prune';

/** A checkpoint as exported (files, HTTP, the workbench's JSON export): everything a verifier needs but the records. */
export interface CheckpointJson {
  kind: CheckpointKind;
  seqFrom: number;
  seqTo: number;
  headHash: string;
  algorithm: string;
  createdAt: number;
  keyFingerprint: string;
  publicKey: string;
  signature: string;
}

/**
 * What is signed: JSON of kind, seqFrom, seqTo, headHash, algorithm, createdAt and
 * keyFingerprint, in that order, no spaces (docs/DECISIONS.md). The public key travels beside
 * it; its fingerprint is inside, so swapping the key beside it breaks the signature.
 */
export function checkpointStatement(c: Omit<CheckpointJson, 'publicKey' | 'signature'>): string {
  return JSON.stringify({ kind: c.kind, seqFrom: c.seqFrom, seqTo: c.seqTo, headHash: c.headHash, algorithm: c.algorithm, createdAt: c.createdAt, keyFingerprint: c.keyFingerprint });
}

export function signedCheckpoint(key: SigningKey, c: { kind: CheckpointKind; seqFrom: number; seqTo: number; headHash: string; algorithm: string; createdAt: number }): NewCheckpoint {
  const statement = checkpointStatement({ ...c, keyFingerprint: key.fingerprint });
  return {
    kind: c.kind, seq_from: c.seqFrom, seq_to: c.seqTo, head_hash: c.headHash, algorithm: c.algorithm, created_at: c.createdAt,
    key_fingerprint: key.fingerprint, public_key: key.publicPem, signature: signStatement(key, statement),
  };
}

export const checkpointJson = (c: NewCheckpoint | CheckpointRow): CheckpointJson => ({
  kind: c.kind as CheckpointKind, seqFrom: Number(c.seq_from), seqTo: Number(c.seq_to), headHash: c.head_hash, algorithm: c.algorithm,
  createdAt: Number(c.created_at), keyFingerprint: c.key_fingerprint, publicKey: c.public_key, signature: c.signature,
});

const fileName = (c: CheckpointJson) => `${c.kind}-${String(c.seqTo).padStart(15, '0')}.json`;

/** Writes a checkpoint file unless it is there: a temporary file renamed into place, so a reader never sees half of one. */
export function exportToDir(dir: string, c: CheckpointJson): boolean {
  mkdirSync(dir, { recursive: true });
  const target = join(dir, fileName(c));
  if (existsSync(target)) return false;
  const temp = join(dir, `.${fileName(c)}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temp, `${JSON.stringify(c, null, 2)}\n`, { mode: 0o644 });
  renameSync(temp, target);
  return true;
}

/** The newest checkpoint (by seqTo) of a kind in the directory, or null when there is none (or no directory). */
export function newestInDir(dir: string, kind: CheckpointKind = 'checkpoint'): CheckpointJson | null {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(`${kind}-`) && n.endsWith('.json')).sort();
  } catch {
    return null;
  }
  for (let i = names.length - 1; i >= 0; i--) {
    try {
      return JSON.parse(readFileSync(join(dir, names[i]), 'utf8')) as CheckpointJson;
    } catch {
      // A file that does not parse is not a checkpoint; the one before it may be.
    }
  }
  return null;
}

/** POSTs a checkpoint; true on a 2xx within 5 s. */
export async function postCheckpoint(url: string, c: CheckpointJson): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(c), signal: AbortSignal.timeout(5000) });
    return res.ok;
  } catch {
    return false;
  }
}
