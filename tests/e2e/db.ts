import Database from 'better-sqlite3';

/**
 * Straight writes into one worker's database (the `db` fixture of tests/e2e/support.ts, on the
 * file its portal uses), for a starting point no product action makes or restores: a bound
 * phone cannot be unbound, the demo password is on the common-password list.
 */
export interface DemoDb {
  file: string;
  /** Writes columns of an account. */
  setUserColumns(account: string, values: Record<string, string | number | null>): void;
  /** Lets an account use an application (by client id), as an administrator's grant would. */
  grantApp(account: string, clientId: string): void;
  /** The display name of an account, as the portal's claims carry it. */
  userNameOf(account: string): string;
  /**
   * Gives an account an authenticator app, a passkey named `passkeyName` and ten recovery codes,
   * as records only (nobody signs in with them): what the workbench shows and removes. Answers
   * the account's id.
   */
  giveFactors(account: string, passkeyName: string): number;
  /** Takes an account's authenticator app, recovery codes and passkeys away. */
  forgetFactors(account: string): void;
  /** Snapshots some columns of an account and answers a function that writes them back. */
  keepUserColumns(account: string, columns: readonly string[]): () => void;
  /** Anything else, in one connection (closed afterwards). */
  run<T>(work: (db: Database.Database) => T): T;
}

export function demoDb(file: string): DemoDb {
  const run = <T>(work: (db: Database.Database) => T): T => {
    const db = new Database(file, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    file,
    run,
    setUserColumns(account, values) {
      const columns = Object.keys(values);
      run((db) => db.prepare(`UPDATE users SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE user_id = @account`).run({ ...values, account }));
    },
    grantApp(account, clientId) {
      run((db) => db.prepare(`INSERT INTO user_apps (user_ref, app_ref, granted_at)
        SELECT u.id, a.id, @now FROM users u, apps a WHERE u.user_id = @account AND a.client_id = @clientId
        AND NOT EXISTS (SELECT 1 FROM user_apps g WHERE g.user_ref = u.id AND g.app_ref = a.id)`).run({ account, clientId, now: Date.now() }));
    },
    userNameOf(account) {
      return run((db) => (db.prepare('SELECT user_name AS name FROM users WHERE user_id = ?').get(account) as { name: string }).name);
    },
    giveFactors(account, passkeyName) {
      return run((db) => {
        const { id } = db.prepare('SELECT id FROM users WHERE user_id = ?').get(account) as { id: number };
        const now = Date.now();
        db.prepare(`INSERT OR REPLACE INTO totp_factors (user_ref, secret_enc, confirmed_at, created_at, failures) VALUES (?, 'sealed', ?, ?, 0)`).run(id, now, now);
        db.prepare(`INSERT INTO passkeys (user_ref, credential_id, public_key, counter, transports, name, user_handle, device_type, backed_up, created_at)
          VALUES (?, ?, 'key', 0, '["internal"]', ?, 'handle', 'singleDevice', 0, ?)`).run(id, `cred-${account}-${now}`, passkeyName, now);
        const code = db.prepare('INSERT INTO recovery_codes (user_ref, code_hash, created_at) VALUES (?, ?, ?)');
        for (let i = 0; i < 10; i++) code.run(id, `hash-${account}-${now}-${i}`, now);
        return id;
      });
    },
    forgetFactors(account) {
      run((db) => {
        for (const table of ['totp_factors', 'recovery_codes', 'passkeys']) {
          db.prepare(`DELETE FROM ${table} WHERE user_ref = (SELECT id FROM users WHERE user_id = ?)`).run(account);
        }
      });
    },
    keepUserColumns(account, columns) {
      const saved = run((db) => db.prepare(`SELECT ${columns.join(', ')} FROM users WHERE user_id = ?`).get(account) as Record<string, unknown> | undefined);
      if (!saved) throw new Error(`${account} does not exist`);
      return () => run((db) => db.prepare(`UPDATE users SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE user_id = @account`).run({ ...saved, account }));
    },
  };
}
