import { describe, expect, it } from 'vitest';
import { createAccessControlProvider, WORKBENCH } from '../../src/providers/accessControlProvider';
import { createHttp } from '../../src/providers/http';
import { createSessionStore, memoryStorage } from '../../src/providers/storage';
import { fakeAdapter, ok } from './fakeAdapter';

function setup(roles: unknown) {
  const fake = fakeAdapter(() => ok(roles));
  const store = createSessionStore(memoryStorage(), memoryStorage());
  const provider = createAccessControlProvider(createHttp({ adapter: fake.adapter, notifyError: () => undefined }), store);
  return { provider, store, sent: fake.sent };
}

describe('accessControlProvider', () => {
  it('opens the workbench only for a role code containing admin in any case', async () => {
    const admin = setup(null);
    admin.store.setRoleCodes(['staff', 'secADMIN']);
    expect(await admin.provider.can({ resource: WORKBENCH, action: 'open' })).toEqual({ can: true });
    const staff = setup(null);
    staff.store.setRoleCodes(['staff']);
    expect(await staff.provider.can({ resource: WORKBENCH, action: 'open' })).toEqual({ can: false });
  });

  it('fetches the roles when this browser has none stored', async () => {
    const t = setup([{ id: 1, code: 'SYS_ADMIN', name: 'a' }]);
    expect(await t.provider.can({ resource: WORKBENCH, action: 'open' })).toEqual({ can: true });
    expect(t.sent[0].url).toBe('/idaas/auty/v1/group/authority/user-roles');
    expect(t.store.roleCodes()).toEqual(['SYS_ADMIN']);
  });

  it('allows everything else: the server enforces record rules', async () => {
    const t = setup(null);
    expect(await t.provider.can({ resource: 'requests', action: 'delete' })).toEqual({ can: true });
    expect(t.sent).toHaveLength(0);
  });
});
