import { Client } from 'ldapts';
import type { Config } from '../../platform/config.js';

export interface DirectoryEntry {
  dn: string;
  account: string;
  name: string | null;
  mail: string | null;
}

/** RFC 4515 escaping, so an account name can never change the shape of the search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const first = (v: unknown): string | null => (Array.isArray(v) ? (v[0] ? String(v[0]) : null) : v ? String(v) : null);

/**
 * Authenticates against the company directory: a service bind finds the one entry matching the
 * account, then a bind as that entry proves the password. Unknown account, several matches,
 * wrong password and an empty password all answer null.
 */
export async function authenticateInDirectory(ldap: NonNullable<Config['ldap']>, account: string, password: string): Promise<DirectoryEntry | null> {
  // An empty password would be an unauthenticated bind, which LDAP servers accept.
  if (!account || !password) return null;
  const search = new Client({ url: ldap.url, timeout: 5000, connectTimeout: 5000 });
  let entry: Record<string, unknown> & { dn: string };
  try {
    if (ldap.bindDn) await search.bind(ldap.bindDn, ldap.bindPassword);
    const filter = ldap.userFilter.replaceAll('{0}', escapeFilterValue(account));
    const { searchEntries } = await search.search(ldap.baseDn, { scope: 'sub', filter, sizeLimit: 2, attributes: ['uid', 'sAMAccountName', 'cn', 'displayName', 'mail'] });
    if (searchEntries.length !== 1) return null;
    entry = searchEntries[0];
  } finally {
    await search.unbind().catch(() => undefined);
  }
  const user = new Client({ url: ldap.url, timeout: 5000, connectTimeout: 5000 });
  try {
    await user.bind(entry.dn, password);
  } catch {
    return null;
  } finally {
    await user.unbind().catch(() => undefined);
  }
  return {
    dn: entry.dn.toLowerCase(),
    account: first(entry.uid) ?? first(entry.sAMAccountName) ?? account,
    name: first(entry.displayName) ?? first(entry.cn),
    mail: first(entry.mail),
  };
}
