import { describe, expect, it } from 'vitest';
import type { LogNameKeys, LogNames } from '../../server/audit/logNamesRepository';
import { describeDetails } from '../../server/audit/logDetails';
import { sortBody } from '../../src/shared/providers/dataProvider';

/** The names a page would resolve to, and the keys it asked for. */
function namesOf(asked: LogNameKeys[]): { logNames: { resolve(keys: LogNameKeys): Promise<LogNames> } } {
  return {
    logNames: {
      resolve: async (keys) => {
        asked.push(keys);
        return {
          apps: new Map([['erp', '财务系统'], ['mail', '企业邮箱']]),
          requests: new Map([[4, { appName: '财务系统', roleNames: 'ACCOUNTANT,VIEWER', applicantName: '李四' }]]),
          permGroups: new Map([[3, '企业邮箱']]),
          roles: new Map([[7, 'USER'], [8, 'ARCHIVE']]),
          groups: new Map([['ML-RD-ALL', '研发中心全员邮件组']]),
          people: new Map([['emp0002', '员工二']]),
          depts: new Map(),
          notices: new Map(),
          scimTokens: new Map(),
          zones: new Map(),
        };
      },
    },
  };
}

describe('operation-log details read as names', () => {
  it('resolves each kind of key once per page and keeps what does not resolve', async () => {
    const asked: LogNameKeys[] = [];
    const details = await describeDetails(namesOf(asked) as never, [
      { sceneCode: 'APPLY_PERMISSION', detail: 'erp#4' },
      { sceneCode: 'APPROVE_PASS', detail: '#4' },
      { sceneCode: 'CANCEL_APPLY', detail: 'mail#99' },
      { sceneCode: 'CANCEL_APPLY', detail: '#98' },
      { sceneCode: 'CANCEL_ROLES', detail: 'group#3:7,8' },
      { sceneCode: 'ADD_GROUP_MEMBERS', detail: 'ML-RD-ALL:emp0002,ghost' },
      { sceneCode: 'TRANSFER_GROUP', detail: 'ML-RD-ALL->emp0002' },
      { sceneCode: 'CANCEL_APP_PERMISSION', detail: 'erp' },
      { sceneCode: 'BIND_PHONE', detail: '138****0001' },
      { sceneCode: 'REGISTER', detail: null },
    ]);
    expect(details).toEqual([
      '财务系统: ACCOUNTANT, VIEWER',
      '财务系统: ACCOUNTANT, VIEWER — 李四',
      '企业邮箱',
      '#98',
      '企业邮箱: USER, ARCHIVE',
      '研发中心全员邮件组: 员工二 (emp0002), ghost',
      '研发中心全员邮件组 → 员工二 (emp0002)',
      '财务系统',
      '138****0001',
      null,
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0].requestIds.sort()).toEqual([4, 98, 99]);
  });

  it('asks nothing for a page without keys', async () => {
    const asked: LogNameKeys[] = [];
    expect(await describeDetails(namesOf(asked) as never, [{ sceneCode: 'USE_PHONE', detail: null }])).toEqual([null]);
    expect(asked).toHaveLength(0);
  });
});

describe('a table column sort becomes the contract\'s fields', () => {
  it('sends the first sorter, and nothing without one', () => {
    expect(sortBody([{ field: 'applyDate', order: 'asc' }])).toEqual({ sortField: 'applyDate', sortOrder: 'asc' });
    expect(sortBody([])).toEqual({});
    expect(sortBody(undefined)).toEqual({});
  });
});
