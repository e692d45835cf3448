import { expect } from 'vitest';
import { allEndpoints } from '../../contract/endpoints/index.js';
import { signIn, type Client } from './harness.js';

let seq = 0;
/** A name no other test (or run) uses. */
export const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${seq++}`;

/** Sessions of the three demo administrators separated by duty. */
export interface AdministratorTokens { system: string; security: string; audit: string }

export async function signInAdministrators(client: Client): Promise<AdministratorTokens> {
  const [system, security, audit] = await Promise.all(['admin', 'secadmin', 'auditor'].map((account) => signIn(client, account)));
  return { system, security, audit };
}

const DUTIES = new Map(allEndpoints().map(([, spec]) => [spec.path, spec.duties ?? []]));

/**
 * Picks, for a workbench path (under /admin/v1), the session of an administrator whose duty the
 * endpoint names: the system administrator where allowed, else the security one, else the audit one.
 */
export function byDuty(tokens: () => AdministratorTokens): (path: string) => string {
  return (path) => {
    const duties = DUTIES.get(`/admin/v1${path}`);
    const duty = (['system', 'security', 'audit'] as const).find((d) => duties?.includes(d));
    if (!duty) throw new Error(`no administrator duty may call /admin/v1${path}`);
    return tokens()[duty];
  };
}

/**
 * The workbench API as its suites call it: `post` answers the reply, `ok` insists on D00000 and
 * answers the data, `audits` reads the operation-log rows of one scene and target. The client
 * and the administrator's token (for the path called: see byDuty) are read when called, as the
 * suite's `beforeAll` sets them.
 */
export function adminApi(client: () => Client, admin: (path: string) => string) {
  const post = (path: string, body: unknown, token = admin(path)) => client().post(`/admin/v1${path}`, body, { token });
  const ok = async (path: string, body: unknown, token = admin(path)) => {
    const res = await post(path, body, token);
    expect(res.json().code, `${path} ${res.body}`).toBe('D00000');
    return res.json().data;
  };
  const audits = (scene: string, target: string) =>
    client().app.store.db.selectFrom('operation_log').selectAll().where('scene_code', '=', scene).where('target', '=', target).orderBy('id').execute();
  return { post, ok, audits };
}

/** The status of a CSV import once its job has finished (the run continues after the upload answers). */
export async function finishedImport(client: Client, token: string, jobId: string) {
  for (let i = 0; i < 200; i++) {
    const status = (await client.post('/admin/v1/users/import/status', { jobId }, { token })).json().data;
    if (status.done) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}
