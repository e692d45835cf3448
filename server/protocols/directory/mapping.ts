import type { Entry } from 'ldapts';
import { CODE, type ResultCode } from '../../../contract/codes.js';
import { LIMITS } from '../../../contract/rules.js';
import type { DirectoryMapping } from '../../../contract/schemas/admin/directory.js';
import { accountProblem, emailProblem, mobileProblem } from '../../organisation/usersFields.js';
import { guidText, memberDn, normDn, parentDn } from './dn.js';
import type { DirectoryRead } from './reader.js';

/** A person as the directory has them, in the portal's terms. */
export interface DirectoryPerson {
  key: string;
  dn: string;
  account: string;
  userName: string;
  email: string | null;
  mobileNo: string | null;
  /** Only when the mapping names a disabled attribute (AD); null: the directory does not say. */
  disabled: boolean | null;
  deptKey: string;
}

export interface DirectoryDepartment {
  key: string;
  name: string;
  /** null: the top of the tree (the base entry, a company). */
  parentKey: string | null;
  depth: number;
}

export interface DirectoryGroup {
  key: string;
  dn: string;
  name: string;
  /** People's DNs, nested groups flattened. */
  memberDns: string[];
}

/** An entry that cannot become a person: its DN and the code that says why. */
export interface Unmapped {
  dn: string;
  name: string;
  code: ResultCode;
  field: string;
}

export interface MappedDirectory {
  departments: DirectoryDepartment[];
  groups: DirectoryGroup[];
  people: DirectoryPerson[];
  unmapped: Unmapped[];
  /** The highest change mark among the people read (the next incremental run's start). */
  mark: string | null;
}

/** An entry's attributes by lower-case name, made once per entry (LDAP attribute names are case-insensitive). */
const byLowerName = new WeakMap<Entry, Map<string, unknown>>();
function attributes(entry: Entry): Map<string, unknown> {
  let map = byLowerName.get(entry);
  if (!map) {
    map = new Map(Object.entries(entry).map(([k, v]) => [k.toLowerCase(), v]));
    byLowerName.set(entry, map);
  }
  return map;
}

/** The first value of an attribute as text (the GUID of AD in its text form), or null. */
function value(entry: Entry, attribute: string): string | null {
  if (!attribute) return null;
  const raw = attributes(entry).get(attribute.toLowerCase());
  const one = Array.isArray(raw) ? raw[0] : raw;
  if (one === undefined || one === null) return null;
  if (Buffer.isBuffer(one)) return one.length === 16 ? guidText(one) : one.toString('hex');
  const text = String(one).trim();
  return text || null;
}

function values(entry: Entry, attribute: string): string[] {
  const raw = attributes(entry).get(attribute.toLowerCase()) ?? [];
  return (Array.isArray(raw) ? raw : [raw]).map(String).filter(Boolean);
}

/** AD's userAccountControl: bit 2 (0x2, ACCOUNTDISABLE). Any other attribute: TRUE / 1 means disabled. */
function isDisabled(raw: string | null, attribute: string): boolean {
  if (raw === null) return false;
  if (attribute.toLowerCase() === 'useraccountcontrol') return (Number(raw) & 2) === 2;
  return /^(true|1|yes)$/i.test(raw);
}

const laterMark = (a: string | null, b: string | null, numeric: boolean): string | null => {
  if (a === null) return b;
  if (b === null) return a;
  return (numeric ? Number(b) > Number(a) : b > a) ? b : a;
};

/**
 * The department tree: the base entry is the company at the top; each OU a department under the
 * nearest OU above it (or the company). With `departmentSource: attribute` the tree is instead
 * made of the paths people's attribute names ("Sales/East"), keyed by the path.
 */
function departmentsOf(read: DirectoryRead, mapping: DirectoryMapping, baseKey: string, baseDn: string): { nodes: DirectoryDepartment[]; byDn: Map<string, string> } {
  const baseName = value(read.base, 'o') ?? value(read.base, 'ou') ?? value(read.base, 'dc') ?? baseDn;
  const nodes: DirectoryDepartment[] = [{ key: baseKey, name: baseName.slice(0, LIMITS.deptNameMax), parentKey: null, depth: 0 }];
  const byDn = new Map<string, string>([[baseDn, baseKey]]);
  if (mapping.departmentSource !== 'ou') return { nodes, byDn };
  const ous = read.ous.map((e) => ({ dn: normDn(e.dn), key: value(e, mapping.keyAttribute)?.toLowerCase(), name: value(e, 'ou') })).filter((o) => o.key && o.name && o.dn !== baseDn);
  for (const ou of ous) byDn.set(ou.dn, ou.key!);
  for (const ou of ous) {
    let parent = parentDn(ou.dn);
    let depth = 1;
    while (parent && !byDn.has(parent)) parent = parentDn(parent);
    for (let p = parent; p && p !== baseDn; p = parentDn(p)) if (byDn.has(p)) depth++;
    nodes.push({ key: ou.key!, name: ou.name!.slice(0, LIMITS.deptNameMax), parentKey: parent ? byDn.get(parent)! : baseKey, depth });
  }
  return { nodes, byDn };
}

/** The department an entry sits in: its nearest OU, else the company. */
function placeOf(dn: string, byDn: Map<string, string>, baseKey: string): string {
  for (let p = parentDn(dn); p; p = parentDn(p)) {
    const key = byDn.get(p);
    if (key) return key;
  }
  return baseKey;
}

/** A department path from an attribute, made into nodes (once each) under the company; the key of the last. */
function pathNode(path: string, baseKey: string, nodes: DirectoryDepartment[], known: Set<string>): string {
  const names = path.split('/').map((n) => n.trim()).filter(Boolean);
  let parentKey = baseKey;
  names.forEach((name, i) => {
    const key = `path:${names.slice(0, i + 1).join('/').toLowerCase()}`.slice(0, 64);
    if (!known.has(key)) {
      known.add(key);
      nodes.push({ key, name: name.slice(0, LIMITS.deptNameMax), parentKey, depth: i + 1 });
    }
    parentKey = key;
  });
  return parentKey;
}

/** Groups with nested groups flattened: a member that is a group contributes its members, cycles ignored. */
function groupsOf(read: DirectoryRead, mapping: DirectoryMapping): DirectoryGroup[] {
  const raw = read.groups.map((e) => ({
    dn: normDn(e.dn), key: value(e, mapping.keyAttribute)?.toLowerCase() ?? null, name: value(e, 'cn'),
    members: [...values(e, 'member'), ...values(e, 'uniqueMember')].map(memberDn),
  }));
  const byDn = new Map(raw.map((g) => [g.dn, g]));
  const flatten = (dn: string, seen: Set<string>, out: Set<string>) => {
    for (const m of byDn.get(dn)?.members ?? []) {
      if (byDn.has(m)) {
        if (!seen.has(m)) {
          seen.add(m);
          flatten(m, seen, out);
        }
      } else out.add(m);
    }
  };
  return raw.filter((g) => g.key && g.name).map((g) => {
    const out = new Set<string>();
    flatten(g.dn, new Set([g.dn]), out);
    return { key: g.key!, dn: g.dn, name: g.name!, memberDns: [...out] };
  });
}

/** One person's entry checked by the rules an import holds each row to (usersFields.ts). */
function personOf(e: Entry, mapping: DirectoryMapping, deptKey: string): DirectoryPerson | Unmapped {
  const dn = normDn(e.dn);
  const key = value(e, mapping.keyAttribute)?.toLowerCase();
  const account = value(e, mapping.accountAttribute)?.toLowerCase() ?? '';
  const userName = value(e, mapping.nameAttribute) ?? account;
  const email = value(e, mapping.emailAttribute);
  const mobile = value(e, mapping.mobileAttribute)?.replace(/[\s-]/g, '') ?? null;
  const refuse = (code: ResultCode, field: string): Unmapped => ({ dn, name: account || dn, code, field });
  if (!key) return refuse(CODE.importFieldMissing, mapping.keyAttribute);
  if (!account) return refuse(CODE.importFieldMissing, mapping.accountAttribute);
  if (account.length > LIMITS.accountMax || accountProblem(account)) return refuse(CODE.accountNameInvalid, mapping.accountAttribute);
  if (userName.length > LIMITS.userNameMax) return refuse(CODE.importFieldTooLong, mapping.nameAttribute);
  if (email && (email.length > LIMITS.emailMax || emailProblem(email))) return refuse(CODE.emailInvalid, mapping.emailAttribute);
  return {
    key, dn, account, userName, email,
    // The directory's number only seeds an empty phone; a malformed one is not offered.
    mobileNo: mobile && !mobileProblem(mobile) ? mobile : null,
    disabled: mapping.disabledAttribute ? isDisabled(value(e, mapping.disabledAttribute), mapping.disabledAttribute) : null,
    deptKey,
  };
}

/** The raw read in the portal's terms: the tree, the groups, the people, and the entries that could not be mapped. */
export function mapDirectory(read: DirectoryRead, mapping: DirectoryMapping, baseDn: string): MappedDirectory {
  const base = normDn(baseDn);
  const baseKey = value(read.base, mapping.keyAttribute)?.toLowerCase() ?? `base:${base}`.slice(0, 64);
  const { nodes, byDn } = departmentsOf(read, mapping, baseKey, base);
  const known = new Set(nodes.map((n) => n.key));
  const people: DirectoryPerson[] = [];
  const unmapped: Unmapped[] = [];
  let mark: string | null = null;
  const numeric = mapping.changeAttribute === 'uSNChanged';
  const seenKeys = new Set<string>();
  const seenAccounts = new Set<string>();
  for (const e of read.people) {
    const path = mapping.departmentSource === 'attribute' ? value(e, mapping.departmentAttribute) : null;
    const deptKey = mapping.departmentSource === 'attribute'
      ? (path ? pathNode(path, baseKey, nodes, known) : baseKey)
      : placeOf(normDn(e.dn), byDn, baseKey);
    const person = personOf(e, mapping, deptKey);
    mark = laterMark(mark, value(e, mapping.changeAttribute), numeric);
    if ('code' in person) {
      unmapped.push(person);
    } else if (seenKeys.has(person.key) || seenAccounts.has(person.account)) {
      unmapped.push({ dn: person.dn, name: person.account, code: CODE.importDuplicateAccount, field: mapping.accountAttribute });
    } else {
      seenKeys.add(person.key);
      seenAccounts.add(person.account);
      people.push(person);
    }
  }
  return { departments: nodes, groups: groupsOf(read, mapping), people, unmapped, mark };
}
