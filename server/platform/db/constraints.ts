/**
 * Which constraint of the store refused a write, on both drivers (PostgreSQL's SQLSTATE,
 * better-sqlite3's extended code). Only these mean "the data says no" (a 409 with a result code);
 * anything else — a busy file, a dropped connection — stays an error of its own, so a store that
 * could not answer is never reported as a conflict it did not find.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return codeOf(error) === '23503' || codeOf(error) === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function codeOf(error: unknown): unknown {
  return error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}
