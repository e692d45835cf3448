import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { usersRepo } from '../organisation/usersRepository.js';
import { sessionsRepo } from '../sessions/repository.js';
import { limitCountersRepo } from '../sign-in/limitCountersRepository.js';
import { captchasRepo } from '../sign-in/captchasRepository.js';
import { configRepo } from '../platform/db/configRepository.js';
import { sm2ReplayRepo } from '../sign-in/sm2ReplayRepository.js';
import { loginHistoryRepo } from '../audit/loginHistoryRepository.js';
import { operationLogRepo } from '../audit/operationLogRepository.js';
import { auditTrailRepo } from '../audit/trail/repository.js';
import { appsRepo } from '../apps/repository.js';
import { portalRolesRepo } from '../access/portalRolesRepository.js';
import { accessRepo } from '../access/repository.js';
import { ticketsRepo } from '../sign-in/ticketsRepository.js';
import { otpsRepo } from '../sms/otpsRepository.js';
import { smsOutboxRepo } from '../sms/outboxRepository.js';
import { devicesRepo } from '../account/devicesRepository.js';
import { sessionOpeningRepo } from '../sign-in/sessionOpeningRepository.js';
import { requestsRepo } from '../requests/repository.js';
import { permissionsRepo } from '../requests/permissionsRepository.js';
import { groupsRepo } from '../groups/repository.js';
import { securityRepo } from '../account/securityRepository.js';
import { logsRepo } from '../audit/logsRepository.js';
import { portalNoticesRepo } from '../notices/portalRepository.js';
import { factorsRepo } from '../factors/repository.js';
import { logNamesRepo } from '../audit/logNamesRepository.js';
import { upstreamRepo } from '../broker/repository.js';
import { buildAdminRepos } from './adminRepositories.js';
import { administratorsRepo } from '../administrators/repository.js';
import { zonesRepo } from '../risk/zonesRepository.js';
import { riskProfilesRepo } from '../risk/profileRepository.js';
import { riskHistoryRepo } from '../risk/historyRepository.js';
import { alertsRepo } from '../risk/alertsRepository.js';
import { appRiskRepo } from '../risk/appRiskRepository.js';

/** How the repositories write: `auditChain: false` only for a benchmark's baseline (config refuses it in production). */
export interface RepoOptions { auditChain: boolean }
const CHAINED: RepoOptions = { auditChain: true };

export function buildRepos(db: Kysely<Database>, options: RepoOptions = CHAINED) {
  const sessions = sessionsRepo(db);
  const devices = devicesRepo(db);
  const riskProfiles = riskProfilesRepo(db);
  const loginHistory = loginHistoryRepo(db, options.auditChain);
  const limits = limitCountersRepo(db);
  return {
    users: usersRepo(db),
    sessions,
    opening: sessionOpeningRepo(db, { sessions, devices, riskProfiles, loginHistory, limits }),
    limits,
    captchas: captchasRepo(db),
    config: configRepo(db),
    sm2Replay: sm2ReplayRepo(db),
    loginHistory,
    operationLog: operationLogRepo(db, options.auditChain),
    auditTrail: auditTrailRepo(db),
    apps: appsRepo(db),
    portalRoles: portalRolesRepo(db),
    administrators: administratorsRepo(db),
    access: accessRepo(db),
    tickets: ticketsRepo(db),
    otps: otpsRepo(db),
    smsOutbox: smsOutboxRepo(db),
    devices,
    requests: requestsRepo(db),
    permissions: permissionsRepo(db),
    groups: groupsRepo(db),
    security: securityRepo(db),
    logs: logsRepo(db),
    notices: portalNoticesRepo(db),
    factors: factorsRepo(db),
    logNames: logNamesRepo(db),
    upstream: upstreamRepo(db),
    zones: zonesRepo(db),
    riskProfiles,
    riskHistory: riskHistoryRepo(db),
    alerts: alertsRepo(db),
    appRisk: appRiskRepo(db),
    admin: buildAdminRepos(db),
  };
}

export type Repos = ReturnType<typeof buildRepos>;

/**
 * Runs `work` in one database transaction, over repositories built on it: everything it writes
 * through `repos` stands or falls together. Inside, use only the `repos` given (on SQLite the
 * transaction holds the one connection, so a query through the outer repositories would wait for
 * it forever); keep slow work (hashing, HTTP) outside.
 */
export type UnitOfWork = <T>(work: (repos: Repos) => Promise<T>) => Promise<T>;

export function unitOfWork(db: Kysely<Database>, options: RepoOptions = CHAINED): UnitOfWork {
  return (work) => db.transaction().execute((tx) => work(buildRepos(tx, options)));
}

/**
 * A unit of work inside a transaction already open: a savepoint, so a statement a step gives up
 * on (a unique index refusing a number) leaves the outer transaction usable on PostgreSQL for the
 * caller to say why, and undoes only that step.
 */
function savepoints(tx: Kysely<Database>, options: RepoOptions): UnitOfWork {
  return async (work) => {
    await sql`savepoint unit_step`.execute(tx);
    try {
      const result = await work(buildRepos(tx, options));
      await sql`release savepoint unit_step`.execute(tx);
      return result;
    } catch (error) {
      await sql`rollback to savepoint unit_step`.execute(tx);
      await sql`release savepoint unit_step`.execute(tx);
      throw error;
    }
  };
}

/** Repositories on one connection (the pool, or a transaction), and how several writes on it stand or fall together. */
export interface DataScope {
  /** What the repositories run on: a plugin's own repositories (SCIM's, OIDC's) are built on the same. */
  db: Kysely<Database>;
  repos: Repos;
  transaction: UnitOfWork;
}

/**
 * The data layer, built once (server/app.ts) and handed to every service and plugin: the
 * repositories on the pool, whose units of work are transactions, and `inTransaction`, which
 * opens one and gives its work the same layer bound to it — repositories on the transaction,
 * nested units of work as savepoints — so a check, the writes it guards and their audit rows
 * (SCIM's If-Match) are one transaction.
 */
export interface DataLayer extends DataScope {
  inTransaction<T>(work: (scope: DataScope) => Promise<T>): Promise<T>;
}

export function dataLayer(db: Kysely<Database>, options: RepoOptions = CHAINED): DataLayer {
  const onTransaction = (tx: Kysely<Database>): DataScope => ({ db: tx, repos: buildRepos(tx, options), transaction: savepoints(tx, options) });
  return {
    db, repos: buildRepos(db, options), transaction: unitOfWork(db, options),
    inTransaction: (work) => db.transaction().execute((tx) => work(onTransaction(tx))),
  };
}
