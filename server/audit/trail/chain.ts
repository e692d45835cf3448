import { CompiledQuery, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { isSqlite } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import { canonicalRecord, chainHash, type ChainedTable } from './canonical.js';

interface Head { seq: number | string; hash: string; algorithm: string }

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
  const inOne = !isSqlite(db);
  const write = async (tx: Kysely<Database> | Transaction<Database>) => {
    const head = (await sql<Head>`update audit_head set seq = seq + 1 where id = 1 returning seq, hash, algorithm`.execute(tx)).rows[0];
    if (!head) throw new Error('audit_head is missing: the audit chain cannot be written');
    const seq = Number(head.seq);
    const hash = chainHash(head.algorithm, head.hash, canonicalRecord(table, seq, row as Record<string, unknown>));
    const inserting = insert({ ...row, seq, hash });
    if (inOne) {
      // PostgreSQL numbers parameters: the head's hash takes the one after the insert's.
      const next = inserting.parameters.length + 1;
      await tx.executeQuery(CompiledQuery.raw(`with appended as (${inserting.sql}) update audit_head set hash = $${next} where id = 1`, [...inserting.parameters, hash]));
    } else {
      await tx.executeQuery(inserting);
      await sql`update audit_head set hash = ${hash} where id = 1`.execute(tx);
    }
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}
