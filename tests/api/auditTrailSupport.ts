import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/platform/db/schema.js';

const GUARDED = ['login_history', 'operation_log', 'audit_checkpoints', 'audit_head'];

/**
 * Runs `work` as an attacker with DDL rights would: the audit triggers dropped (SQLite) or
 * disabled (PostgreSQL) for the moment, then put back as they were.
 */
export async function withoutTriggers<T>(db: Kysely<Database>, kind: 'sqlite' | 'postgres', work: () => Promise<T>): Promise<T> {
  if (kind === 'postgres') {
    for (const table of GUARDED) await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
    try {
      return await work();
    } finally {
      for (const table of GUARDED) await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
    }
  }
  const triggers = (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'trigger' and tbl_name in (${sql.join(GUARDED)})`.execute(db)).rows;
  for (const t of triggers) await sql`drop trigger ${sql.ref(t.name)}`.execute(db);
  try {
    return await work();
  } finally {
    for (const t of triggers) await sql.raw(t.sql).execute(db);
  }
}

let keyPath: string | null = null;
/** An Ed25519 signing key in a file of its own, for servers and commands started in production mode. */
export function testSigningKeyPath(): string {
  if (!keyPath) {
    const dir = mkdtempSync(join(tmpdir(), 'idaas-key-'));
    keyPath = join(dir, 'audit-signing-key.pem');
    writeFileSync(keyPath, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return keyPath;
}
