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

/** Lets an account use an application (by client id), as an administrator's grant would. */
export function grantApp(account: string, clientId: string): void {
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(`INSERT INTO user_apps (user_ref, app_ref, granted_at)
      SELECT u.id, a.id, @now FROM users u, apps a WHERE u.user_id = @account AND a.client_id = @clientId
      AND NOT EXISTS (SELECT 1 FROM user_apps g WHERE g.user_ref = u.id AND g.app_ref = a.id)`).run({ account, clientId, now: Date.now() });
  } finally {
    db.close();
  }
}

/** The display name of an account, as the portal's claims carry it. */
export function userNameOf(account: string): string {
  const db = new Database(DB_FILE, { fileMustExist: true, readonly: true });
  try {
    return (db.prepare('SELECT user_name AS name FROM users WHERE user_id = ?').get(account) as { name: string }).name;
  } finally {
    db.close();
  }
}

/**
 * Gives an account an authenticator app, a passkey named `passkeyName` and ten recovery codes,
 * as records only (nobody signs in with them): what the workbench shows and removes. Answers the
 * account's id.
 */
export function giveFactors(account: string, passkeyName: string): number {
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { id } = db.prepare('SELECT id FROM users WHERE user_id = ?').get(account) as { id: number };
    const now = Date.now();
    db.prepare(`INSERT OR REPLACE INTO totp_factors (user_ref, secret_enc, confirmed_at, created_at, failures) VALUES (?, 'sealed', ?, ?, 0)`).run(id, now, now);
    db.prepare(`INSERT INTO passkeys (user_ref, credential_id, public_key, counter, transports, name, user_handle, device_type, backed_up, created_at)
      VALUES (?, ?, 'key', 0, '["internal"]', ?, 'handle', 'singleDevice', 0, ?)`).run(id, `cred-${account}-${now}`, passkeyName, now);
    const code = db.prepare('INSERT INTO recovery_codes (user_ref, code_hash, created_at) VALUES (?, ?, ?)');
    for (let i = 0; i < 10; i++) code.run(id, `hash-${account}-${now}-${i}`, now);
    return id;
  } finally {
    db.close();
  }
}
