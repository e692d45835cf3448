import { CompiledQuery } from 'kysely';
import type { Head } from '../audit/trail/chain.js';
import { withHourCounted } from '../risk/profileRepository.js';
import type { SessionOpening } from './sessionOpening.js';

/** What the opening statement answers: the head when it took it, and whether the hour was counted. */
export interface OpenedRow extends Partial<Head> { hours_counted: number | string }

/**
 * A sign-in's session, device, network and hour, and the audit head when a log row follows, as
 * one PostgreSQL statement (a data-modifying WITH) inside the opening's transaction: one round
 * trip where they were one each. The order the separate statements kept is kept by reference:
 * the person's key is taken first (`person`, what the session's foreign-key check would take,
 * so a deletion of the person waits before any row of theirs is held), the device, network and
 * hour rows next, each running only once `person` has (a one-time filter on it), and the head
 * last, only once they have: a sign-in waiting on the person's device row holds no head.
 * The hour is swapped only if unchanged since the judgement read it, as `countHour` does;
 * `hours_counted` 0 tells the caller to count it again (another sign-in of the person's won).
 */
export function openingStatement(opening: SessionOpening, takeHead: boolean): CompiledQuery<OpenedRow> {
  const { session, device, network, hour } = opening;
  const values: unknown[] = [];
  const $ = (value: unknown) => `$${values.push(value)}`;
  const user = $(session.userRef);
  const afterPerson = 'where (select count(*) from person) >= 0';
  const parts = [
    `person as (select id from users where id = ${user} for key share)`,
    `opened as (insert into sessions (token_hash, user_ref, instance_id, created_at, last_seen_at, expires_at, ip, device_id, device_name, user_agent)
      values (${[session.tokenHash, session.userRef, session.instanceId, session.createdAt, session.lastSeenAt, session.expiresAt, session.ip, session.deviceId, session.deviceName, session.userAgent].map($).join(', ')}))`,
  ];
  const gates = ['(select count(*) from person)'];
  if (device) {
    const trust = device.trust ? [', trusted_until, trust_hash', `, ${$(device.trust.until)}, ${$(device.trust.hash)}`, ', trusted_until = excluded.trusted_until, trust_hash = excluded.trust_hash'] : ['', '', ''];
    const now = $(device.now);
    parts.push(`device as (insert into devices (user_ref, device_id, device_name, first_seen_at, last_seen_at, last_ip${trust[0]})
      select ${user}, ${$(device.deviceId)}, ${$(device.deviceName)}, ${now}, ${now}, ${$(device.ip)}${trust[1]} ${afterPerson}
      on conflict (user_ref, device_id) do update set last_seen_at = excluded.last_seen_at, last_ip = excluded.last_ip, device_name = excluded.device_name${trust[2]}
      returning 1)`);
    gates.push('(select count(*) from device)');
  }
  if (network) {
    parts.push(`network as (insert into user_networks (user_ref, prefix, last_seen_at) select ${user}, ${$(network.prefix)}, ${$(network.now)} ${afterPerson}
      on conflict (user_ref, prefix) do update set last_seen_at = excluded.last_seen_at returning 1)`);
    gates.push('(select count(*) from network)');
  }
  let counted = '1';
  if (hour) {
    const before = JSON.stringify(hour.known);
    parts.push(`hour as (update risk_profiles set hours = ${$(withHourCounted(before, hour.hour))}
      where user_ref = ${user} and hours = ${$(before)} and (select count(*) from person) >= 0 returning 1)`);
    gates.push('(select count(*) from hour)');
    counted = '(select count(*) from hour)';
  }
  const gate = `${gates.join(' + ')} >= 0`;
  const main = takeHead
    ? `update audit_head set seq = seq + 1 where id = 1 and ${gate} returning seq, hash, algorithm, ${counted} as hours_counted`
    : `select ${counted} as hours_counted where ${gate}`;
  return CompiledQuery.raw(`with ${parts.join(',\n')}\n${main}`, values) as CompiledQuery<OpenedRow>;
}
