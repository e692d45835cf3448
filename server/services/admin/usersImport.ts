import { CODE, type ResultCode } from '../../../contract/codes.js';
import { LIMITS, USER_TYPES } from '../../../contract/rules.js';
import { IMPORT_COLUMNS, type ImportCheckResult, type ImportRowError, type ImportStatus } from '../../../contract/schemas/admin/usersImport.js';
import { AppError, notFound } from '../../domain/errors.js';
import { DAY } from '../../lib/clock.js';
import { randomId } from '../../lib/crypto.js';
import type { NewAdminUser } from '../../repositories/admin/users.js';
import type { Repos } from '../../repositories/index.js';
import type { Caller, ServiceContext } from '../context.js';
import type { BaseServices } from './deps.js';
import { indexTree, type Resolved, type TreeIndex } from './organisationTree.js';
import { parseCsv } from './usersCsv.js';
import { DEFAULT_USER_TYPE, accountProblem, emailProblem, mobileProblem } from './usersFields.js';

/**
 * Rows per write: one multi-row INSERT of the accounts and one of their roles, in one
 * transaction. 1,000 rows of 22 columns stay below either store's bound parameters (SQLite
 * 32,766, PostgreSQL 65,535); the benchmark's plain INSERT uses the same batches.
 */
export const IMPORT_BATCH_ROWS = 1000;
/** Accounts or numbers looked up per query when checking a file against the store. */
const LOOKUP_CHUNK = 5000;
/** The ticket purpose that marks a users-import job, and how long its progress can be read. */
const JOB_PURPOSE = 'ADMIN_USERS_IMPORT';
const JOB_DAYS = 1;
/** How often a running job's progress is saved: often enough for a progress bar, rarely enough to cost nothing. */
const JOB_SAVE_MS = 200;
const SCENE = 'ADMIN_USERS_IMPORT';

interface JobState extends ImportStatus {
  startedBy: number;
}

/** A row that passed every check, kept small (a hundred thousand of them wait for their batch). */
interface GoodRow extends Pick<NewAdminUser, 'account' | 'userName' | 'userType' | 'mobileNo' | 'email' | 'deptRef'> {
  line: number;
}


/** What every row of one run is written with: the EMPLOYEE role, the tree its departments are named from, the time. */
interface Write {
  roleRef: number;
  tree: TreeIndex;
  now: number;
  /** When the job's progress was last saved. */
  savedAt: number;
}

/** An imported account: no password, no forced change (there is nothing to change yet), placed where the file says. */
function newUser(row: GoodRow, write: Write): NewAdminUser {
  const names = row.deptRef === null ? { companyName: null, deptName: null } : write.tree.placement(row.deptRef);
  return {
    account: row.account, userName: row.userName, userType: row.userType, mobileNo: row.mobileNo, email: row.email, deptRef: row.deptRef, ...names,
    positionName: null, secondAuthRequired: false, externalId: null, passwordHash: null, passwordLevel: null, passwordChangedAt: null,
    passwordExpireAt: null, mustChangePassword: false, createdAt: write.now,
  };
}
const USER_TYPE_SET = new Set<string>(USER_TYPES);

const fail = (line: number, account: string | null, code: ResultCode, field: string | null = null): ImportRowError => ({ line, account, code, field });

async function inChunks<T>(values: string[], lookup: (chunk: string[]) => Promise<Set<T>>): Promise<Set<T>> {
  const out = new Set<T>();
  for (let i = 0; i < values.length; i += LOOKUP_CHUNK) for (const v of await lookup(values.slice(i, i + LOOKUP_CHUNK))) out.add(v);
  return out;
}

/**
 * CSV import of people: `check` is a dry run that writes nothing and reports every row a real run
 * would refuse; `start` checks the file again and writes its good rows in batches.
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
export function usersImportService(ctx: ServiceContext, base: BaseServices, opts: { employeeRole: () => Promise<number> }) {
  const repo = () => ctx.repos.admin.users;

  /**
   * Every check of the file; with `againstStore`, also the accounts and numbers the store already
   * holds (the dry run). The real run leaves those to the unique indexes, which also settle races.
   */
  async function validate(csv: string, againstStore: boolean): Promise<{ total: number; good: GoodRow[]; errors: ImportRowError[]; tree: TreeIndex }> {
    const [header, ...rows] = parseCsv(csv);
    const columns = IMPORT_COLUMNS.join(',');
    if (!header || IMPORT_COLUMNS.some((name, i) => header.fields[i]?.trim().toLowerCase() !== name)) throw new AppError(CODE.importHeader, { columns });
    if (rows.length > LIMITS.importRowsMax) throw new AppError(CODE.importTooManyRows, { max: LIMITS.importRowsMax });
    const width = header.fields.length;

    // What the store already holds, looked up in chunks for every well-formed account and number.
    const cell = (fields: string[], i: number) => (fields[i] ?? '').trim();
    const accounts = againstStore ? rows.map((r) => cell(r.fields, 0).toLowerCase()).filter((a) => a && !accountProblem(a)) : [];
    const mobiles = againstStore ? rows.map((r) => cell(r.fields, 3)).filter((m) => m && !mobileProblem(m)) : [];
    const none = async () => new Set<string>();
    const [takenAccounts, takenMobiles, tree] = await Promise.all([
      againstStore ? inChunks([...new Set(accounts)], (c) => repo().existingAccounts(c)) : none(),
      againstStore ? inChunks([...new Set(mobiles)], (c) => repo().existingMobiles(c)) : none(),
      ctx.repos.admin.departments.all().then(indexTree),
    ]);

    // Files name a few departments many times over.
    const resolved = new Map<string, Resolved>();
    const seenAccounts = new Set<string>();
    const seenMobiles = new Set<string>();
    const good: GoodRow[] = [];
    const errors: ImportRowError[] = [];
    for (const { line, fields } of rows) {
      const raw = cell(fields, 0);
      const account = raw.toLowerCase();
      const userName = cell(fields, 1);
      const userType = (cell(fields, 2) || DEFAULT_USER_TYPE).toUpperCase();
      const mobileNo = cell(fields, 3);
      const email = cell(fields, 4);
      const department = cell(fields, 5);
      const place = department ? resolved.get(department) ?? resolved.set(department, tree.resolve(department)).get(department)! : null;
      // One reason per row, the first in column order.
      const refusal: [ResultCode, string | null] | null =
        fields.length !== width ? [CODE.importColumns, null]
        : !account ? [CODE.importFieldMissing, 'account']
        : account.length > LIMITS.accountMax ? [CODE.importFieldTooLong, 'account']
        : accountProblem(account) ? [CODE.accountNameInvalid, 'account']
        : seenAccounts.has(account) ? [CODE.importDuplicateAccount, 'account']
        : takenAccounts.has(account) ? [CODE.accountNameTaken, 'account']
        : !userName ? [CODE.importFieldMissing, 'name']
        : userName.length > LIMITS.userNameMax ? [CODE.importFieldTooLong, 'name']
        : !USER_TYPE_SET.has(userType) ? [CODE.importTypeInvalid, 'type']
        : mobileNo && mobileProblem(mobileNo) ? [CODE.mobileInvalid, 'phone']
        : mobileNo && seenMobiles.has(mobileNo) ? [CODE.importDuplicateMobile, 'phone']
        : mobileNo && takenMobiles.has(mobileNo) ? [CODE.mobileRegistered, 'phone']
        : email.length > LIMITS.emailMax ? [CODE.importFieldTooLong, 'email']
        : email && emailProblem(email) ? [CODE.emailInvalid, 'email']
        : department.length > LIMITS.deptPathMax ? [CODE.importFieldTooLong, 'department']
        : place && 'error' in place ? [place.error === 'ambiguous' ? CODE.importDeptAmbiguous : CODE.deptUnknown, 'department']
        : null;
      if (refusal) errors.push(fail(line, raw || null, refusal[0], refusal[1]));
      else good.push({ line, account, userName, userType, mobileNo: mobileNo || null, email: email || null, deptRef: place && 'id' in place ? place.id : null });
      if (account) seenAccounts.add(account);
      if (mobileNo) seenMobiles.add(mobileNo);
    }
    return { total: rows.length, good, errors, tree };
  }

  const save = (jobId: string, state: JobState, repos = ctx.repos) => repos.admin.users.saveJob(jobId, JSON.stringify(state));

  /** Rows the store refused as taken, each with its reason (looked up among those rows only). */
  async function takenRows(rows: GoodRow[], repos: Repos): Promise<ImportRowError[]> {
    const accounts = await repos.admin.users.existingAccounts(rows.map((r) => r.account));
    return rows.map((r) => fail(r.line, r.account, accounts.has(r.account) ? CODE.accountNameTaken : r.mobileNo ? CODE.mobileRegistered : CODE.accountOrMobileTaken, accounts.has(r.account) ? 'account' : 'phone'));
  }

  /**
   * One batch, all or nothing, with the job's progress: the accounts (a row whose account or
   * number someone holds is skipped by the unique indexes and reported), their EMPLOYEE role.
   */
  async function writeBatch(jobId: string, state: JobState, rows: GoodRow[], write: Write): Promise<void> {
    // The progress rides on a batch's transaction, at most every JOB_SAVE_MS: what `status` says is always committed.
    const saving = ctx.clock.now() - write.savedAt >= JOB_SAVE_MS;
    const next = await ctx.transaction(async (repos) => {
      const ids = await repos.admin.users.insertManyUntaken(rows.map((r) => newUser(r, write)));
      await repos.admin.users.grantNewUsers([...ids.values()], write.roleRef);
      const refused = ids.size === rows.length ? [] : await takenRows(rows.filter((r) => !ids.has(r.account)), repos);
      const after: JobState = {
        ...state, created: state.created + ids.size, failed: state.failed + refused.length, processed: state.processed + rows.length,
        errors: refused.length ? [...state.errors, ...refused] : state.errors,
      };
      if (saving) await save(jobId, after, repos);
      return after;
    });
    if (saving) write.savedAt = ctx.clock.now();
    // Counted once committed, so the state in memory never runs ahead of the store.
    Object.assign(state, next);
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
      await base.audit.adminChange(state.startedBy, SCENE, `import:${jobId}`, { after: { total: state.total, created: state.created, failed: state.failed } }, caller, repos);
    });
  }

  async function run(jobId: string, state: JobState, rows: GoodRow[], tree: TreeIndex, caller: Caller): Promise<void> {
    const write: Write = { roleRef: await opts.employeeRole(), tree, now: ctx.clock.now(), savedAt: 0 };
    for (let i = 0; i < rows.length; i += IMPORT_BATCH_ROWS) {
      const batch = rows.slice(i, i + IMPORT_BATCH_ROWS);
      try {
        await writeBatch(jobId, state, batch, write);
      } catch {
        await failBatch(jobId, state, batch);
      }
    }
    await finish(jobId, state, caller);
  }



  return {
    /** The dry run: every row a real run would refuse, by line and reason. Nothing is written. */
    async check(csv: string): Promise<ImportCheckResult> {
      const { total, good, errors } = await validate(csv, true);
      return { total, valid: good.length, errors };
    },

    /** Checks the file again and starts writing its good rows; answers the job to poll. */
    async start(actorRef: number, csv: string, caller: Caller): Promise<ImportCheckResult & { jobId: string }> {
      const { total, good, errors, tree } = await validate(csv, false);
      const jobId = randomId(18);
      const now = ctx.clock.now();
      const state: JobState = { total, processed: errors.length, created: 0, failed: errors.length, done: false, errors: [], startedBy: actorRef };
      await repo().createJob({ id: jobId, userRef: actorRef, data: JSON.stringify(state), expiresAt: now + JOB_DAYS * DAY }, JOB_PURPOSE, now);
      // Not awaited: the upload is answered now and the client polls `status`. A failure the
      // batches do not absorb (the store gone) leaves the job unfinished, as a stopped instance would.
      run(jobId, state, good, tree, caller).catch(() => undefined);
      return { jobId, total, valid: good.length, errors };
    },

    async status(jobId: string): Promise<ImportStatus> {
      const job = await repo().findJob(jobId, JOB_PURPOSE, ctx.clock.now());
      if (!job) throw notFound();
      const { total, processed, created, failed, done, errors } = JSON.parse(job.data) as JobState;
      return { total, processed, created, failed, done, errors };
    },
  };
}
