import { CODE } from '../../../contract/codes.js';
import { AppError } from '../../domain/errors.js';
import type { MemberCandidate } from '../../repositories/groups.js';
import type { Repos } from '../../repositories/index.js';
import { mayJoinGroups } from '../groups.js';

/**
 * The accounts named in a workbench action, each once. Unknown accounts — and, when `eligible`,
 * those the personal centre's group rules turn away (disabled people, shared mailboxes) — refuse
 * the whole action, named in the answer (E20301), as the personal centre does.
 */
export async function peopleByAccounts(repos: Repos, accounts: string[], eligible: boolean): Promise<MemberCandidate[]> {
  const unique = [...new Set(accounts.map((a) => a.toLowerCase()))];
  const found = (await repos.groups.candidatesByAccounts(unique)).filter((c) => !eligible || mayJoinGroups(c));
  if (found.length !== unique.length) {
    const missing = unique.filter((a) => !found.some((r) => r.account === a));
    throw new AppError(CODE.unknownUsers, { accounts: missing.join(', ') });
  }
  return found;
}
