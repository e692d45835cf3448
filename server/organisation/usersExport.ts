import type { AdminUsersRepo, UserSearch } from './usersAdminRepository.js';
import { IMPORT_COLUMNS } from '../../contract/schemas/admin/usersImport.js';
import type { TreeIndex } from './tree.js';
import { csvLine } from './usersCsv.js';
import { iso } from './usersFields.js';

/** Rows read per query: a page of the account index, so memory stays flat however many people match. */
const EXPORT_PAGE = 500;

/** The import's columns first (an export can be edited and imported again), then the account's state. */
const HEADER = [...IMPORT_COLUMNS, 'position', 'enabled', 'locked', 'passwordExpired', 'created'];

/**
 * The filtered people as CSV lines, a UTF-8 byte-order mark first (spreadsheets then read the
 * Chinese names right). Each page is fetched after the previous one was consumed, keyed on the
 * last account written, so nothing is buffered beyond one page and rows inserted meanwhile
 * neither repeat nor shift the pages.
 */
export async function* usersExport(repo: AdminUsersRepo, search: UserSearch, tree: TreeIndex): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}`;
  let after: string | null = null;
  for (;;) {
    const rows = await repo.searchAfter(search, after, EXPORT_PAGE);
    if (!rows.length) return;
    let chunk = '';
    for (const u of rows) {
      chunk += csvLine([
        u.account, u.userName, u.userType, u.mobileNo, u.email, u.deptRef !== null && tree.find(u.deptRef) ? tree.path(u.deptRef) : null, u.positionName,
        u.enabled, u.lockedUntil !== null && u.lockedUntil > search.now, u.passwordExpireAt !== null && u.passwordExpireAt <= search.now, iso(u.createdAt),
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1].account;
  }
}
