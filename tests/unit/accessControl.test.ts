import { describe, expect, it } from 'vitest';
import type { AccessDetail } from '../../contract/endpoints/account';
import { createAccessControlProvider, WORKBENCH } from '../../src/providers/accessControlProvider';
import { createHttp } from '../../src/shared/providers/http';
import { createSessionStore, memoryStorage } from '../../src/shared/providers/storage';
import { fakeTransport, ok } from './fakeTransport';

const NOBODY: AccessDetail = { admin: false, approver: false, manager: false, duty: null, appOwner: false };

/** A provider whose server answers `/personal/v1/access` with the given capabilities. */
function setup(access: Partial<AccessDetail>) {
  const fake = fakeTransport(() => ok({ ...NOBODY, ...access }));
  const store = createSessionStore(memoryStorage(), memoryStorage());
  const provider = createAccessControlProvider(createHttp({ transport: fake.transport }), store);
  return { provider, store, sent: fake.sent };
}

describe('accessControlProvider', () => {
  it('lets an approver pass and reject, and nobody else', async () => {
    const approver = setup({ approver: true });
    expect(await approver.provider.can({ resource: 'approvals', action: 'pass' })).toEqual({ can: true });
    expect(await approver.provider.can({ resource: 'approvals', action: 'reject' })).toEqual({ can: true });
    expect(await approver.provider.can({ resource: 'approvals', action: 'list' })).toEqual({ can: true });
    const manager = setup({ manager: true, admin: true });
    expect(await manager.provider.can({ resource: 'approvals', action: 'pass' })).toMatchObject({ can: false });
    expect(await manager.provider.can({ resource: 'approvals', action: 'list' })).toMatchObject({ can: false });
  });

  it('lets a manager manage members, groups and mailboxes, and nobody else', async () => {
    const manager = setup({ manager: true });
    for (const [resource, action] of [['members', 'create'], ['members', 'delete'], ['groups', 'transfer'], ['mailboxes', 'resetPassword'], ['mailboxes', 'list']]) {
      expect(await manager.provider.can({ resource, action })).toEqual({ can: true });
    }
    const approver = setup({ approver: true, admin: true });
    for (const [resource, action] of [['members', 'create'], ['members', 'delete'], ['groups', 'transfer'], ['mailboxes', 'resetPassword'], ['mailboxes', 'list']]) {
      expect(await approver.provider.can({ resource, action })).toMatchObject({ can: false });
    }
  });

  it('opens the workbench for administrators only', async () => {
    expect(await setup({ admin: true }).provider.can({ resource: WORKBENCH, action: 'open' })).toEqual({ can: true });
    expect(await setup({ approver: true, manager: true }).provider.can({ resource: WORKBENCH, action: 'open' })).toMatchObject({ can: false });
  });

  it('asks the server once per session and forgets the answer on a new sign-in', async () => {
    const t = setup({ approver: true });
    await t.provider.can({ resource: 'approvals', action: 'pass' });
    await t.provider.can({ resource: 'members', action: 'create' });
    expect(t.sent.map((r) => r.url)).toEqual(['/idaas/personal/v1/access']);
    expect(t.store.access()).toEqual({ ...NOBODY, approver: true });
    t.store.setRoleCodes(['EMPLOYEE']);
    expect(t.store.access()).toBeNull();
    await t.provider.can({ resource: 'approvals', action: 'pass' });
    expect(t.sent).toHaveLength(2);
  });

  it('leaves a user\'s own requests and logs open without asking, and hides gated actions when the answer fails', async () => {
    const t = setup({});
    expect(await t.provider.can({ resource: 'requests', action: 'delete' })).toEqual({ can: true });
    expect(await t.provider.can({ resource: 'logs', action: 'list' })).toEqual({ can: true });
    expect(t.sent).toHaveLength(0);
    const failing = fakeTransport(() => ({ network: 'ERR_NETWORK' }));
    const provider = createAccessControlProvider(createHttp({ transport: failing.transport }), createSessionStore(memoryStorage(), memoryStorage()));
    expect(await provider.can({ resource: 'approvals', action: 'pass' })).toMatchObject({ can: false });
  });
});
