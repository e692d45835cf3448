import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startClient, storeCases, type Client } from './harness.js';

interface Node { id: number; parentId: number | null; name: string; kind: string; path: string; userCount: number; totalUserCount: number }

describe.each(storeCases())('workbench: the organisation tree ($name)', (store) => {
  let client: Client;
  let admin: string;
  let lisi: string;
  let seq = 0;
  /** A name no other test uses. */
  const unique = (label: string) => `${label}-${Date.now().toString(36)}-${seq++}`;

  beforeAll(async () => {
    client = await startClient(store, 'adminorg');
    admin = await signIn(client, 'admin');
    lisi = await signIn(client, 'lisi');
  });
  afterAll(async () => { await client?.close(); });

  const call = async (path: string, body: unknown, token = admin) => (await client.post(`/admin/v1/${path}`, body, { token })).json();
  const tree = async (): Promise<Node[]> => (await call('organisation/tree', {})).data.nodes;
  const create = async (name: string, kind: 'COMPANY' | 'DEPARTMENT', parentId: number | null = null): Promise<Node> => {
    const res = await call('organisation/create', { name, kind, parentId });
    expect(res.code, JSON.stringify(res)).toBe('D00000');
    return res.data;
  };
  const audits = (target: string) =>
    client.app.store.db.selectFrom('operation_log').select(['scene_code', 'changes', 'user_ref']).where('target', '=', target).orderBy('id').execute();

  it('seeds the demo company with the departments its people name, each person placed in theirs', async () => {
    const nodes = await tree();
    const company = nodes.find((n) => n.name === '星河科技有限公司')!;
    expect(company).toMatchObject({ kind: 'COMPANY', parentId: null, path: '星河科技有限公司' });
    const market = nodes.find((n) => n.name === '市场部')!;
    expect(market).toMatchObject({ kind: 'DEPARTMENT', parentId: company.id, path: '星河科技有限公司/市场部' });
    expect(market.userCount).toBeGreaterThan(0);
    // Parents come before children, and a company counts everyone below it.
    expect(nodes.indexOf(company)).toBeLessThan(nodes.indexOf(market));
    const children = nodes.filter((n) => n.parentId === company.id);
    expect(company.totalUserCount).toBe(company.userCount + children.reduce((sum, n) => sum + n.totalUserCount, 0));
    const people = await client.app.store.db.selectFrom('users').select(['user_id', 'dept_ref']).where('user_id', 'in', ['lisi', 'zhangsan', 'pub.hr']).execute();
    expect(people.every((p) => p.dept_ref !== null)).toBe(true);
    expect(people.find((p) => p.user_id === 'lisi')!.dept_ref).toBe(market.id);
  });

  it('creates companies and departments where they may sit, names unique among siblings', async () => {
    const company = await create(unique('Co'), 'COMPANY');
    const sub = await create(unique('SubCo'), 'COMPANY', company.id);
    const dept = await create('研发部', 'DEPARTMENT', sub.id);
    expect(dept.path).toBe(`${company.name}/${sub.name}/研发部`);
    expect((await call('organisation/create', { name: 'Loose', kind: 'DEPARTMENT' })).code).toBe('E40104');
    expect((await call('organisation/create', { name: 'Co under dept', kind: 'COMPANY', parentId: dept.id })).code).toBe('E40104');
    expect((await call('organisation/create', { name: '研发部', kind: 'DEPARTMENT', parentId: sub.id })).code).toBe('E40105');
    expect((await call('organisation/create', { name: 'x', kind: 'DEPARTMENT', parentId: 999_999 })).code).toBe('E40110');
    const blank = await client.post('/admin/v1/organisation/create', { name: '   ', kind: 'COMPANY' }, { token: admin });
    expect([blank.statusCode, blank.json().code]).toEqual([400, 'E00001']);
    // The same name is fine under another parent.
    await create('研发部', 'DEPARTMENT', company.id);
    const [audit] = await audits(`dept:${dept.id}`);
    expect(audit.scene_code).toBe('ADMIN_DEPT_CREATE');
    expect(JSON.parse(audit.changes!)).toEqual({ before: null, after: { name: '研发部', kind: 'DEPARTMENT', parentId: sub.id } });
  });

  it('renames a node, and the people placed below it see the new names', async () => {
    const company = await create(unique('Rename'), 'COMPANY');
    const dept = await create(unique('Ops'), 'DEPARTMENT', company.id);
    const person = (await call('users/create', { userId: unique('orgp').toLowerCase().replace(/[^a-z0-9-]/g, ''), userName: '部门成员', deptId: dept.id })).data;
    expect(person).toMatchObject({ companyName: company.name, deptName: dept.name });
    const renamed = await call('organisation/rename', { id: dept.id, name: '运维部' });
    expect(renamed.data).toMatchObject({ name: '运维部', path: `${company.name}/运维部`, userCount: 1, totalUserCount: 1 });
    const newCompany = unique('Renamed');
    await call('organisation/rename', { id: company.id, name: newCompany });
    expect((await call('users/get', { id: person.id })).data).toMatchObject({ companyName: newCompany, deptName: '运维部', deptPath: `${newCompany}/运维部` });
    const sibling = await create(unique('Sib'), 'DEPARTMENT', company.id);
    expect((await call('organisation/rename', { id: sibling.id, name: '运维部' })).code).toBe('E40105');
    expect((await call('organisation/rename', { id: 999_999, name: 'x' })).code).toBe('E00404');
    const audit = (await audits(`dept:${dept.id}`)).find((a) => a.scene_code === 'ADMIN_DEPT_RENAME')!;
    expect(JSON.parse(audit.changes!)).toEqual({ before: { name: dept.name }, after: { name: '运维部' } });
  });

  it('moves a node, refusing a move under itself or below itself', async () => {
    const top = await create(unique('Move'), 'COMPANY');
    const a = await create('A', 'DEPARTMENT', top.id);
    const b = await create('B', 'DEPARTMENT', a.id);
    const c = await create('C', 'DEPARTMENT', b.id);
    const before = await tree();
    for (const parentId of [a.id, b.id, c.id]) {
      const res = await client.post('/admin/v1/organisation/move', { id: a.id, parentId }, { token: admin });
      expect([res.statusCode, res.json().code]).toEqual([200, 'E40101']);
    }
    expect(await tree()).toEqual(before);
    expect((await call('organisation/move', { id: a.id, parentId: null })).code).toBe('E40104');
    const moved = await call('organisation/move', { id: c.id, parentId: a.id });
    expect(moved.data).toMatchObject({ parentId: a.id, path: `${top.name}/A/C` });
    // Now B and C are siblings; B may go below C.
    expect((await call('organisation/move', { id: b.id, parentId: c.id })).data.path).toBe(`${top.name}/A/C/B`);
    const audit = (await audits(`dept:${c.id}`)).find((x) => x.scene_code === 'ADMIN_DEPT_MOVE')!;
    expect(JSON.parse(audit.changes!)).toEqual({ before: { parentId: b.id }, after: { parentId: a.id } });
  });

  it('lets only one of two crossing moves sent together through, so no cycle appears', async () => {
    const top = await create(unique('Cross'), 'COMPANY');
    const x = await create('X', 'DEPARTMENT', top.id);
    const y = await create('Y', 'DEPARTMENT', top.id);
    const answers = await Promise.all([
      call('organisation/move', { id: x.id, parentId: y.id }),
      call('organisation/move', { id: y.id, parentId: x.id }),
    ]);
    expect(answers.map((r) => r.code).sort()).toEqual(['D00000', 'E40101']);
    const nodes = await tree();
    const parents = [x.id, y.id].map((id) => nodes.find((n) => n.id === id)!.parentId);
    expect(parents).toContain(top.id);
  });

  it('deletes only a node with nothing below it and nobody in it', async () => {
    const top = await create(unique('Del'), 'COMPANY');
    const dept = await create('D', 'DEPARTMENT', top.id);
    const staffed = await create('S', 'DEPARTMENT', top.id);
    const person = (await call('users/create', { userId: unique('delp').toLowerCase().replace(/[^a-z0-9-]/g, ''), userName: '在岗', deptId: staffed.id })).data;
    const withChild = await client.post('/admin/v1/organisation/delete', { id: top.id }, { token: admin });
    expect([withChild.statusCode, withChild.json().code]).toEqual([200, 'E40102']);
    expect((await call('organisation/delete', { id: staffed.id })).code).toBe('E40103');
    expect((await call('organisation/delete', { id: 999_999 })).code).toBe('E00404');
    expect((await call('organisation/delete', { id: dept.id })).code).toBe('D00000');
    await call('users/update', { id: person.id, deptId: null });
    expect((await call('users/get', { id: person.id })).data).toMatchObject({ deptId: null, companyName: null, deptName: null });
    expect((await call('organisation/delete', { id: staffed.id })).code).toBe('D00000');
    expect((await call('organisation/delete', { id: top.id })).code).toBe('D00000');
    expect((await tree()).some((n) => [top.id, dept.id, staffed.id].includes(n.id))).toBe(false);
    expect((await audits(`dept:${dept.id}`)).map((a) => a.scene_code)).toEqual(['ADMIN_DEPT_CREATE', 'ADMIN_DEPT_DELETE']);
  });

  it('refuses every organisation endpoint to a non-administrator and changes nothing', async () => {
    const top = await create(unique('Guard'), 'COMPANY');
    const dept = await create('G', 'DEPARTMENT', top.id);
    const before = await tree();
    const attempts: [string, unknown][] = [
      ['organisation/tree', {}],
      ['organisation/create', { name: 'Intruder', kind: 'COMPANY' }],
      ['organisation/rename', { id: dept.id, name: 'Owned' }],
      ['organisation/move', { id: dept.id, parentId: null }],
      ['organisation/delete', { id: dept.id }],
    ];
    for (const [path, body] of attempts) {
      const res = await client.post(`/admin/v1/${path}`, body, { token: lisi });
      expect([res.statusCode, res.json().code], path).toEqual([403, 'E00403']);
    }
    expect(await tree()).toEqual(before);
  });
});
