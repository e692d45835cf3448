import { createHash } from 'node:crypto';

/** The two stores of the chain, and the columns of each that a record's hash covers (all but id, seq, hash). */
export const CHAINED_COLUMNS = {
  login_history: ['account', 'app_name', 'app_ref', 'created_at', 'device_id', 'device_name', 'ip', 'is_success', 'login_msg', 'opt_type', 'user_ref'],
  operation_log: ['changes', 'created_at', 'detail', 'ip', 'ip_region', 'scene_code', 'target', 'user_ref'],
} as const;

/**
 * Columns added after the chain began: covered when they hold a value, left out of the record
 * when null, so records written before they existed keep the hashes they were given.
 */
export const LATER_CHAINED_COLUMNS: Record<keyof typeof CHAINED_COLUMNS, readonly string[]> = {
  login_history: ['risk_level', 'risk_place', 'risk_signals'],
  operation_log: [],
};

export type ChainedTable = keyof typeof CHAINED_COLUMNS;
export const CHAINED_TABLES = Object.keys(CHAINED_COLUMNS) as ChainedTable[];

export const HASH_ALGORITHMS = ['sha256', 'sm3'] as const;
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number];

/** The hash before the first record: 32 zero bytes. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * A record as the chain sees it: JSON of {"table", "seq", then every covered column in
 * alphabetical order}, numbers as JSON numbers, absent values as explicit nulls, no spaces.
 * Written down in docs/DECISIONS.md so a verifier in another language can rebuild it.
 */
export function canonicalRecord(table: ChainedTable, seq: number, row: Record<string, unknown>): string {
  const record: Record<string, unknown> = { table, seq };
  const later = LATER_CHAINED_COLUMNS[table].filter((column) => row[column] !== undefined && row[column] !== null);
  for (const column of [...CHAINED_COLUMNS[table], ...later].sort()) {
    const value = row[column];
    // A driver may answer an int8 as a string or bigint; the chain hashes the number.
    record[column] = value === undefined || value === null ? null : typeof value === 'bigint' ? Number(value) : value;
  }
  return JSON.stringify(record);
}

/** hash = H(previous hash's 32 bytes ‖ the canonical record's UTF-8), as hex. */
export function chainHash(algorithm: string, previousHex: string, canonical: string): string {
  return createHash(algorithm).update(Buffer.from(previousHex, 'hex')).update(canonical, 'utf8').digest('hex');
}

export function isHashAlgorithm(value: string): value is HashAlgorithm {
  return (HASH_ALGORITHMS as readonly string[]).includes(value);
}
