import { CODE } from '../../contract/codes.js';
import { AppError } from '../platform/lib/errors.js';
import type { Repos } from '../composition/repositories.js';

/**
 * No administrator reads or changes another administrator's credentials (password, texted-code
 * phone, second factors, activation): otherwise a system administrator could become the audit
 * administrator by resetting their password. Their own go through the personal centre.
 */
export async function refuseAdministratorCredentials(repos: Repos, actorRef: number, targetRef: number): Promise<void> {
  if (actorRef === targetRef) return;
  if (await repos.access.dutyOf(targetRef)) throw new AppError(CODE.adminCredentials);
}
