import { codeMessage, codes, type Lang, type ResultCode } from '../../contract/codes.js';
import { LogResult } from '../../contract/enums.js';
import {
  timeMs, type AdminOperationLogRow, type AdminSignInLogRow, type OperationLogFilters, type SignInLogFilters,
} from '../../contract/schemas/admin/audit.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { mapPage } from '../platform/db/paging.js';
import type { LogCursor, OperationEntry, OperationQuery, SignInEntry, SignInQuery } from './adminRepository.js';
import type { ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { csvLine } from '../organisation/usersCsv.js';
import { text, type TextKey } from '../platform/lib/texts.js';
import { parseChanges } from './logChanges.js';
import { targetNames } from './logTargets.js';
import { judgementOf } from '../risk/judgementColumns.js';

/** Rows per query of an export: memory stays flat whatever the log holds. */
const EXPORT_BATCH = 500;

/** The list's time order: newest first unless the table asked for oldest first (time is the only sortable column). */
type LogOrder = 'asc' | 'desc' | undefined;

const iso = (ms: number) => new Date(ms).toISOString();
const message = (code: string, lang: Lang) => (code in codes ? codeMessage(code as ResultCode, lang) : code);


const HEADERS = {
  signIn: ['auditCsv.time', 'auditCsv.account', 'auditCsv.name', 'auditCsv.loginType', 'auditCsv.application', 'auditCsv.result', 'auditCsv.code', 'auditCsv.message', 'auditCsv.ip', 'auditCsv.device', 'auditCsv.risk', 'auditCsv.riskSignals', 'auditCsv.place'],
  operation: ['auditCsv.time', 'auditCsv.account', 'auditCsv.name', 'auditCsv.scene', 'auditCsv.target', 'auditCsv.changes', 'auditCsv.detail', 'auditCsv.ip'],
} as const satisfies Record<string, readonly TextKey[]>;
const header = (columns: readonly TextKey[], lang: Lang): string[] => columns.map((column) => text(column, lang));

/**
 * Streams a log as CSV: a byte-order mark and the header, then one keyset page at a time, each
 * fetched only once the previous one was taken, so nothing beyond a page is held and rows written
 * meanwhile neither repeat nor shift the pages.
 */
async function* csvOf<E extends { createdAt: number; id: number }>(header: readonly string[], next: (after: LogCursor | null, limit: number) => Promise<E[]>, line: (e: E) => string): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...header])}`;
  let after: LogCursor | null = null;
  for (;;) {
    const rows = await next(after, EXPORT_BATCH);
    if (rows.length) yield rows.map(line).join('');
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * Workbench: the organisation's sign-in and operation logs, paged or exported. Names in the
 * filters (an account, an app id) are turned into ids first, so the queries run on the indexes;
 * a name that matches nothing answers an empty log without querying it.
 */
export function adminAuditService(ctx: ServiceContext, _base: BaseServices) {
  const repo = ctx.repos.admin.audit;

  async function signInQuery(f: SignInLogFilters): Promise<SignInQuery | null> {
    const q: SignInQuery = {
      from: timeMs(f.startTime), to: timeMs(f.endTime), ip: f.ip?.trim() || undefined, optType: f.optType?.trim() || undefined,
      riskLevel: f.riskLevel, riskSignal: f.riskSignal,
    };
    if (f.result) q.success = f.result === LogResult.SUCCESS;
    const person = f.userId?.trim();
    // A text that finds people filters on their rows (the user_ref index); one that finds nobody
    // looks for failed attempts on accounts that do not exist, which keep what was typed.
    if (person) {
      if (await repo.findsPeople(person)) q.person = person;
      else q.unknownAccount = person;
    }
    if (f.appId?.trim()) {
      const app = await ctx.repos.apps.findByAppId(f.appId.trim());
      if (!app) return null;
      q.appRef = app.id;
    }
    return q;
  }

  async function operationQuery(f: OperationLogFilters): Promise<OperationQuery | null> {
    const q: OperationQuery = {
      from: timeMs(f.startTime), to: timeMs(f.endTime), ip: f.ip?.trim() || undefined, sceneCode: f.sceneCode, target: f.target?.trim() || undefined,
    };
    const person = f.userId?.trim();
    if (person) q.person = person;
    return q;
  }

  const signInRow = (lang: Lang) => (e: SignInEntry): AdminSignInLogRow => ({
    id: e.id, userId: e.account, userName: e.userName, optType: e.optType, appName: e.appName, isSuccess: e.success, resultCode: e.loginMsg,
    loginMsg: message(e.loginMsg, lang), ip: e.ip, deviceName: e.deviceName, createdDate: iso(e.createdAt),
    risk: judgementOf(e.riskLevel, e.riskSignals, e.riskPlace),
  });
  const operationRow = (e: OperationEntry, targetName: string | null): AdminOperationLogRow => ({
    id: e.id, userId: e.account, userName: e.userName, sceneCode: e.sceneCode, target: e.target, targetName, changes: parseChanges(e.changes), detail: e.detail,
    ip: e.ip, createdDate: iso(e.createdAt),
  });

  return {
    async signIns(f: SignInLogFilters, order: LogOrder, pageNum: number, pageSize: number, lang: Lang): Promise<PageResult<AdminSignInLogRow>> {
      const q = await signInQuery(f);
      return q ? mapPage(await repo.pageSignIns({ ...q, order }, pageNum, pageSize), signInRow(lang)) : { datas: [], total: 0 };
    },
    async operations(f: OperationLogFilters, order: LogOrder, pageNum: number, pageSize: number): Promise<PageResult<AdminOperationLogRow>> {
      const q = await operationQuery(f);
      if (!q) return { datas: [], total: 0 };
      const found = await repo.pageOperations({ ...q, order }, pageNum, pageSize);
      const names = await targetNames(ctx.repos, found.datas.map((e) => e.target));
      return { ...found, datas: found.datas.map((e, i) => operationRow(e, names[i])) };
    },
    /** The filtered sign-in log as CSV chunks (the filters are resolved before the first chunk). */
    async signInsCsv(f: SignInLogFilters, lang: Lang): Promise<AsyncIterable<string>> {
      const q = await signInQuery(f);
      const result = { ok: text('auditCsv.ok', lang), failed: text('auditCsv.failed', lang) };
      return csvOf(header(HEADERS.signIn, lang), (after, limit) => (q ? repo.signInsAfter(q, after, limit) : Promise.resolve([])), (e) => csvLine([
        iso(e.createdAt), e.account, e.userName, e.optType, e.appName, e.success ? result.ok : result.failed, e.loginMsg, message(e.loginMsg, lang), e.ip, e.deviceName,
        // The judgement as codes (HIGH; NEW_DEVICE,NEW_NETWORK), like the type and result code: stable for whoever reads the file.
        e.riskLevel, e.riskLevel === null ? null : e.riskSignals, e.riskPlace,
      ]));
    },
    async operationsCsv(f: OperationLogFilters, lang: Lang): Promise<AsyncIterable<string>> {
      const q = await operationQuery(f);
      return csvOf(header(HEADERS.operation, lang), (after, limit) => (q ? repo.operationsAfter(q, after, limit) : Promise.resolve([])), (e) => csvLine([
        iso(e.createdAt), e.account, e.userName, e.sceneCode, e.target, e.changes, e.detail, e.ip,
      ]));
    },
  };
}
