import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { adminDepartmentsRepo } from '../organisation/departmentsRepository.js';
import { adminUsersRepo } from '../organisation/usersAdminRepository.js';
import { adminAppsRepo } from '../apps/adminRepository.js';
import { adminSignOnRepo } from '../apps/signOnRepository.js';
import { adminGroupsRepo } from '../groups/adminRepository.js';
import { adminRequestsRepo } from '../requests/adminRepository.js';
import { adminNoticesRepo } from '../notices/adminRepository.js';
import { adminAuditRepo } from '../audit/adminRepository.js';
import { adminSessionsRepo } from '../sessions/adminRepository.js';
import { adminScimTokensRepo } from '../protocols/scim/tokensAdminRepository.js';
import { adminPasswordHistoryRepo } from '../passwords/historyRepository.js';
import { adminStatsRepo } from '../dashboard/statsRepository.js';
import { policyVersionsRepo } from '../policies/versionsRepository.js';
import { adminRegistrationsRepo } from '../registrations/adminRepository.js';
import { directorySyncRepo } from '../protocols/directory/syncRepository.js';
import { adminUpstreamRepo } from '../broker/adminRepository.js';

/** The workbench's queries (`repos.admin.users.search(…)`): organisation-wide, for administrators only. */
export function buildAdminRepos(db: Kysely<Database>) {
  return {
    departments: adminDepartmentsRepo(db),
    users: adminUsersRepo(db),
    apps: adminAppsRepo(db),
    signOn: adminSignOnRepo(db),
    groups: adminGroupsRepo(db),
    requests: adminRequestsRepo(db),
    notices: adminNoticesRepo(db),
    audit: adminAuditRepo(db),
    sessions: adminSessionsRepo(db),
    scimTokens: adminScimTokensRepo(db),
    passwordHistory: adminPasswordHistoryRepo(db),
    stats: adminStatsRepo(db),
    policyVersions: policyVersionsRepo(db),
    registrations: adminRegistrationsRepo(db),
    directory: directorySyncRepo(db),
    upstream: adminUpstreamRepo(db),
  };
}
