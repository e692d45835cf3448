import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import type { SessionsRepo } from '../sessions/repository.js';
import type { DevicesRepo } from '../account/devicesRepository.js';
import type { RiskProfilesRepo } from '../risk/profileRepository.js';
import type { LoginHistoryRepo } from '../audit/loginHistoryRepository.js';
import type { Head } from '../audit/trail/chain.js';
import { isSqlite } from '../platform/db/paging.js';
import { openingStatement } from './sessionOpeningPostgres.js';
import type { SessionOpening } from './sessionOpening.js';
import type { LimitCountersRepo } from './limitCountersRepository.js';

/**
 * Writes a sign-in's session, device, what the risk profile learns and its log row in one
 * transaction: one commit instead of four (each a WAL flush on PostgreSQL), and a failure leaves
 * none of them. The session goes first: its key on the person is then held before any row a
 * deletion of the person would also take, and the audit head is taken last, as in every other
 * writer, so the head's lock is held for no longer than a log row alone holds it.
 */
export function sessionOpeningRepo(db: Kysely<Database>, repos: {
  sessions: SessionsRepo; devices: DevicesRepo; riskProfiles: RiskProfilesRepo; loginHistory: LoginHistoryRepo; limits: LimitCountersRepo;
}) {
  const sqlite = isSqlite(db);
  return {
    async write(opening: SessionOpening): Promise<void> {
      const { session, device, network, hour, history, settlement } = opening;
      // PostgreSQL: the writes before the log row, and the head, in one statement (sessionOpeningPostgres.ts).
      const inOne = async (tx: Kysely<Database>) => {
        const takesHead = !!history && repos.loginHistory.chained;
        const { rows: [row] } = await tx.executeQuery(openingStatement(opening, takesHead));
        if (hour && Number(row.hours_counted) === 0) await repos.riskProfiles.countHour(session.userRef, hour.hour, undefined, tx);
        // The settlement rides in the log row's statement, after the head: the counter rows are
        // held only from there to the commit, never while the head is waited for.
        const settling = settlement && takesHead ? repos.limits.settlingCtes(settlement.given, settlement.cleared, settlement.now) : undefined;
        if (history) await repos.loginHistory.insert(history, tx, takesHead ? (row as Head) : undefined, settling);
        if (settlement && !settling) await repos.limits.settle(settlement.given, settlement.cleared, settlement.now, tx);
      };
      const work = sqlite ? async (tx: Kysely<Database>) => {
        await repos.sessions.create(session, tx);
        if (device) await repos.devices.seen(session.userRef, device.deviceId, device.deviceName, device.ip, device.now, device.trust, tx);
        if (network) await repos.riskProfiles.rememberNetwork(session.userRef, network.prefix, network.now, tx);
        if (hour) await repos.riskProfiles.countHour(session.userRef, hour.hour, hour.known, tx);
        if (history) await repos.loginHistory.insert(history, tx);
        if (settlement) await repos.limits.settle(settlement.given, settlement.cleared, settlement.now, tx);
      } : inOne;
      await (db.isTransaction ? work(db) : db.transaction().execute(work));
    },
  };
}

export type SessionOpeningRepo = ReturnType<typeof sessionOpeningRepo>;
