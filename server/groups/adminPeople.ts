import { CODE } from '../../contract/codes.js';
import { AppError } from '../platform/lib/errors.js';
import type { MemberCandidate } from './repository.js';
import type { Repos } from '../composition/repositories.js';
import { mayJoinGroups } from './service.js';

/**
 * Who an action may name: anyone (false); those the personal centre's group rules let join (true:
 * no disabled people, no shared mailboxes); or those rules whatever the person's state
 * ('anyState': provisioning, whose identity provider keeps deactivated people in their groups).
 */
export type Eligibility = boolean | 'anyState';

/**
 * The accounts named in a workbench action, each once. Unknown accounts — and, by `eligible`,
 * those the group rules turn away — refuse the whole action, named in the answer (E20301), as
 * the personal centre does.
 */
export async function peopleByAccounts(repos: Repos, accounts: string[], eligible: Eligibility): Promise<MemberCandidate[]> {
  const unique = [...new Set(accounts.map((a) => a.toLowerCase()))];
  const allowed = (c: MemberCandidate) => eligible === false || mayJoinGroups(eligible === 'anyState' ? { ...c, enabled: true } : c);
  const found = (await repos.groups.candidatesByAccounts(unique)).filter(allowed);
  if (found.length !== unique.length) {
    const missing = unique.filter((a) => !found.some((r) => r.account === a));
    throw new AppError(CODE.unknownUsers, { accounts: missing.join(', ') });
  }
  return found;
}
