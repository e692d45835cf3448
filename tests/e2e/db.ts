import Database from 'better-sqlite3';

/** This run's database, where playwright.config.ts puts it. */
export const DB_FILE = `.tmp/e2e-${process.env.E2E_PORT ?? 18090}/idaas.db`;

/**
 * Writes columns of an account straight into the run's database, for a starting point no
 * product action restores (a bound phone cannot be unbound, only stopped).
 */
export function setUserColumns(account: string, values: Record<string, string | number | null>): void {
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const columns = Object.keys(values);
    db.prepare(`UPDATE users SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE user_id = @account`).run({ ...values, account });
  } finally {
    db.close();
  }
}
