import { describe, expect, it } from 'vitest';
import { workbenchRoute } from '../../server/platform/http/spa.js';
import { policyChanges } from '../../src/systemhub/pages/policies/policyChanges.js';

describe('a workbench page by its own address', () => {
  it('goes to the same page on the hash route, query kept, staying on this site', () => {
    expect(workbenchRoute('/systemhub/users')).toBe('/systemhub/#/users');
    expect(workbenchRoute('/systemhub/users?keyword=li&page=2')).toBe('/systemhub/#/users?keyword=li&page=2');
    expect(workbenchRoute('/systemhub/apps/show/12')).toBe('/systemhub/#/apps/show/12');
    expect(workbenchRoute('/systemhub')).toBe('/systemhub/#/');
    expect(workbenchRoute('/systemhub//evil.example')).toBe('/systemhub/#/evil.example');
  });

  it('leaves every other address alone', () => {
    expect(workbenchRoute('/systemhubx/users')).toBeNull();
    expect(workbenchRoute('/myApp')).toBeNull();
    expect(workbenchRoute('/login?redirect=/systemhub/users')).toBeNull();
  });
});

describe('what a policy version changed', () => {
  it('lists each field that differs, per language for texts kept in two', () => {
    const before = { pwd: { minLength: 8, maxLength: 64 }, loginPage: { companyName: { zh: '甲', en: 'A' }, logoUrl: '' } };
    const after = { pwd: { minLength: 12, maxLength: 64 }, loginPage: { companyName: { zh: '甲', en: 'B' }, logoUrl: '/logo.png' } };
    expect(policyChanges(before, after, ['pwd', 'loginPage'])).toEqual([
      { section: 'pwd', field: 'minLength', before: 8, after: 12 },
      { section: 'loginPage', field: 'companyName.en', before: 'A', after: 'B' },
      { section: 'loginPage', field: 'logoUrl', before: '', after: '/logo.png' },
    ]);
  });

  it('counts every field of the first version as set, from nothing', () => {
    expect(policyChanges(null, { registration: { enabled: false, approval: true } }, ['registration'])).toEqual([
      { section: 'registration', field: 'enabled', before: undefined, after: false },
      { section: 'registration', field: 'approval', before: undefined, after: true },
    ]);
  });
});
