import { ACCESS_TYPES, ADMIN_SCENE_CODES, DICTIONARY_TYPES, SCENE_CODES } from '../../contract/dictionaries.js';

/** Every scene an operation-log row can carry: the person's own, and administrators' changes. */
const ALL_SCENES = { ...SCENE_CODES, ...ADMIN_SCENE_CODES };
import type { AppLogRow, OperationLogRow, SelectOption } from '../../contract/schemas/account.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { codes, codeMessage, type Lang, type ResultCode } from '../../contract/codes.js';
import { LIMITS } from '../../contract/rules.js';
import { DAY } from '../platform/lib/clock.js';
import type { AuthUser, ServiceContext } from '../composition/context.js';
import { describeDetails } from './logDetails.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { securityEndpoints } from '../../contract/endpoints/security.js';

type TimeInput = number | string | undefined;

const toMs = (t: TimeInput): number | undefined => (t === undefined ? undefined : typeof t === 'number' ? t : Date.parse(t));
const iso = (ms: number) => new Date(ms).toISOString();

/** Where the home content was kept before the notices table; still seeded, and read once to seed the demo notices. */
export const HOME_CONTENT_KEY = 'home.content';

/** Personal logs (default window: the last LIMITS.logWindowDays days) and their dictionaries. */
export function logsService(ctx: ServiceContext) {
  function range(start: TimeInput, end: TimeInput) {
    const to = toMs(end) ?? ctx.clock.now();
    return { from: toMs(start) ?? to - LIMITS.logWindowDays * DAY, to };
  }
  const message = (code: string, lang: Lang) => (code in codes ? codeMessage(code as ResultCode, lang) : code);

  return {
    async appLog(auth: AuthUser, body: InputOf<typeof securityEndpoints.appLog>, lang: Lang): Promise<PageResult<AppLogRow>> {
      const success = body.isSuccess === '' || body.isSuccess === undefined ? undefined : Number(body.isSuccess) === 1;
      const result = await ctx.repos.logs.pageAppLog(auth.userRef, range(body.startTime, body.endTime), { optType: body.optType || undefined, success }, body.pageNum, body.pageSize, body.sortOrder);
      return {
        total: result.total,
        ...(result.totalCapped ? { totalCapped: true } : {}),
        datas: result.datas.map((r) => ({ id: r.id, optType: r.optType, appName: r.appName, isSuccess: r.success, loginMsg: message(r.loginMsg, lang), ip: r.ip, deviceName: r.deviceName, createdDate: iso(r.createdAt), risk: r.risk })),
      };
    },
    async operationLog(auth: AuthUser, body: InputOf<typeof securityEndpoints.operationLog>): Promise<PageResult<OperationLogRow>> {
      const result = await ctx.repos.logs.pageOperationLog(auth.userRef, range(body.startTime, body.endTime), { sceneCode: body.sceneCode || undefined }, body.pageNum, body.pageSize, body.sortOrder);
      const details = await describeDetails(ctx.repos, result.datas);
      return {
        total: result.total,
        ...(result.totalCapped ? { totalCapped: true } : {}),
        datas: result.datas.map((r, i) => ({ id: r.id, sceneCode: r.sceneCode, ip: r.ip, ipRegion: r.ipRegion, detail: details[i], createdDate: iso(r.createdAt) })),
      };
    },
    dictionary(type: number, lang: Lang): SelectOption[] {
      const source = type === DICTIONARY_TYPES.sceneCodes ? ALL_SCENES : type === DICTIONARY_TYPES.accessTypes ? ACCESS_TYPES : {};
      return Object.entries(source).map(([selectKey, label]) => ({ selectKey, selectValue: label[lang] }));
    },
  };
}

export type LogsService = ReturnType<typeof logsService>;
