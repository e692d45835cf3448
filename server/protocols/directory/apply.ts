import { DeptKind } from '../../../contract/enums.js';
import type { SyncOutcome } from '../../../contract/schemas/admin/directory.js';
import { indexTree } from '../../organisation/tree.js';
import type { Repos } from '../../composition/repositories.js';
import type { ServiceContext } from '../../composition/context.js';
import type { SyncPlan } from './plan.js';

/**
 * People per transaction: one multi-row INSERT and one of their roles. 900 rows of the 33 columns
 * written stay below SQLite's 32,766 bound parameters (the CSV import's 1,000 rows have 22).
 */
const CREATE_BATCH = 900;
/** Changed or departed people per transaction: one UPDATE each. */
const CHANGE_BATCH = 500;

export interface ApplyOptions {
  /** The EMPLOYEE role every person holds. */
  employeeRole: number;
  /** Who manages the groups the directory brings (the run's administrator). */
  managerRef: number;
  /** Renews the run's lease between batches; throws when it was lost. */
  keepAlive: () => Promise<void>;
}

function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes a plan, each batch one transaction, and counts what committed. A failure stops the run
 * where it is: batches already committed stay (each is whole and consistent), and the next run,
 * matching by the directory's keys, finds them done and carries on from there.
 */
export async function applyPlan(ctx: ServiceContext, plan: SyncPlan, opts: ApplyOptions, committed: Record<SyncOutcome, number>): Promise<void> {
  const now = ctx.clock.now();

  // The tree first (small: one transaction), parents before children.
  await ctx.transaction(async (repos) => {
    const keys = await repos.admin.directory.departmentKeys();
    let order = 0;
    for (const d of plan.departments.create) {
      const parentRef = d.parentKey === null ? null : keys.get(d.parentKey)?.id ?? null;
      const id = await repos.admin.directory.insertDepartment({ key: d.key, name: d.name, kind: d.parentKey === null ? DeptKind.COMPANY : DeptKind.DEPARTMENT, parentRef, sortOrder: order++, createdAt: now });
      keys.set(d.key, { id, name: d.name, parentRef });
    }
    for (const d of plan.departments.update) {
      await repos.admin.directory.updateDepartment(d.id, d.name, d.parentKey === null ? null : keys.get(d.parentKey)?.id ?? null);
    }
    if (plan.departments.update.length) {
      // People placed in a renamed node show its new name.
      const tree = indexTree(await repos.admin.departments.all());
      for (const d of plan.departments.update) {
        const place = tree.placement(d.id);
        await repos.admin.users.setOrgNames(d.id, place.companyName, place.deptName, now);
      }
    }
  });
  committed.created += plan.departments.create.length;
  for (const d of plan.departments.update) committed[d.parentKey === null ? 'updated' : 'moved']++;

  const deptIds = await ctx.repos.admin.directory.departmentKeys();
  const tree = indexTree(await ctx.repos.admin.departments.all());
  const placed = (key: string) => {
    const id = deptIds.get(key)!.id;
    return { deptRef: id, ...tree.placement(id) };
  };

  for (const batch of batches(plan.create, CREATE_BATCH)) {
    await opts.keepAlive();
    const inserted = await ctx.transaction(async (repos) => {
      const ids = await repos.admin.directory.insertPeople(batch.map((p) => ({
        key: p.key, dn: p.dn, account: p.account, userName: p.userName, email: p.email, mobileNo: p.mobileNo, ...placed(p.deptKey), enabled: p.disabled !== true, createdAt: now,
      })));
      await repos.admin.users.grantNewUsers([...ids.values()], opts.employeeRole);
      return ids;
    });
    committed.created += inserted.size;
    // Someone took the name or number between planning and writing: refused by the unique indexes.
    for (const p of batch) {
      if (inserted.has(p.key)) continue;
      committed.failed++;
      plan.counts.created--;
      plan.counts.failed++;
      plan.report.failed.push({ kind: 'user', name: p.account, dn: p.dn, reason: 'account name or number taken while the run was writing' });
    }
  }

  for (const batch of batches(plan.change, CHANGE_BATCH)) {
    await opts.keepAlive();
    await ctx.transaction(async (repos: Repos) => {
      for (const c of batch) {
        const { deptKey, ...set } = c.set;
        await repos.admin.directory.updatePerson(c.id, { ...set, ...(deptKey !== undefined && placed(deptKey)) }, now);
        if (c.endSessions) await repos.admin.directory.endSessions(c.id);
      }
    });
    for (const c of batch) for (const o of c.outcomes) committed[o]++;
  }

  for (const batch of batches(plan.gone, CHANGE_BATCH)) {
    await opts.keepAlive();
    await ctx.transaction(async (repos) => {
      for (const p of batch) {
        await repos.admin.directory.updatePerson(p.id, { enabled: false, gone: true }, now);
        await repos.admin.directory.endSessions(p.id);
      }
    });
    committed.disabled += batch.length;
  }

  // Groups last: their members are people this run may just have created. A DN no person of the
  // directory has (a member outside the user filter) adds nobody.
  const dns = [...new Set([...plan.groups.create.flatMap((g) => g.memberDns), ...plan.groups.update.flatMap((g) => g.addDns)])];
  const idsByDn = await ctx.repos.admin.directory.idsByDn(dns);
  const refsOf = (list: string[]) => [...new Set(list.map((dn) => idsByDn.get(dn)).filter((id): id is number => id !== undefined))];
  for (const g of plan.groups.create) {
    await opts.keepAlive();
    await ctx.transaction(async (repos) => {
      const id = await repos.admin.directory.insertGroup({ key: g.key, name: g.name, code: g.code, managerRef: opts.managerRef, createdAt: now });
      await repos.admin.directory.addMembers(id, refsOf(g.memberDns), now);
    });
    committed.created++;
  }
  for (const g of plan.groups.update) {
    await opts.keepAlive();
    await ctx.transaction(async (repos) => {
      if (g.rename) await repos.admin.directory.renameGroup(g.id, g.name);
      await repos.admin.directory.addMembers(g.id, refsOf(g.addDns), now);
      await repos.admin.directory.removeMembers(g.id, g.removeRefs);
    });
    committed.updated++;
  }
}
