import { CODE } from '../../../contract/codes.js';
import { LIMITS } from '../../../contract/rules.js';
import type { DirectorySettings, SyncOutcome, SyncReportRow } from '../../../contract/schemas/admin/directory.js';
import type { DirectoryDepartment, DirectoryGroup, DirectoryPerson, MappedDirectory } from './mapping.js';
import type { PortalGroup, PortalPerson } from './syncRepository.js';

/** What the portal holds of the directory, read before planning. */
export interface PortalState {
  /** Departments by directory key. */
  departments: Map<string, { id: number; name: string; parentRef: number | null }>;
  /** People already from the directory, by key. */
  synced: Map<string, PortalPerson>;
  /** Local accounts (not from the directory) by account name and by DN. */
  localByAccount: Map<string, PortalPerson>;
  localByDn: Map<string, PortalPerson>;
  /** Numbers held by someone: a new person's directory number is then left out. */
  mobilesTaken: Set<string>;
  groups: Map<string, PortalGroup>;
  /** Members of the directory's groups as they are now, with the DN that links each to the directory. */
  groupMembers: Map<number, { userRef: number; dn: string | null }[]>;
  groupCodesTaken: Set<string>;
}

/** A person's change: what to set, and why it counts (moved, updated, disabled, re-enabled). */
export interface PersonChange {
  id: number;
  person: DirectoryPerson;
  set: { key?: string; dn?: string; account?: string; userName?: string; email?: string | null; mobileNo?: string; deptKey?: string; enabled?: boolean; gone?: boolean };
  outcomes: SyncOutcome[];
  endSessions: boolean;
}

/** A group of the directory already in the portal: its new name, and the members to add (by DN) and remove. */
export interface GroupChange {
  id: number;
  name: string;
  dn: string;
  rename: boolean;
  addDns: string[];
  removeRefs: number[];
}

export interface SyncPlan {
  departments: { create: DirectoryDepartment[]; update: (DirectoryDepartment & { id: number })[] };
  create: (DirectoryPerson & { mobileNo: string | null })[];
  change: PersonChange[];
  /** People the directory no longer has (full pass only): disabled, sessions ended. */
  gone: PortalPerson[];
  groups: { create: (DirectoryGroup & { code: string })[]; update: GroupChange[] };
  report: Record<SyncOutcome, SyncReportRow[]>;
  counts: Record<SyncOutcome, number>;
}

/** Rows kept per outcome in a stored report; the counts are always complete. */
export const REPORT_ROWS_MAX = 500;

const emptyOutcomes = <T>(make: () => T): Record<SyncOutcome, T> =>
  ({ created: make(), updated: make(), moved: make(), disabled: make(), reenabled: make(), skipped: make(), failed: make() });

/**
 * Compares the directory with the portal and decides every change before anything is written, so
 * a dry run answers exactly what a real run would do and an unreadable directory changes nothing.
 * People are matched by the directory's key; failing that, a local account linked at sign-in to
 * the same DN is the same person; failing that, a local account of the same name is a conflict
 * settled by the rule (link / skip / report). Only a full pass knows who is gone.
 */
export function planSync(dir: MappedDirectory, portal: PortalState, settings: DirectorySettings, full: boolean): SyncPlan {
  const report = emptyOutcomes<SyncReportRow[]>(() => []);
  const counts = emptyOutcomes(() => 0);
  const note = (outcome: SyncOutcome, row: SyncReportRow) => {
    counts[outcome]++;
    if (report[outcome].length < REPORT_ROWS_MAX) report[outcome].push(row);
  };
  const plan: SyncPlan = { departments: { create: [], update: [] }, create: [], change: [], gone: [], groups: { create: [], update: [] }, report, counts };

  // Departments: created or renamed/moved by key; parents first.
  const depts = [...dir.departments].sort((a, b) => a.depth - b.depth);
  for (const d of depts) {
    const existing = portal.departments.get(d.key);
    if (!existing) {
      plan.departments.create.push(d);
      note('created', { kind: 'department', name: d.name, dn: null, reason: 'new in the directory' });
      continue;
    }
    const parentRef = d.parentKey === null ? null : portal.departments.get(d.parentKey)?.id ?? -1;
    if (existing.name !== d.name || existing.parentRef !== parentRef) {
      plan.departments.update.push({ ...d, id: existing.id });
      note(existing.parentRef !== parentRef ? 'moved' : 'updated', { kind: 'department', name: d.name, dn: null, reason: existing.name !== d.name ? `renamed from ${existing.name}` : 'moved in the directory' });
    }
  }
  const deptKeyOf = new Map([...portal.departments].map(([key, v]) => [v.id, key]));

  const mobilesOffered = new Set<string>();
  const syncedByAccount = new Map([...portal.synced.values()].map((p) => [p.account, p]));
  const keysRead = new Set(dir.people.map((p) => p.key));
  const relinked = new Set<number>();
  /** Each matched person's DN once this run has written: group members are compared by it. */
  const dnAfter = new Map<number, string>();

  for (const person of dir.people) {
    const row = (reason: string): SyncReportRow => ({ kind: 'user', name: person.account, dn: person.dn, reason });
    let current = portal.synced.get(person.key);
    const set: PersonChange['set'] = {};
    const outcomes: SyncOutcome[] = [];
    const sameName = current ? undefined : syncedByAccount.get(person.account);
    if (sameName && sameName.key !== null && !keysRead.has(sameName.key) && (full || sameName.gone)) {
      // The directory re-created the entry (a new key, e.g. OpenLDAP's entryUUID after a delete and add): the same person.
      current = sameName;
      set.key = person.key;
      relinked.add(sameName.id);
    } else if (sameName) {
      note('failed', row(`another directory entry holds the account ${person.account}`));
      continue;
    }
    if (!current) {
      const bound = portal.localByDn.get(person.dn);
      const local = bound ?? portal.localByAccount.get(person.account);
      if (local && !bound) {
        if (settings.conflictRule === 'skip') { note('skipped', row(`local account ${local.account} exists (conflict rule: skip)`)); continue; }
        if (settings.conflictRule === 'report') { note('failed', row(`local account ${local.account} exists (conflict rule: report)`)); continue; }
      }
      if (local) {
        current = local;
        set.key = person.key;
        outcomes.push('updated');
        note('updated', row(bound ? 'linked: signed in with this directory account before' : 'linked to the local account of the same name'));
      }
    }
    if (!current) {
      // A portal account of another person may hold the name (not from the directory, handled above) or a number.
      const offered = person.mobileNo && !portal.mobilesTaken.has(person.mobileNo) && !mobilesOffered.has(person.mobileNo) ? person.mobileNo : null;
      if (offered) mobilesOffered.add(offered);
      plan.create.push({ ...person, mobileNo: offered });
      note('created', row(person.disabled ? 'new in the directory (disabled there)' : 'new in the directory'));
      continue;
    }
    const fields: string[] = [];
    if (current.account !== person.account) {
      const takenLocally = portal.localByAccount.get(person.account);
      if (takenLocally && takenLocally.id !== current.id) {
        note('failed', row(`renamed from ${current.account}, but the local account ${person.account} exists`));
        continue;
      }
      set.account = person.account;
      fields.push(`account ${current.account} → ${person.account}`);
    }
    if (current.userName !== person.userName) { set.userName = person.userName; fields.push('name'); }
    if (current.email !== person.email) { set.email = person.email; fields.push('email'); }
    if (current.dn !== person.dn) set.dn = person.dn;
    if (!current.mobileNo && person.mobileNo && !portal.mobilesTaken.has(person.mobileNo) && !mobilesOffered.has(person.mobileNo)) {
      // The directory's number only fills an empty phone: one the person bound is theirs.
      mobilesOffered.add(person.mobileNo);
      set.mobileNo = person.mobileNo;
      fields.push('phone (was empty)');
    }
    const currentDeptKey = current.deptRef === null ? null : deptKeyOf.get(current.deptRef) ?? null;
    if (currentDeptKey !== person.deptKey) {
      set.deptKey = person.deptKey;
      outcomes.push('moved');
      note('moved', row('moved in the directory'));
    }
    let endSessions = false;
    const disabledThere = person.disabled === true;
    if (current.gone || (person.disabled === false && !current.enabled && current.key !== null)) {
      // Back in the directory (or enabled there again): enabled again, unless the directory disables them.
      if (!disabledThere) {
        set.enabled = true;
        set.gone = false;
        outcomes.push('reenabled');
        note('reenabled', row(current.gone ? 'back in the directory' : 'enabled in the directory'));
      } else if (current.gone) set.gone = false;
    }
    if (disabledThere && current.enabled) {
      set.enabled = false;
      endSessions = true;
      outcomes.push('disabled');
      note('disabled', row('disabled in the directory'));
    }
    if (fields.length && !outcomes.includes('updated')) {
      outcomes.push('updated');
      note('updated', row(fields.join(', ')));
    }
    dnAfter.set(current.id, person.dn);
    if (Object.keys(set).length) plan.change.push({ id: current.id, person, set, outcomes, endSessions });
  }

  for (const u of dir.unmapped) note('failed', { kind: 'user', name: u.name, dn: u.dn, reason: `${u.code} ${u.field}` });

  if (full) {
    const present = new Set(dir.people.map((p) => p.key));
    for (const u of dir.unmapped) present.add(`dn:${u.dn}`);
    const unmappedDns = new Set(dir.unmapped.map((u) => u.dn));
    for (const [key, current] of portal.synced) {
      // An entry still there but unmappable is a failure above, not a departure.
      if (present.has(key) || relinked.has(current.id) || (current.dn && unmappedDns.has(current.dn)) || current.gone) continue;
      plan.gone.push(current);
      note('disabled', { kind: 'user', name: current.account, dn: current.dn, reason: 'no longer in the directory' });
    }
  }

  for (const g of dir.groups) {
    const existing = portal.groups.get(g.key);
    if (existing) {
      const now = (portal.groupMembers.get(existing.id) ?? []).map((m) => ({ ...m, dn: dnAfter.get(m.userRef) ?? m.dn }));
      const wanted = new Set(g.memberDns);
      const nowDns = new Set(now.map((m) => m.dn));
      // People the portal knows only by a DN the directory dropped, or added by hand: the directory owns these groups' members.
      const removeRefs = now.filter((m) => m.dn === null || !wanted.has(m.dn)).map((m) => m.userRef);
      const addDns = g.memberDns.filter((dn) => !nowDns.has(dn));
      const rename = existing.name !== g.name;
      if (!rename && !removeRefs.length && !addDns.length) continue;
      plan.groups.update.push({ id: existing.id, name: g.name.slice(0, LIMITS.groupNameMax), dn: g.dn, rename, addDns, removeRefs });
      const reasons = [rename ? `renamed from ${existing.name}` : '', addDns.length || removeRefs.length ? `members +${addDns.length} −${removeRefs.length}` : ''].filter(Boolean);
      note('updated', { kind: 'group', name: g.name, dn: g.dn, reason: reasons.join(', ') });
      continue;
    }
    const code = g.name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').slice(0, LIMITS.groupCodeMax);
    if (portal.groupCodesTaken.has(code)) {
      note('failed', { kind: 'group', name: g.name, dn: g.dn, reason: `${CODE.groupCodeTaken} group code ${code} is taken by a portal group` });
      continue;
    }
    portal.groupCodesTaken.add(code);
    plan.groups.create.push({ ...g, name: g.name.slice(0, LIMITS.groupNameMax), code });
    note('created', { kind: 'group', name: g.name, dn: g.dn, reason: `new in the directory, ${g.memberDns.length} members` });
  }
  return plan;
}
