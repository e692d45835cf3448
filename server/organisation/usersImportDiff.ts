import type { ImportChange } from '../../contract/schemas/admin/usersImport.js';

/** A person as an import row is compared with them. */
export interface ImportedFields {
  userName: string;
  userType: string;
  mobileNo: string | null;
  email: string | null;
  deptRef: number | null;
}

/** What a row says; null in type, phone, email or department: the cell was empty. */
export type RowFields = Omit<ImportedFields, 'userType'> & { userType: string | null };

/** A person's fields as users/update takes them: only those a row changes. */
export interface ImportPatch {
  userName?: string;
  userType?: 'STAFF' | 'TEMP' | 'PUBLIC_MAIL';
  mobileNo?: string;
  email?: string;
  deptId?: number;
}

/**
 * What a row changes of an existing person, field by field, with the department named by its
 * path. An empty cell changes nothing: a file that leaves phones out clears nobody's phone.
 */
export function importChanges(existing: ImportedFields, row: RowFields, deptPath: (id: number) => string): ImportChange[] {
  const changes: ImportChange[] = [];
  if (row.userName !== existing.userName) changes.push({ field: 'name', before: existing.userName, after: row.userName });
  if (row.userType !== null && row.userType !== existing.userType) changes.push({ field: 'type', before: existing.userType, after: row.userType });
  if (row.mobileNo !== null && row.mobileNo !== existing.mobileNo) changes.push({ field: 'phone', before: existing.mobileNo, after: row.mobileNo });
  if (row.email !== null && row.email !== existing.email) changes.push({ field: 'email', before: existing.email, after: row.email });
  if (row.deptRef !== null && row.deptRef !== existing.deptRef) {
    changes.push({ field: 'department', before: existing.deptRef === null ? null : deptPath(existing.deptRef), after: deptPath(row.deptRef) });
  }
  return changes;
}

/** The update that makes exactly these changes. */
export function importPatch(row: RowFields, changes: readonly ImportChange[]): ImportPatch {
  const patch: ImportPatch = {};
  for (const { field } of changes) {
    if (field === 'name') patch.userName = row.userName;
    else if (field === 'type') patch.userType = row.userType as ImportPatch['userType'];
    else if (field === 'phone') patch.mobileNo = row.mobileNo!;
    else if (field === 'email') patch.email = row.email!;
    else patch.deptId = row.deptRef!;
  }
  return patch;
}
