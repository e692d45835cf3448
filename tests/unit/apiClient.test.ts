import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientEndpoints } from '../../build/clientEndpoints';
import { CODE } from '../../contract/codes';
import { passwordEndpoints } from '../../contract/endpoints/passwords';
import { API_PREFIX, paths } from '../../contract/paths';
import { call, resolvePath } from '../../src/shared/providers/api';
import { ApiError } from '../../src/shared/providers/apiError';
import { http } from '../../src/shared/providers/http';
import { errorNotice } from '../../src/shared/providers/notificationProvider';
import { fakeTransport, ok, refused } from './fakeTransport';

function answer(reply: ReturnType<typeof ok> | ReturnType<typeof refused>) {
  const fake = fakeTransport(() => reply);
  http.useTransport(() => fake.transport);
  return fake.sent;
}

describe('typed client', () => {
  it('posts the input to the declared path and resolves the data', async () => {
    const sent = answer(ok({ msgCodeKey: 'k1' }));
    const result = await call(passwordEndpoints.forgetSendOtp, { requestId: 'r1' });
    expect(result.msgCodeKey).toBe('k1');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: `${API_PREFIX}${paths.user.forgetSendOtp}`, body: { requestId: 'r1' } });
  });

  it('fills :params from a GET input and sends the rest as the query', async () => {
    const sent = answer(ok(['a']));
    const declared = { method: 'GET', path: '/things/:clientId/list', output: z.array(z.string()) } as const;
    await expect(call(declared, { clientId: 'a b', page: 2 } as never)).resolves.toEqual(['a']);
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${API_PREFIX}/things/a%20b/list`, params: { page: '2' } });
    expect(resolvePath('/plain', { x: 1 })).toEqual({ url: '/plain', rest: { x: 1 } });
  });

  it('rejects a refusal with its code', async () => {
    answer(refused(CODE.ticketExpired, 'expired', 400));
    await expect(call(passwordEndpoints.forgetSendOtp, { requestId: 'r1' })).rejects.toMatchObject({ code: CODE.ticketExpired });
  });
});

describe('browser view of the declarations', () => {
  it('keeps method and path of every declaration and leaves the schemas out', async () => {
    const plugin = clientEndpoints();
    const load = plugin.load as (id: string) => string | null;
    const code = load('/x/contract/endpoints/passwords.ts');
    expect(code).not.toBeNull();
    expect(code).not.toContain('_zod');
    const module = (await import(`data:text/javascript,${encodeURIComponent(code ?? '')}`)) as { passwordEndpoints: Record<string, unknown> };
    expect(Object.keys(module.passwordEndpoints)).toEqual(Object.keys(passwordEndpoints));
    expect(module.passwordEndpoints.forgetSendOtp).toEqual({ method: 'POST', path: paths.user.forgetSendOtp });
    expect(load('/x/src/pages/api.ts')).toBeNull();
  });
});

describe('error notifications', () => {
  it('shows the server text, except for the codes the page or the auth provider handles', () => {
    const notice = errorNotice([CODE.smsRefused]);
    expect(notice(new ApiError(CODE.internalError, 'busy'))).toEqual({ type: 'error', message: 'busy', key: CODE.internalError });
    expect(notice(new ApiError(CODE.notSignedIn, 'sign in'))).toBe(false);
    expect(notice(new ApiError(CODE.smsRefused, 'wrong'))).toBe(false);
    expect(notice(new ApiError('CANCELLED', 'cancelled'))).toBe(false);
  });
});
