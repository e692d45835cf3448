import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { isSqlite } from '../platform/db/paging.js';
import { directOf } from '../platform/db/direct.js';
import { shifted } from '../platform/db/combined.js';
import type { LimitCountersRepo, Taking } from './limitCountersRepository.js';
import type { Sm2ReplayRepo } from './sm2ReplayRepository.js';

/** What a password sign-in does once its ciphertexts proved new: read the account, take the address's and then the account's unit. */
export interface ClaimFollowUp<R> { read: CompiledQuery<R>; address: Taking; account: Taking }

/** Which digests were new and, when all were and a follow-up was asked, what it read and took (`takeBoth`'s answer). */
export interface ClaimOutcome<R> {
  fresh: Set<string>;
  followed: { rows: R[]; taken: { first: number | null; second: number | null } } | null;
}

/** Columns the PostgreSQL statement adds to the read's row. */
const CLAIMED = '__claimed';
const FOUND = '__found';

/**
 * A password sign-in's replay claim, account read and both reservations in one commit: one
 * transaction of four statements on SQLite (three commits were three WAL appends), one statement
 * on PostgreSQL (one round trip and one commit where there were two). The reservations run only
 * when every digest was new, as they ran only after a claim that did not throw; a refusal is a
 * null in the answer, not an error, so the claim commits with it and a refused ciphertext stays
 * used. Each budget is still one atomic upsert, the address's before the account's.
 */
export function credentialClaimRepo(db: Kysely<Database>, repos: { sm2Replay: Sm2ReplayRepo; limits: LimitCountersRepo }) {
  const sqlite = isSqlite(db);
  const { sm2Replay, limits } = repos;

  function onSqlite<R>(claim: CompiledQuery<{ digest: string }>, count: number, then: ClaimFollowUp<R>): Promise<ClaimOutcome<R>> {
    const direct = directOf(db);
    if (direct?.kind !== 'sqlite') throw new Error('a SQLite store opened without its driver (openStore)');
    return direct.transaction((prepare) => {
      const rows = <T>(query: CompiledQuery<T>) => prepare(query.sql).all(query.parameters) as T[];
      const fresh = new Set(rows(claim).map((r) => r.digest));
      if (fresh.size < count) return { fresh, followed: null };
      const read = rows(then.read);
      const take = (one: Taking) => limits.hitsOf(rows(limits.takingQuery(one))[0]?.hits);
      const first = take(then.address);
      return { fresh, followed: { rows: read, taken: { first, second: first === null ? null : take(then.account) } } };
    });
  }

  async function onPostgres<R>(claim: CompiledQuery<{ digest: string }>, count: number, then: ClaimFollowUp<R>): Promise<ClaimOutcome<R>> {
    // The gate reads the whole claim, so the claim's insert has run (and waited out any racer's) before the first reservation.
    const gateAt = claim.parameters.length + 1;
    const both = limits.takingCtes(then.address, then.account, 'gate');
    const readAt = gateAt + both.parameters.length;
    const { rows: [row] } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(
      `with claimed as (${claim.sql}),\n  gate as (select 1 where (select count(*) from claimed) = $${gateAt}),\n  ${both.ctes(gateAt)}\n`
      + `select array(select digest from claimed) as ${CLAIMED}, ${both.hits('__')}, r.* from (select 1) as one `
      + `left join (select true as ${FOUND}, q.* from (${shifted(then.read, readAt)}) as q) as r on true`,
      [...claim.parameters, count, ...both.parameters, ...then.read.parameters],
    ));
    const { [CLAIMED]: claimed, [FOUND]: found, __first: first, __second: second, ...rest } = row;
    const fresh = new Set(claimed as string[]);
    if (fresh.size < count) return { fresh, followed: null };
    return { fresh, followed: { rows: found ? [rest as R] : [], taken: { first: limits.hitsOf(first), second: limits.hitsOf(second) } } };
  }

  return {
    /**
     * Claims `digests` (sm2ReplayRepo.claimAll) and, when every one was new and `then` is given,
     * runs it in the same commit. The read sees the store as it was before the reservations.
     */
    async claim<R>(digests: string[], expiresAt: number, then: ClaimFollowUp<R> | null): Promise<ClaimOutcome<R>> {
      if (!then) return { fresh: await sm2Replay.claimAll(digests, expiresAt), followed: null };
      const claim = sm2Replay.claimQuery(digests, expiresAt);
      return sqlite ? onSqlite(claim, digests.length, then) : onPostgres(claim, digests.length, then);
    },
  };
}

export type CredentialClaimRepo = ReturnType<typeof credentialClaimRepo>;
