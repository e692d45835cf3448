import { CODE, codeMessage, type Lang, type ResultCode } from '../../contract/codes.js';
import { LIMITS, USER_TYPES } from '../../contract/rules.js';
import { IMPORT_COLUMNS, ImportAction, userImportBody, type ImportPlanRow, type ImportRowError } from '../../contract/schemas/admin/usersImport.js';
import { AppError } from '../platform/lib/errors.js';
import type { Department } from './departmentsRepository.js';
import { indexTree, type Resolved } from './tree.js';
import { csvLine, csvRecords } from './usersCsv.js';
import { importChanges, type ImportedFields, type RowFields } from './usersImportDiff.js';
import { DEFAULT_USER_TYPE, accountProblem, emailProblem, mobileProblem } from './usersFields.js';

/**
 * The checks of an import file that need nothing but the file and the organisation tree. They run
 * in a worker thread (usersImportWorker.ts), away from the event loop every other request shares;
 * only the question "which of these accounts and numbers are taken" goes back to the main thread,
 * which owns the database connections.
 */

/**
 * Rows per write: one multi-row INSERT of the accounts and one of their roles, in one
 * transaction. 1,000 rows of 22 columns stay below either store's bound parameters (SQLite
 * 32,766, PostgreSQL 65,535); the benchmark's plain INSERT uses the same batches. The worker
 * hands the good rows back in chunks of this size, read one batch at a time.
 */
export const IMPORT_BATCH_ROWS = 1000;

/** A row that passed every check, kept small (a hundred thousand of them wait for their batch). */
export interface GoodRow extends RowFields {
  line: number;
  account: string;
}

/** The accounts and numbers the store already holds, among those asked about: each account's person, each number's account. */
export interface Taken {
  accounts: ReadonlyMap<string, ImportedFields>;
  mobiles: ReadonlyMap<string, string>;
}
/** Asks the store which of these (well-formed, distinct) accounts and numbers are taken. */
export type TakenLookup = (accounts: string[], mobiles: string[]) => Promise<Taken>;

/** The upload is not the declared body: the issues as the input schema names them (answered as E00001). */
export class BodyRefusal extends Error {
  constructor(readonly issues: { path: PropertyKey[]; message: string }[], message = issues[0]?.message ?? 'invalid') {
    super(message);
  }
}

/** The body of an upload, as bytes, read as the endpoint's JSON and checked by its input schema (unknown fields refused). */
export function readUpload(bytes: Uint8Array): string {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (error) {
    throw new BodyRefusal([], `body: ${(error as Error).message}`);
  }
  const parsed = userImportBody.strict().safeParse(body);
  if (!parsed.success) throw new BodyRefusal(parsed.error.issues.map(({ path, message }) => ({ path, message })));
  return parsed.data.csv;
}

type Refusal = readonly [ResultCode, string | null] | null;

/**
 * A row as far as the file tells: the refusal found before the account's turn to be looked up
 * (`early`), between that and the number's lookup (`mid`), and after it (`late`), in column order.
 */
interface Row {
  line: number;
  /** The row's cells as the file has them, for the file of refused rows. */
  cells: string[];
  raw: string;
  account: string;
  mobileNo: string;
  early: Refusal;
  mid: Refusal;
  late: Refusal;
  /** What the row says, once the file alone refuses nothing of it. */
  values: GoodRow | null;
}

/** What checkRows finds: the counts, the refusals, and with a lookup what each accepted row would do. */
export interface CheckedRows {
  total: number;
  valid: number;
  errors: ImportRowError[];
  good: GoodRow[];
  creates: number;
  updates: number;
  unchanged: number;
  plan: ImportPlanRow[];
  refusedCsv: string | null;
}

const USER_TYPE_SET = new Set<string>(USER_TYPES);
const NOTHING_TAKEN: Taken = { accounts: new Map(), mobiles: new Map() };
/** The header of the refused rows' last column. */
const REASON_COLUMN: Record<Lang, string> = { zh: '原因', en: 'reason' };

/** Reads the rest of a file for its syntax only: a broken quote anywhere refuses the file before anything else does. */
function drain(records: Iterator<unknown>): void {
  while (!records.next().done);
}

/**
 * Every check of an import file, one reason per row (the first in column order), rows read one at
 * a time from the text. With `lookup` (the dry run), also what the store holds: an existing
 * account's row updates that person (or changes nothing), a number held by another account is
 * refused, and the answer says what each accepted row would do and offers the refused rows as a
 * file (reasons in `lang`). The real run leaves the store to the writer and its unique indexes,
 * which also settle races. `keepGood` keeps the rows to write (the real run).
 */
export async function checkRows(csv: string, departments: Department[], lookup: TakenLookup | null, keepGood: boolean, lang: Lang = 'zh', reach: number[] | null = null): Promise<CheckedRows> {
  // A delegated administrator's rows place people only inside their subtree, and update only the people there (E60205).
  const within = (deptRef: number | null) => reach === null || (deptRef !== null && reach.includes(deptRef));
  const records = csvRecords(csv);
  const first = records.next();
  const header = first.done ? undefined : first.value;
  if (!header || IMPORT_COLUMNS.some((name, i) => header.fields[i]?.trim().toLowerCase() !== name)) {
    drain(records);
    throw new AppError(CODE.importHeader, { columns: IMPORT_COLUMNS.join(',') });
  }
  const width = header.fields.length;
  const tree = indexTree(departments);
  // Files name a few departments many times over.
  const resolved = new Map<string, Resolved>();
  const seenAccounts = new Set<string>();
  const seenMobiles = new Set<string>();
  const rows: Row[] = [];
  for (const { line, fields } of records) {
    if (rows.length === LIMITS.importRowsMax) {
      drain(records);
      throw new AppError(CODE.importTooManyRows, { max: LIMITS.importRowsMax });
    }
    const cell = (i: number) => (fields[i] ?? '').trim();
    const raw = cell(0);
    const account = raw.toLowerCase();
    const userName = cell(1);
    const typeCell = cell(2).toUpperCase();
    const userType = typeCell || DEFAULT_USER_TYPE;
    const mobileNo = cell(3);
    const email = cell(4);
    const department = cell(5);
    const place = department ? resolved.get(department) ?? resolved.set(department, tree.resolve(department)).get(department)! : null;
    const early: Refusal =
      fields.length !== width ? [CODE.importColumns, null]
      : !account ? [CODE.importFieldMissing, 'account']
      : account.length > LIMITS.accountMax ? [CODE.importFieldTooLong, 'account']
      : accountProblem(account) ? [CODE.accountNameInvalid, 'account']
      : seenAccounts.has(account) ? [CODE.importDuplicateAccount, 'account']
      : null;
    const mid: Refusal = early ? null
      : !userName ? [CODE.importFieldMissing, 'name']
      : userName.length > LIMITS.userNameMax ? [CODE.importFieldTooLong, 'name']
      : !USER_TYPE_SET.has(userType) ? [CODE.importTypeInvalid, 'type']
      : mobileNo && mobileProblem(mobileNo) ? [CODE.mobileInvalid, 'phone']
      : mobileNo && seenMobiles.has(mobileNo) ? [CODE.importDuplicateMobile, 'phone']
      : null;
    // Here the store is asked whose the number is (E10603 when another account's).
    const late: Refusal = early || mid ? null
      : email.length > LIMITS.emailMax ? [CODE.importFieldTooLong, 'email']
      : email && emailProblem(email) ? [CODE.emailInvalid, 'email']
      : department.length > LIMITS.deptPathMax ? [CODE.importFieldTooLong, 'department']
      : place && 'error' in place ? [place.error === 'ambiguous' ? CODE.importDeptAmbiguous : CODE.deptUnknown, 'department']
      : !within(place && 'id' in place ? place.id : null) ? [CODE.outsideScope, 'department']
      : null;
    const values = !early && !mid && !late
      ? { line, account, userName, userType: typeCell || null, mobileNo: mobileNo || null, email: email || null, deptRef: place && 'id' in place ? place.id : null }
      : null;
    rows.push({ line, cells: lookup ? fields : [], raw, account, mobileNo, early, mid, late, values });
    if (account) seenAccounts.add(account);
    if (mobileNo) seenMobiles.add(mobileNo);
  }
  seenAccounts.clear();
  seenMobiles.clear();

  let taken = NOTHING_TAKEN;
  if (lookup) {
    // Asked only of the rows whose answer depends on it.
    const accounts = new Set<string>();
    const mobiles = new Set<string>();
    for (const row of rows) {
      if (row.early || row.mid) continue;
      accounts.add(row.account);
      if (row.mobileNo) mobiles.add(row.mobileNo);
    }
    taken = await lookup([...accounts], [...mobiles]);
  }
  const out: CheckedRows = { total: rows.length, valid: 0, errors: [], good: [], creates: 0, updates: 0, unchanged: 0, plan: [], refusedCsv: null };
  const refusedLines: string[] = [];
  for (const row of rows) {
    const holder = row.mobileNo ? taken.mobiles.get(row.mobileNo) : undefined;
    const person = taken.accounts.get(row.account);
    const refusal = row.early
      ?? row.mid
      ?? (person && !within(person.deptRef) ? [CODE.outsideScope, 'account'] as const : null)
      ?? (holder !== undefined && holder !== row.account ? [CODE.mobileRegistered, 'phone'] as const : null)
      ?? row.late;
    if (refusal) {
      out.errors.push({ line: row.line, account: row.raw || null, code: refusal[0], field: refusal[1] });
      if (lookup) refusedLines.push(csvLine([...row.cells, codeMessage(refusal[0], lang, { field: refusal[1] ?? '' })]));
      continue;
    }
    out.valid++;
    const values = row.values!;
    if (keepGood) out.good.push(values);
    if (!lookup) continue;
    const existing = taken.accounts.get(row.account);
    const changes = existing ? importChanges(existing, values, tree.path) : [];
    const action = !existing ? ImportAction.CREATE : changes.length ? ImportAction.UPDATE : ImportAction.UNCHANGED;
    if (action === ImportAction.CREATE) {
      // Counted, not listed: a file of 100,000 new people would answer 100,000 entries saying so.
      out.creates++;
      continue;
    }
    if (action === ImportAction.UPDATE) out.updates++;
    else out.unchanged++;
    out.plan.push({ line: row.line, account: row.account, action, changes });
  }
  if (refusedLines.length) out.refusedCsv = `\uFEFF${csvLine([...header.fields, REASON_COLUMN[lang]])}${refusedLines.join('')}`;
  return out;
}
