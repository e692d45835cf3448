import { CODE, codeMessage } from '../../../contract/codes.js';
import type { PageResult } from '../../../contract/schemas/common.js';
import { SYNC_OUTCOMES, type DirectorySettings, type DirectoryStatus, type SyncCounts, type SyncOutcome, type SyncRun, type SyncRunDetail } from '../../../contract/schemas/admin/directory.js';
import { AppError, notFound } from '../../platform/lib/errors.js';
import { randomId } from '../../platform/lib/crypto.js';
import { EVERY_USER_ROLE } from '../../passwords/registration.js';
import { text } from '../../platform/lib/texts.js';
import type { Caller, ServiceContext } from '../../composition/context.js';
import type { BaseServices } from '../../composition/portalServicesType.js';
import { DEFAULT_DIRECTORY_SETTINGS, DIRECTORY_PRESETS } from './presets.js';
import { DirectoryUnreachable, readDirectory } from './reader.js';
import { mapDirectory } from './mapping.js';
import { planSync, type PortalState, type SyncPlan } from './plan.js';
import { applyPlan } from './apply.js';
import type { PortalPerson, SyncRunRow } from './syncRepository.js';

const SETTINGS_KEY = 'directory.sync.settings';
/** The change attribute's highest value the last successful real run read: where an incremental run starts. */
const MARK_KEY = 'directory.sync.mark';
/** How long a lease lasts without renewal; every batch renews it, so only a stopped instance lets it run out. */
const LEASE_MS = 5 * 60_000;
/** An incremental run turns into a full pass (which finds deletions) when the last full pass is older than this. */
const FULL_PASS_EVERY_MS = 24 * 60 * 60_000;

export type SyncTrigger = 'workbench' | 'cli' | 'schedule';

export interface SyncRequest {
  dryRun: boolean;
  trigger: SyncTrigger;
  /** The administrator who asked (null: the CLI or the schedule). */
  actorRef: number | null;
  /** full: everything, and who is gone; incremental: people changed since the mark (full when there is none, or it is old). */
  mode: 'full' | 'incremental';
  caller: Caller;
}

const zeroCounts = (): Record<SyncOutcome, number> => ({ created: 0, updated: 0, moved: 0, disabled: 0, reenabled: 0, skipped: 0, failed: 0 });
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toRun(r: SyncRunRow): SyncRun {
  return {
    id: r.id, trigger: r.trigger, dryRun: r.dryRun, mode: r.mode, status: r.status, startedAt: iso(r.startedAt)!, finishedAt: iso(r.finishedAt),
    errorCode: r.errorCode, counts: JSON.parse(r.counts) as SyncCounts,
  };
}

function toDetail(r: SyncRunRow): SyncRunDetail {
  const stored = JSON.parse(r.report) as { rows: SyncRunDetail['report']; error: string | null };
  return { ...toRun(r), report: stored.rows, errorMessage: stored.error };
}

/**
 * Synchronisation from the company directory: one run reads the directory whole (paged), decides
 * every change (plan.ts), then writes batch by batch (apply.ts) — or, as a dry run, only reports.
 * One instance at a time: the lease row is taken by one UPDATE; a second request answers
 * E60023. Each run is stored with its report and audited; an unreachable directory is E60022
 * with nothing changed.
 */
export function directorySyncService(ctx: ServiceContext, base: BaseServices) {
  const repo = () => ctx.repos.admin.directory;

  async function settings(): Promise<DirectorySettings> {
    return (await ctx.repos.config.get<DirectorySettings>(SETTINGS_KEY)) ?? DEFAULT_DIRECTORY_SETTINGS;
  }

  /** Everything the portal holds that the plan compares with. */
  async function portalState(people: { account: string; dn: string }[]): Promise<PortalState> {
    const synced = new Map<string, PortalPerson>();
    for (const p of await repo().syncedPeople()) synced.set(p.key!, p);
    const locals = await repo().unsyncedByAccountOrDn(people.map((p) => p.account), people.map((p) => p.dn));
    const groups = await repo().syncedGroups();
    return {
      departments: await repo().departmentKeys(),
      synced,
      localByAccount: new Map(locals.map((l) => [l.account, l])),
      localByDn: new Map(locals.filter((l) => l.dn).map((l) => [l.dn!, l])),
      mobilesTaken: await repo().mobileHolders([]),
      groups: new Map(groups.map((g) => [g.key, g])),
      groupMembers: await repo().membersOf(groups.map((g) => g.id)),
      groupCodesTaken: new Set(),
    };
  }

  async function execute(request: SyncRequest, counts: Record<SyncOutcome, number>, holder: string, planned: { plan: SyncPlan | null }): Promise<{ plan: SyncPlan; mode: string }> {
    const ldap = ctx.config.ldap!;
    const { mapping, conflictRule } = await settings();
    const mark = await ctx.repos.config.get<string>(MARK_KEY);
    const lastFull = await repo().lastFullSuccess();
    const full = request.mode === 'full' || !mark || lastFull === undefined || ctx.clock.now() - lastFull > FULL_PASS_EVERY_MS;
    const read = await readDirectory(ldap, mapping, full ? null : mark!);
    const mapped = mapDirectory(read, mapping, ldap.baseDn);
    const state = await portalState(mapped.people);
    state.mobilesTaken = await repo().mobileHolders([...new Set(mapped.people.map((p) => p.mobileNo).filter((m): m is string => !!m))]);
    state.groupCodesTaken = await repo().groupCodesTaken(mapped.groups.filter((g) => !state.groups.has(g.key)).map((g) => g.name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-')));
    const plan = planSync(mapped, state, { mapping, conflictRule }, full);
    // Kept for the report should a batch fail: the run's rows and reasons, with the counts of what committed.
    planned.plan = plan;
    const mode = full ? 'full' : 'incremental';
    if (request.dryRun) {
      Object.assign(counts, plan.counts);
      return { plan, mode };
    }
    const managerRef = request.actorRef ?? (await repo().oldestAdministrator());
    // A group needs a manager: a store with no administrator yet cannot take the directory's groups.
    if (managerRef === undefined && plan.groups.create.length) throw new AppError(CODE.directorySyncFailed);
    const employeeRole = await ctx.repos.admin.users.ensureRole(EVERY_USER_ROLE, text('role.EMPLOYEE', 'zh'));
    // Outcomes the plan decided without writing (conflicts skipped or reported, unmappable entries) count as they are.
    counts.skipped = plan.counts.skipped;
    counts.failed = plan.counts.failed;
    await applyPlan(ctx, plan, {
      employeeRole, managerRef: managerRef ?? 0,
      keepAlive: async () => {
        const now = ctx.clock.now();
        if (!(await repo().takeLease(holder, now, now + LEASE_MS))) throw new AppError(CODE.directorySyncBusy);
      },
    }, counts);
    if (mapped.mark) await ctx.repos.config.set(MARK_KEY, mapped.mark);
    return { plan, mode };
  }

  return {
    async status(): Promise<DirectoryStatus> {
      const ldap = ctx.config.ldap;
      const last = await repo().lastRun();
      return {
        configured: !!ldap,
        url: ldap?.url ?? null,
        baseDn: ldap?.baseDn || null,
        bindDn: ldap?.bindDn || null,
        scheduleMinutes: ctx.config.directorySyncMinutes,
        settings: await settings(),
        presets: DIRECTORY_PRESETS,
        lastRun: last ? { id: last.id, status: last.status, startedAt: iso(last.startedAt)!, finishedAt: iso(last.finishedAt) } : null,
        running: await repo().leaseHeld(ctx.clock.now()),
      };
    },

    async saveSettings(actorRef: number, next: DirectorySettings, caller: Caller): Promise<DirectorySettings> {
      const before = await settings();
      await ctx.transaction(async (repos) => {
        await repos.config.set(SETTINGS_KEY, next);
        await base.audit.adminChange(actorRef, 'ADMIN_DIRECTORY_SETTINGS', 'directory:settings', { before, after: next }, caller, repos);
      });
      return next;
    },

    /**
     * One run, answered with its report once it has finished. Refused at once with E60021 when no
     * directory is configured and E60023 while another run (on any instance) holds the lease.
     */
    async sync(request: SyncRequest): Promise<SyncRunDetail> {
      if (!ctx.config.ldap) throw new AppError(CODE.directoryNotConfigured);
      const runId = randomId(12);
      const started = ctx.clock.now();
      if (!(await repo().takeLease(runId, started, started + LEASE_MS))) throw new AppError(CODE.directorySyncBusy);
      const counts = zeroCounts();
      try {
        await repo().insertRun({
          id: runId, trigger: request.trigger, dryRun: request.dryRun, mode: request.mode, status: 'running', actorRef: request.actorRef,
          startedAt: started, finishedAt: null, errorCode: null, counts: JSON.stringify(counts), report: JSON.stringify({ rows: {}, error: null }),
        });
        let outcome: { status: string; errorCode: string | null; error: string | null; rows: SyncPlan['report'] | null; mode: string } = { status: 'succeeded', errorCode: null, error: null, rows: null, mode: request.mode };
        const planned: { plan: SyncPlan | null } = { plan: null };
        try {
          const done = await execute(request, counts, runId, planned);
          outcome = { ...outcome, rows: done.plan.report, mode: done.mode };
        } catch (error) {
          const code = error instanceof DirectoryUnreachable ? CODE.directoryUnreachable : error instanceof AppError ? error.code : CODE.directorySyncFailed;
          const reason = error instanceof Error ? error.message : String(error);
          outcome = { ...outcome, rows: planned.plan?.report ?? null, status: 'failed', errorCode: code, error: code === CODE.directoryUnreachable ? codeMessage(code, 'en', { reason }) : reason };
        }
        const report = Object.fromEntries(SYNC_OUTCOMES.map((o) => [o, outcome.rows?.[o] ?? []]));
        await ctx.transaction(async (repos) => {
          await repos.admin.directory.finishRun(runId, { status: outcome.status, finishedAt: ctx.clock.now(), errorCode: outcome.errorCode, counts: JSON.stringify(counts), report: JSON.stringify({ rows: report, error: outcome.error }) });
          const actor = request.actorRef ?? (await repos.admin.directory.oldestAdministrator());
          if (actor !== undefined) {
            await base.audit.adminChange(actor, request.dryRun ? 'ADMIN_DIRECTORY_DRY_RUN' : 'ADMIN_DIRECTORY_SYNC', `directory-sync:${runId}`, {
              after: { trigger: request.trigger, mode: outcome.mode, status: outcome.status, errorCode: outcome.errorCode, ...counts },
            }, request.caller, repos);
          }
        });
        if (outcome.mode !== request.mode) await ctx.repos.admin.directory.setRunMode(runId, outcome.mode);
        const detail = toDetail((await repo().run(runId))!);
        if (outcome.errorCode === CODE.directoryUnreachable) throw new AppError(CODE.directoryUnreachable, { reason: outcome.error ?? '' }, detail);
        if (outcome.errorCode) throw new AppError(outcome.errorCode as typeof CODE.directorySyncFailed, {}, detail);
        return detail;
      } finally {
        await repo().releaseLease(runId);
      }
    },

    async runs(pageNum: number, pageSize: number): Promise<PageResult<SyncRun>> {
      const { rows, total } = await repo().runs(pageNum, pageSize);
      return { datas: rows.map(toRun), total };
    },

    async run(id: string): Promise<SyncRunDetail> {
      const row = await repo().run(id);
      if (!row) throw notFound();
      return toDetail(row);
    },
  };
}

export type DirectorySyncService = ReturnType<typeof directorySyncService>;
