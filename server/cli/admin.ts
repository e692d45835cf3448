/**
 * Administration from the command line, on the store the server is configured for (the same
 * environment: DATABASE_URL, IDAAS_MODE…):
 *
 *   npm run admin -- create <account> [--role system|security|audit]
 *
 * makes an administrator of that duty (system by default: the first one of an empty production
 * store) with the EMPLOYEE role, and prints a one-time password, which must be changed at the
 * first sign-in. The three duties are held by three different people (MLPS 2.0 三员分立). The store is migrated
 * first, and outside production seeded with the demo organisation, exactly as the server would.
 *
 *   npm run admin -- backup <file>
 *
 * copies the SQLite store, while servers keep using it, into a new file (SQLite's online backup:
 * a consistent snapshot, the WAL included). PostgreSQL is backed up with its own tools (pg_dump).
 *
 *   npm run admin -- directory-sync [--dry-run]
 *
 * synchronises people, departments and groups from the directory (LDAP_*) now — a full pass
 * that also finds who left — and prints the counts and each outcome's reasons; --dry-run writes
 * nothing and prints what a run would do. Exit code 1 when the run failed (directory unreachable,
 * another sync running, a batch refused) or reported failures.
 *
 *   npm run admin -- audit verify [--json]
 *
 * recomputes the audit chain and every signed checkpoint (server/audit/trail/verify.ts), checks
 * the signatures against AUDIT_SIGNING_KEY and the database's tail against the newest checkpoint
 * in AUDIT_CHECKPOINT_DIR, records the run, and prints one line (or, with --json, one JSON
 * object): `Audit trail intact: …` or `Audit trail BROKEN at seq N (kind): …`.
 *
 * Exit codes: 0 done (the trail intact), 1 refused (the account exists, its name is not valid; the backup file
 * exists, the store is not SQLite or not there; no signing key to verify with), 2 wrong usage,
 * 3 the audit trail is not intact (the first bad seq and its kind are printed).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { pathToFileURL } from 'node:url';
import { codeMessage } from '../../contract/codes.js';
import { isDevMode, readConfig } from '../platform/config.js';
import { migrate, openStore } from '../platform/db/connect.js';
import { seedDemo } from '../demo/seed.js';
import { AppError } from '../platform/lib/errors.js';
import { systemClock } from '../platform/lib/clock.js';
import { dataLayer } from '../composition/repositories.js';
import { buildServices } from '../composition/services.js';
import { contextOn, type Caller } from '../composition/context.js';
import { demoGateway, httpGateway } from '../sms/gateway.js';
import type { AdminDuty } from '../../contract/duties.js';
import { SYNC_OUTCOMES, type SyncRunDetail } from '../../contract/schemas/admin/directory.js';

const USAGE = [
  'usage: npm run admin -- create <account> [--role system|security|audit]',
  '         creates an administrator of that duty (system by default) and prints a one-time password (changed at the first sign-in)',
  '       npm run admin -- backup <file>',
  '         copies the SQLite database (DATABASE_URL) into a new file while the server runs',
  '       npm run admin -- directory-sync [--dry-run]',
  '         synchronises people, departments and groups from the directory (LDAP_*); --dry-run changes nothing',
  '       npm run admin -- audit verify [--json]',
  '         verifies the audit chain and its signed checkpoints; exit 3 names the first bad seq',
].join('\n');

/**
 * The configuration for a command that neither texts anyone nor signs checkpoints: production's
 * "no gateway, no signing key, no start" rules are the server's, so placeholders stand in (a
 * command that did use one would fail on it, loudly).
 */
const commandConfig = (env: NodeJS.ProcessEnv) =>
  readConfig({ ...env, SMS_GATEWAY_URL: env.SMS_GATEWAY_URL || 'http://sms-gateway.invalid/', AUDIT_SIGNING_KEY: env.AUDIT_SIGNING_KEY || '/nonexistent/audit-signing-key-not-needed.pem' });

/** Who the operation log says made the change. */
const CLI_CALLER: Caller = { ip: 'cli', userAgent: 'idaas-admin-cli', deviceId: null, deviceName: null, trustTokens: {} };

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one command; answers the exit code. */
export async function runAdminCli(args: string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const [command, operand, ...extra] = args;
  if (command === 'audit') {
    if (operand !== 'verify' || extra.length > 1 || (extra.length === 1 && extra[0] !== '--json')) {
      io.err(USAGE);
      return 2;
    }
    return auditVerify(extra[0] === '--json', env, io);
  }
  if (command === 'directory-sync') {
    if (args.length > 2 || (operand !== undefined && operand !== '--dry-run')) {
      io.err(USAGE);
      return 2;
    }
    return directorySync(operand === '--dry-run', env, io);
  }
  if (command === 'create' && operand) {
    const duty = extra.length === 0 ? 'system' : extra.length === 2 && extra[0] === '--role' ? extra[1] : undefined;
    if (duty === 'system' || duty === 'security' || duty === 'audit') return createAdministrator(operand, duty, env, io);
    io.err(USAGE);
    return 2;
  }
  if (command !== 'backup' || !operand || extra.length) {
    io.err(USAGE);
    return 2;
  }
  return backup(operand, env, io);
}

/** The SQLite online backup of DATABASE_URL into `target`, which must not exist yet. */
async function backup(target: string, env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const url = env.DATABASE_URL || 'file:data/idaas.db';
  if (/^postgres(ql)?:\/\//.test(url)) {
    io.err('Refused: DATABASE_URL is PostgreSQL. Back it up with its own tools, e.g. pg_dump --format=custom --file=idaas.dump "$DATABASE_URL" (restore with pg_restore); see "Backups" in the README.');
    return 1;
  }
  const source = url.startsWith('file:') ? url.slice(5) : url;
  if (source === ':memory:' || !existsSync(source)) {
    io.err(`Refused: there is no SQLite database at ${source}. Nothing was written.`);
    return 1;
  }
  const destination = resolve(target);
  if (existsSync(destination)) {
    io.err(`Refused: ${destination} exists; a backup never overwrites a file. Nothing was written.`);
    return 1;
  }
  if (resolve(source) === destination) {
    io.err('Refused: the backup file is the database itself.');
    return 1;
  }
  mkdirSync(dirname(destination), { recursive: true });
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // Pages are copied in steps, so writers on the live database wait only for moments.
    const { totalPages } = await database.backup(destination);
    io.out(`Backed up ${source} to ${destination} (${totalPages} pages).`);
    return 0;
  } finally {
    database.close();
  }
}

/** How many rows of each outcome's reasons the command prints (the stored report keeps more). */
const PRINTED_ROWS = 20;

/** Exit code of a verification that found the trail changed. */
const TRAIL_BROKEN = 3;

async function auditVerify(json: boolean, env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  let config;
  try {
    // The signing key is this command's business: production without one is refused, as the server is.
    config = readConfig({ ...env, SMS_GATEWAY_URL: env.SMS_GATEWAY_URL || 'http://sms-gateway.invalid/' });
  } catch (error) {
    io.err(`Refused: ${(error as Error).message}`);
    return 1;
  }
  const store = openStore(config.databaseUrl, config.database);
  try {
    await migrate(store);
    const services = buildServices(contextOn(dataLayer(store.db), config, systemClock), demoGateway);
    let report;
    try {
      report = await services.admin.trail.verify('cli');
    } catch (error) {
      if (!(error instanceof Error) || !/AUDIT_SIGNING_KEY/.test(error.message)) throw error;
      io.err(`Refused: ${error.message}`);
      return 1;
    }
    const { verification: _recorded, ...result } = report;
    if (json) io.out(JSON.stringify(result));
    else if (result.intact) io.out(`Audit trail intact: ${result.detail} (${result.algorithm}).`);
    else io.out(`Audit trail BROKEN at seq ${result.firstBadSeq} (${result.kind}): ${result.detail}.`);
    return result.intact ? 0 : TRAIL_BROKEN;
  } finally {
    await store.db.destroy();
  }
}

async function directorySync(dryRun: boolean, env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const config = commandConfig(env);
  const store = openStore(config.databaseUrl, config.database);
  try {
    await migrate(store);
    const services = buildServices(contextOn(dataLayer(store.db), config, systemClock), demoGateway);
    let run: SyncRunDetail;
    try {
      run = await services.admin.directory.sync({ dryRun, trigger: 'cli', actorRef: null, mode: 'full', caller: CLI_CALLER });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const detail = error.data as SyncRunDetail | null;
      io.err(`Directory sync ${dryRun ? '(dry run) ' : ''}refused: ${codeMessage(error.code, 'en', error.params)} (${error.code}).`);
      if (detail?.counts) printRun(detail, io.err);
      return 1;
    }
    printRun(run, io.out);
    return run.counts.failed ? 1 : 0;
  } finally {
    await store.db.destroy();
  }
}

function printRun(run: SyncRunDetail, print: (line: string) => void): void {
  print(`Directory sync ${run.dryRun ? '(dry run, nothing changed) ' : ''}${run.id}: ${run.status}, ${run.mode} pass.`);
  print(SYNC_OUTCOMES.map((o) => `${o} ${run.counts[o]}`).join(', '));
  for (const outcome of SYNC_OUTCOMES) {
    const rows = run.report[outcome] ?? [];
    for (const row of rows.slice(0, PRINTED_ROWS)) print(`  ${outcome}: ${row.kind} ${row.name} — ${row.reason}`);
    if (run.counts[outcome] > PRINTED_ROWS) print(`  ${outcome}: … ${run.counts[outcome] - PRINTED_ROWS} more (the workbench shows the report)`);
  }
}

async function createAdministrator(account: string, duty: AdminDuty, env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  // The gateway matters to the server, which texts people; this command texts nobody, so
  // production's "no gateway, no start" rule does not stop it.
  const config = commandConfig(env);
  const store = openStore(config.databaseUrl, config.database);
  try {
    await migrate(store);
    const gateway = env.SMS_GATEWAY_URL ? httpGateway(env.SMS_GATEWAY_URL) : demoGateway;
    const services = buildServices(contextOn(dataLayer(store.db), config, systemClock), gateway);
    // The first administrator's record may be the chain's first: it takes AUDIT_HASH as the server would.
    await services.admin.trail.adoptAlgorithm();
    if (isDevMode(config)) await seedDemo(store, systemClock.now(), services.passwords.hash);
    const { password } = await services.admin.users.createAdministrator(account, duty, CLI_CALLER);
    io.out(`Created ${duty} administrator "${account.trim().toLowerCase()}".`);
    io.out(`One-time password: ${password}`);
    io.out('It is shown only now and must be changed at the first sign-in.');
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.err(`Refused for "${account.trim()}": ${codeMessage(error.code, 'en', error.params)} (${error.code}). Nothing was changed.`);
    return 1;
  } finally {
    await store.db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdminCli(process.argv.slice(2), process.env, { out: (l) => process.stdout.write(`${l}\n`), err: (l) => console.error(l) }).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
