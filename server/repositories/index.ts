import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { usersRepo } from './users.js';
import { sessionsRepo } from './sessions.js';
import { limitCountersRepo } from './limitCounters.js';
import { captchasRepo } from './captchas.js';
import { configRepo } from './config.js';
import { sm2ReplayRepo } from './sm2Replay.js';
import { loginHistoryRepo } from './loginHistory.js';
import { operationLogRepo } from './operationLog.js';
import { appsRepo } from './apps.js';
import { portalRolesRepo } from './portalRoles.js';
import { accessRepo } from './access.js';
import { ticketsRepo } from './tickets.js';
import { otpsRepo } from './otps.js';
import { smsOutboxRepo } from './smsOutbox.js';
import { devicesRepo } from './devices.js';
import { requestsRepo } from './requests.js';
import { permissionsRepo } from './permissions.js';
import { groupsRepo } from './groups.js';
import { securityRepo } from './security.js';
import { logsRepo } from './logs.js';
import { factorsRepo } from './factors.js';
import { logNamesRepo } from './logNames.js';
import { buildAdminRepos } from './admin/index.js';

export function buildRepos(db: Kysely<Database>) {
  return {
    users: usersRepo(db),
    sessions: sessionsRepo(db),
    limits: limitCountersRepo(db),
    captchas: captchasRepo(db),
    config: configRepo(db),
    sm2Replay: sm2ReplayRepo(db),
    loginHistory: loginHistoryRepo(db),
    operationLog: operationLogRepo(db),
    apps: appsRepo(db),
    portalRoles: portalRolesRepo(db),
    access: accessRepo(db),
    tickets: ticketsRepo(db),
    otps: otpsRepo(db),
    smsOutbox: smsOutboxRepo(db),
    devices: devicesRepo(db),
    requests: requestsRepo(db),
    permissions: permissionsRepo(db),
    groups: groupsRepo(db),
    security: securityRepo(db),
    logs: logsRepo(db),
    factors: factorsRepo(db),
    logNames: logNamesRepo(db),
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

export function unitOfWork(db: Kysely<Database>): UnitOfWork {
  return (work) => db.transaction().execute((tx) => work(buildRepos(tx)));
}
