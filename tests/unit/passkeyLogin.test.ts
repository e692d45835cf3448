import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../contract/schemas/auth';
import type { AuthenticationCredential } from '../../contract/schemas/factors';
import { createAuth, type LoginResult } from '../../src/providers/authProvider';
import { createHttp } from '../../src/shared/providers/http';
import { createSessionStore, memoryStorage } from '../../src/shared/providers/storage';
import { fakeTransport, ok, refused } from './fakeTransport';

/*
 * Passwordless sign-in goes through the same provider as a password: the same device
 * fields, and the same rules for what the answer leads to (self-service steps, return path).
 */

const base: LoginResponse = {
  passwordExpireDays: 0,
  secondAuth: false,
  steps: [],
  srmi: null,
  appId: null,
  instanceId: 'inst-7',
  userId: 'emp0133',
  redirectUrl: null,
};

const credential: AuthenticationCredential = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};

function setup(answer: LoginResponse | null) {
  const fake = fakeTransport((req) => {
    const path = req.url.replace('/idaas', '');
    if (path === '/auth/v1/passkey/login-check') return answer ? ok(answer) : refused('E11012', 'not registered');
    if (path === '/auty/v1/group/authority/user-roles') return ok([{ id: 1, code: 'STAFF_USER', name: 'staff' }]);
    return refused('E00404', 'not found', 404);
  });
  const store = createSessionStore(memoryStorage(), memoryStorage());
  const http = createHttp({ transport: fake.transport, instanceId: () => store.instanceId(), translate: (k) => k });
  const auth = createAuth({
    http,
    encrypt: async (value) => `enc(${value})`,
    device: async () => ({ deviceId: 'fp-1', deviceName: 'Chrome' }),
    store,
    feedback: { error: () => undefined, refusal: () => undefined, confirm: () => undefined },
    translate: (key) => key,
    page: { assign: () => undefined, path: () => '/login' },
  });
  return { auth, sent: fake.sent, store };
}

describe('authProvider.login with a passkey', () => {
  it('posts the assertion unchanged with the device fields and appId, and lands like a password sign-in', async () => {
    const t = setup(base);
    const result = (await t.auth.provider.login({ loginType: 'PASSKEY', credential, appId: 'app-1', query: { a: '1' } })) as LoginResult;
    expect(result).toEqual({ success: true, redirectTo: '/myApp' });
    expect(t.sent[0].url).toBe('/idaas/auth/v1/passkey/login-check');
    expect(t.sent[0].body).toEqual({ credential, appId: 'app-1', query: { a: '1' }, deviceId: 'fp-1', deviceName: 'Chrome' });
    expect(t.store.instanceId()).toBe('inst-7');
  });

  it('goes to the self-service steps the answer lists, keeping the return path', async () => {
    const t = setup({ ...base, srmi: 'srmi-1', instanceId: null, steps: [{ code: 'ENROL-FACTOR', title: '', message: 'PASSKEY' }, { code: 'FINISH', title: '', message: '' }] });
    const result = (await t.auth.provider.login({ loginType: 'PASSKEY', credential, returnTo: '/safe' })) as LoginResult;
    expect(result).toEqual({ success: true, redirectTo: '/selfService' });
    expect(t.store.checkInfo<{ srmi: string; returnTo: string }>()).toMatchObject({ srmi: 'srmi-1', returnTo: '/safe' });
  });

  it('a refused passkey is a failed sign-in carrying its code', async () => {
    const t = setup(null);
    const result = (await t.auth.provider.login({ loginType: 'PASSKEY', credential })) as LoginResult;
    expect(result.success).toBe(false);
    expect((result.error as { code?: string }).code).toBe('E11012');
  });
});
