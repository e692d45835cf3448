import { Client, type Entry } from 'ldapts';
import type { Config } from '../../platform/config.js';
import type { DirectoryMapping } from '../../../contract/schemas/admin/directory.js';

/** Entries per page: Active Directory's MaxPageSize (1,000), so no server cuts a page short and few round trips are made. */
const PAGE_SIZE = 1000;
const TIMEOUT_MS = 30_000;

/** The raw entries of one read: the base entry, OUs, groups and people (all, or those changed since the mark). */
export interface DirectoryRead {
  base: Entry;
  ous: Entry[];
  groups: Entry[];
  people: Entry[];
}

/** Any failure to reach, bind to or search the directory; nothing has been written when it is thrown. */
export class DirectoryUnreachable extends Error {}

/** Binary attributes the mapping may name (AD's GUID); ldapts would otherwise decode them as text. */
const BINARY = ['objectGUID'];

/** The attributes a person's entry is read with: only those the mapping uses. */
function personAttributes(m: DirectoryMapping): string[] {
  return [m.keyAttribute, m.accountAttribute, m.nameAttribute, m.emailAttribute, m.mobileAttribute, m.disabledAttribute, m.departmentAttribute, m.changeAttribute].filter(Boolean);
}

/**
 * Reads everything a sync needs with paged searches, in one connection bound as LDAP_BIND_DN.
 * `since`: only people whose change attribute is at or past this mark (an incremental run);
 * OUs and groups are always read whole (few, and membership needs them all).
 */
export async function readDirectory(ldap: NonNullable<Config['ldap']>, mapping: DirectoryMapping, since: string | null): Promise<DirectoryRead> {
  const client = new Client({ url: ldap.url, timeout: TIMEOUT_MS, connectTimeout: 5000 });
  try {
    if (ldap.bindDn) await client.bind(ldap.bindDn, ldap.bindPassword);
    const search = async (scope: 'base' | 'sub', filter: string, attributes: string[]) =>
      (await client.search(ldap.baseDn, { scope, filter, attributes, paged: scope === 'sub' ? { pageSize: PAGE_SIZE } : false, explicitBufferAttributes: BINARY })).searchEntries;
    const [base] = await search('base', '(objectClass=*)', [mapping.keyAttribute, 'o', 'dc', 'ou']);
    if (!base) throw new DirectoryUnreachable(`base ${ldap.baseDn} not found`);
    const ous = await search('sub', mapping.ouFilter, [mapping.keyAttribute, 'ou']);
    const groups = await search('sub', mapping.groupFilter, [mapping.keyAttribute, 'cn', 'member', 'uniqueMember']);
    const userFilter = since ? `(&${mapping.userFilter}(${mapping.changeAttribute}>=${since}))` : mapping.userFilter;
    const people = await search('sub', userFilter, personAttributes(mapping));
    return { base, ous, groups, people };
  } catch (error) {
    if (error instanceof DirectoryUnreachable) throw error;
    throw new DirectoryUnreachable(error instanceof Error ? error.message : String(error));
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
