import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { ZodError } from 'zod';
import { CODE, type Lang, type ResultCode } from '../../contract/codes.js';
import type { ImportCheckResult, ImportRowError, ImportStatus } from '../../contract/schemas/admin/usersImport.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { outsideScope, type PeopleScope } from '../administrators/scope.js';
import { DAY } from '../platform/lib/clock.js';
import { randomId } from '../platform/lib/crypto.js';
import { prepared, type PreparedJson } from '../platform/lib/preparedJson.js';
import type { Department } from './departmentsRepository.js';
import type { NewAdminUser } from './usersAdminRepository.js';
import type { Repos } from '../composition/repositories.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { indexTree, type TreeIndex } from './tree.js';
import { usersImportPool } from './usersImportPool.js';
import type { GoodRow } from './usersImportRows.js';
import { DEFAULT_USER_TYPE } from './usersFields.js';
import { importChanges, importPatch, type ImportPatch, type ImportedFields } from './usersImportDiff.js';

export { IMPORT_BATCH_ROWS } from './usersImportRows.js';
/**
 * Accounts or numbers looked up per query when checking a file against the store: small enough
 * that one query (synchronous on SQLite) holds the event loop for a few milliseconds only.
 */
const LOOKUP_CHUNK = 1000;
/** The ticket purpose that marks a users-import job, and how long its progress can be read. */
const JOB_PURPOSE = 'ADMIN_USERS_IMPORT';
const JOB_DAYS = 1;
/** How often a running job's progress is saved: often enough for a progress bar, rarely enough to cost nothing. */
const JOB_SAVE_MS = 200;
const SCENE = 'ADMIN_USERS_IMPORT';

interface JobState extends ImportStatus {
  startedBy: number;
}

/** What every row of one run is written with: the EMPLOYEE role, the tree its departments are named from, the time. */
interface Write {
  roleRef: number;
  tree: TreeIndex;
  now: number;
  /** When the job's progress was last saved. */
  savedAt: number;
  /** Whose people the run may change (the starting administrator's reach). */
  scope: PeopleScope;
}

/** An imported account: no password, no forced change (there is nothing to change yet), placed where the file says. */
function newUser(row: GoodRow, write: Write): NewAdminUser {
  const names = row.deptRef === null ? { companyName: null, deptName: null } : write.tree.placement(row.deptRef);
  return {
    account: row.account, userName: row.userName, userType: row.userType ?? DEFAULT_USER_TYPE, mobileNo: row.mobileNo, email: row.email, deptRef: row.deptRef, ...names,
    positionName: null, secondAuthRequired: false, externalId: null, passwordHash: null, passwordLevel: null, passwordChangedAt: null,
    passwordExpireAt: null, mustChangePassword: false, createdAt: write.now,
  };
}

const fail = (line: number, account: string | null, code: ResultCode, field: string | null = null): ImportRowError => ({ line, account, code, field });

/** The column an update's refusal is about. */
const FIELD_OF: Partial<Record<ResultCode, string>> = {
  [CODE.mobileRegistered]: 'phone', [CODE.mobileInvalid]: 'phone', [CODE.emailInvalid]: 'email', [CODE.deptUnknown]: 'department',
};

/** Lookups chunk by chunk, each after the event loop has had its turn: a file of 100,000 accounts never holds it for long. */
async function inChunks<V>(values: string[], lookup: (chunk: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
  const out = new Map<string, V>();
  for (let i = 0; i < values.length; i += LOOKUP_CHUNK) {
    await yieldToLoop();
    for (const [k, v] of await lookup(values.slice(i, i + LOOKUP_CHUNK))) out.set(k, v);
  }
  return out;
}

/** The fields an import compares, without the id the lookup also answers. */
const comparable = ({ id: _id, ...fields }: ImportedFields & { id: number }): ImportedFields => fields;

/**
 * CSV import of people, upserting by account: `check` is a dry run that writes nothing and reports
 * what a real run would do with each row (create, update with the changes, leave unchanged) and
 * every row it would refuse; `start` checks the file again and writes its good rows in batches:
 * new accounts in one transaction per batch, existing people one by one through the same update
 * (its checks, its transaction and audit row) as the workbench's edit.
 *
 * Progress design: the real run answers a job id at once and writes on in the background of the
 * instance that took the upload; the job's counts are saved in the `tickets` table inside a
 * batch's transaction, so any instance answers `status` with counts that match what is committed.
 * A batch is all or nothing. Whether an account name or a number is free is left to the unique
 * indexes (`on conflict do nothing`): no check-then-insert gap for a racing write, no lookups of a
 * hundred thousand names; the rows they refuse are reported by `status`. If the instance stops
 * mid-run the job stays unfinished: uploading the same file again creates only the rows still
 * missing (the others are then "taken"), which is the resumption. Imported accounts have no
 * password: each person sets one through the forgotten-password flow (by the phone in the file)
 * or an administrator's reset, so no secret is generated for many people at once, nor shown in bulk.
 */
export function usersImportService(ctx: ServiceContext, base: BaseServices, opts: {
  employeeRole: () => Promise<number>;
  /** users/update for one person: refusals are AppErrors with the codes of the edit. */
  update: (actorRef: number, userRef: number, patch: ImportPatch, caller: Caller, scope: PeopleScope) => Promise<unknown>;
}) {
  const repo = () => ctx.repos.admin.users;

  const pool = usersImportPool(ctx.config.importsAtOnce);

  /** Which of these accounts and numbers the store holds: chunks of queries, the event loop free between them. */
  async function takenInStore(accounts: string[], mobiles: string[]) {
    const [takenAccounts, takenMobiles] = await Promise.all([
      inChunks(accounts, async (c) => new Map([...(await repo().importedByAccount(c))].map(([k, v]) => [k, comparable(v)]))),
      inChunks(mobiles, (c) => repo().mobileHolders(c)),
    ]);
    return { accounts: takenAccounts, mobiles: takenMobiles };
  }

  /**
   * Every check of the upload, read in a worker thread (usersImportRows.ts) against the tree read
   * now; with `againstStore`, also the accounts and numbers the store already holds (the dry run).
   * The real run leaves those to the unique indexes, which also settle races.
   */
  async function validate(upload: Uint8Array, againstStore: boolean, scope: PeopleScope, lang: Lang = 'zh'): Promise<{ total: number; valid: number; errorsJson: string; good: string[]; checkJson: string; departments: Department[] }> {
    const departments = await ctx.repos.admin.departments.all();
    const reach = scope.kind === 'all' ? null : scope.deptRefs;
    const outcome = await pool.run(againstStore ? 'check' : 'start', upload, departments, reach, againstStore ? takenInStore : null, lang);
    if (outcome.type === 'refused') throw new AppError(outcome.code, outcome.params);
    if (outcome.type === 'invalid') throw new ZodError(outcome.issues.map((i) => ({ code: 'custom', input: undefined, ...i })) as ZodError['issues']);
    return { ...outcome, departments };
  }

  const save = (jobId: string, state: JobState, repos = ctx.repos) => repos.admin.users.saveJob(jobId, JSON.stringify(state));

  /** Rows the store refused as taken, each with its reason (looked up among those rows only). */
  async function takenRows(rows: GoodRow[], repos: Repos): Promise<ImportRowError[]> {
    const accounts = await repos.admin.users.existingAccounts(rows.map((r) => r.account));
    return rows.map((r) => fail(r.line, r.account, accounts.has(r.account) ? CODE.accountNameTaken : r.mobileNo ? CODE.mobileRegistered : CODE.accountOrMobileTaken, accounts.has(r.account) ? 'account' : 'phone'));
  }

  /**
   * One batch: its new accounts all or nothing, with the job's progress (a row whose account or
   * number someone took meanwhile is skipped by the unique indexes and reported), their EMPLOYEE
   * role; then its existing people one by one, each update its own transaction and audit row.
   */
  async function writeBatch(jobId: string, state: JobState, rows: GoodRow[], write: Write, caller: Caller): Promise<void> {
    const existing = await repo().importedByAccount(rows.map((r) => r.account));
    const fresh = rows.filter((r) => !existing.has(r.account));
    // The progress rides on a batch's transaction, at most every JOB_SAVE_MS: what `status` says is always committed.
    const saving = ctx.clock.now() - write.savedAt >= JOB_SAVE_MS;
    const next = await ctx.transaction(async (repos) => {
      const ids = await repos.admin.users.insertManyUntaken(fresh.map((r) => newUser(r, write)));
      await repos.admin.users.grantNewUsers([...ids.values()], write.roleRef);
      const refused = ids.size === fresh.length ? [] : await takenRows(fresh.filter((r) => !ids.has(r.account)), repos);
      const after: JobState = {
        ...state, created: state.created + ids.size, failed: state.failed + refused.length, processed: state.processed + fresh.length,
        errors: refused.length ? [...state.errors, ...refused] : state.errors,
      };
      if (saving && fresh.length === rows.length) await save(jobId, after, repos);
      return after;
    });
    // Counted once committed, so the state in memory never runs ahead of the store.
    Object.assign(state, next);
    for (const row of rows) {
      const person = existing.get(row.account);
      if (person) await updateOne(state, row, person, write, caller);
    }
    if (saving && fresh.length !== rows.length) await save(jobId, state);
    if (saving) write.savedAt = ctx.clock.now();
  }

  /** An existing person: the fields the row changes, through the edit's own update; a refusal is the row's. */
  async function updateOne(state: JobState, row: GoodRow, person: ImportedFields & { id: number }, write: Write, caller: Caller): Promise<void> {
    const changes = importChanges(comparable(person), row, write.tree.path);
    state.processed++;
    if (!changes.length) {
      state.unchanged++;
      return;
    }
    try {
      await opts.update(state.startedBy, person.id, importPatch(row, changes), caller, write.scope);
      state.updated++;
    } catch (error) {
      const code = error instanceof AppError ? error.code : CODE.internalError;
      state.failed++;
      state.errors = [...state.errors, fail(row.line, row.account, code, FIELD_OF[code] ?? null)];
    }
  }

  /** A batch that failed for another reason (its department deleted meanwhile, the store gone): its rows are refused. */
  async function failBatch(jobId: string, state: JobState, rows: GoodRow[]): Promise<void> {
    const depts = new Set((await ctx.repos.admin.departments.all()).map((d) => d.id));
    const errors = rows.map((r) => (r.deptRef !== null && !depts.has(r.deptRef) ? fail(r.line, r.account, CODE.deptUnknown, 'department') : fail(r.line, r.account, CODE.internalError)));
    Object.assign(state, { failed: state.failed + rows.length, processed: state.processed + rows.length, errors: [...state.errors, ...errors] });
    await save(jobId, state);
  }

  async function finish(jobId: string, state: JobState, caller: Caller): Promise<void> {
    state.done = true;
    await ctx.transaction(async (repos) => {
      await save(jobId, state, repos);
      const { total, created, updated, unchanged, failed } = state;
      await base.audit.adminChange(state.startedBy, SCENE, `import:${jobId}`, { after: { total, created, updated, unchanged, failed } }, caller, repos);
    });
  }

  /** Writes the good rows, batch by batch; each batch arrives from the worker as JSON and is read only when its turn comes. */
  async function run(jobId: string, state: JobState, chunks: string[], tree: TreeIndex, caller: Caller, scope: PeopleScope): Promise<void> {
    const write: Write = { roleRef: await opts.employeeRole(), tree, now: ctx.clock.now(), savedAt: 0, scope };
    while (chunks.length) {
      const batch = JSON.parse(chunks.shift()!) as GoodRow[];
      try {
        await writeBatch(jobId, state, batch, write, caller);
      } catch {
        await failBatch(jobId, state, batch);
      }
    }
    await finish(jobId, state, caller);
  }



  return {
    /** A place for one upload (check or start) on this instance, or null when IMPORTS_AT_ONCE are being read: release it when done. */
    enter: pool.enter,
    /** Ends the workers that read uploads (the server is closing). */
    close: pool.close,

    /**
     * The dry run: what a real run would do with each row, and every row it would refuse, by line
     * and reason (the refused rows' file with reasons in `lang`). Nothing is written.
     * `upload` is the request's JSON body as bytes, handed to the worker (not to be used again);
     * the answer is the endpoint's `data` already serialised, so a file of 100,000 refused rows is
     * not copied, checked and serialised again on the event loop.
     */
    async check(upload: Uint8Array, lang: Lang, scope: PeopleScope): Promise<PreparedJson<ImportCheckResult>> {
      return prepared((await validate(upload, true, scope, lang)).checkJson);
    },

    /** Checks the file again and starts writing its good rows; answers the job to poll. */
    async start(actorRef: number, upload: Uint8Array, caller: Caller, scope: PeopleScope): Promise<PreparedJson<Pick<ImportCheckResult, 'total' | 'valid' | 'errors'> & { jobId: string }>> {
      const { total, valid, errorsJson, good, departments } = await validate(upload, false, scope);
      const jobId = randomId(18);
      const now = ctx.clock.now();
      const failed = total - valid;
      const state: JobState = { total, processed: failed, created: 0, updated: 0, unchanged: 0, failed, done: false, errors: [], startedBy: actorRef };
      await repo().createJob({ id: jobId, userRef: actorRef, data: JSON.stringify(state), expiresAt: now + JOB_DAYS * DAY }, JOB_PURPOSE, now);
      // Not awaited: the upload is answered now and the client polls `status`. A failure the
      // batches do not absorb (the store gone) leaves the job unfinished, as a stopped instance would.
      run(jobId, state, good, indexTree(departments), caller, scope).catch(() => undefined);
      return prepared(`{"jobId":${JSON.stringify(jobId)},"total":${total},"valid":${valid},"errors":${errorsJson}}`);
    },

    /** A delegated administrator follows only their own imports (another's job is as unknown as a made-up id). */
    async status(jobId: string, actorRef: number, scope: PeopleScope): Promise<ImportStatus> {
      const job = await repo().findJob(jobId, JOB_PURPOSE, ctx.clock.now());
      if (scope.kind !== 'all' && job?.userRef !== actorRef) throw outsideScope();
      if (!job) throw notFound();
      const { total, processed, created, updated = 0, unchanged = 0, failed, done, errors } = JSON.parse(job.data) as JobState;
      return { total, processed, created, updated, unchanged, failed, done, errors };
    },
  };
}
