import { CompiledQuery, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { isSqlite } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import { canonicalRecord, chainHash, type ChainedTable } from './canonical.js';

/**
 * Writes that ride in a record's statement on PostgreSQL (while the head is held, so only quick
 * ones that wait on nothing long: a sign-in's budget settlement): WITH entries whose parameters
 * follow the `n`th.
 */
export interface Alongside { ctes: (n: number) => string; parameters: unknown[] }

/** The chain's head as taken (moved on by one) for a record about to be appended. */
export interface Head { seq: number | string; hash: string; algorithm: string }

/** Takes the head and moves it on by one (the caller's transaction then holds it until it commits). */
export async function takeHead(tx: Kysely<Database>): Promise<Head> {
  const head = (await sql<Head>`update audit_head set seq = seq + 1 where id = 1 returning seq, hash, algorithm`.execute(tx)).rows[0];
  if (!head) throw new Error('audit_head is missing: the audit chain cannot be written');
  return head;
}

/**
 * Appends one audit record to the chain: the head row is taken (an UPDATE, so PostgreSQL locks
 * the row and SQLite takes its write lock) and moved on by one, the record is inserted with that
 * seq and its hash, and the head remembers the hash — all in one transaction: the caller's when
 * it writes inside a unit of work (the record stands or falls with the change it records), else
 * one of its own. Writers on any instance therefore queue on the head, and the chain has no gap
 * and no fork. The head is taken last-moment, so the lock is held for two short statements on
 * PostgreSQL (the insert and the head's new hash are one, a data-modifying WITH), three on SQLite
 * (plus whatever the caller's unit of work still does before it commits).
 * `insert`: the record's INSERT, compiled for the store, with the seq and hash it is given.
 */
export async function appendChained<T extends ChainedTable>(
  db: Kysely<Database>,
  table: T,
  row: Insertable<Database[T]>,
  insert: (row: Insertable<Database[T]>) => CompiledQuery,
): Promise<void> {
  const write = async (tx: Kysely<Database> | Transaction<Database>) => appendAt(tx, await takeHead(tx), table, row, insert);
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/**
 * The rest of appendChained once `head` was taken in the transaction `tx` (by takeHead, or by a
 * statement of the caller's that took it with other writes: a sign-in's session on PostgreSQL).
 */
export async function appendAt<T extends ChainedTable>(
  tx: Kysely<Database>,
  head: Head,
  table: T,
  row: Insertable<Database[T]>,
  insert: (row: Insertable<Database[T]>) => CompiledQuery,
  alongside?: Alongside,
): Promise<void> {
  const seq = Number(head.seq);
  const hash = chainHash(head.algorithm, head.hash, canonicalRecord(table, seq, row as Record<string, unknown>));
  const inserting = insert({ ...row, seq, hash });
  if (!isSqlite(tx)) {
    // PostgreSQL numbers parameters: the head's hash takes the one after the insert's.
    const next = inserting.parameters.length + 1;
    const more = alongside ? `, ${alongside.ctes(next)}` : '';
    await tx.executeQuery(CompiledQuery.raw(`with appended as (${inserting.sql})${more} update audit_head set hash = $${next} where id = 1`, [...inserting.parameters, hash, ...(alongside?.parameters ?? [])]));
  } else {
    if (alongside) throw new Error('appendAt: writes alongside the record are for PostgreSQL only');
    await tx.executeQuery(inserting);
    await sql`update audit_head set hash = ${hash} where id = 1`.execute(tx);
  }
}
