import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { adminDepartmentsRepo } from './departments.js';
import { adminUsersRepo } from './users.js';
import { adminAppsRepo } from './apps.js';
import { adminGroupsRepo } from './groups.js';
import { adminRequestsRepo } from './requests.js';
import { adminNoticesRepo } from './notices.js';
import { adminAuditRepo } from './audit.js';
import { adminSessionsRepo } from './sessions.js';
import { adminScimTokensRepo } from './scimTokens.js';
import { adminPasswordHistoryRepo } from './passwordHistory.js';
import { adminStatsRepo } from './stats.js';

/** The workbench's queries (`repos.admin.users.search(…)`): organisation-wide, for administrators only. */
export function buildAdminRepos(db: Kysely<Database>) {
  return {
    departments: adminDepartmentsRepo(db),
    users: adminUsersRepo(db),
    apps: adminAppsRepo(db),
    groups: adminGroupsRepo(db),
    requests: adminRequestsRepo(db),
    notices: adminNoticesRepo(db),
    audit: adminAuditRepo(db),
    sessions: adminSessionsRepo(db),
    scimTokens: adminScimTokensRepo(db),
    passwordHistory: adminPasswordHistoryRepo(db),
    stats: adminStatsRepo(db),
  };
}
