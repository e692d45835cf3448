import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_DUTIES, type DutyGrant } from '../../contract/duties.js';
import type { EndpointSpec } from '../../contract/endpoint.js';
import { allEndpoints } from '../../contract/endpoints/index.js';
import { API_PREFIX, fillPath, paths as apiPaths } from '../../contract/paths.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

/**
 * Every administrative endpoint against every kind of caller, made from the declarations: a new
 * endpoint joins the matrix by being declared, and cannot leave it without a line below. Only the
 * door is checked (refused with E00403, or let through to whatever answer follows); which records
 * a department administrator or an application owner then reaches is the services' concern.
 */

/** Endpoints the matrix cannot call with an empty body or query, each with why. None today. */
const NOT_CALLABLE: Record<string, string> = {};

type Actor = 'anonymous' | 'employee' | 'system' | 'security' | 'audit' | 'department' | 'appOwner';

/** Who signs in as each actor; the application owner holds no duty and owns one application. */
const ACCOUNTS: Record<Exclude<Actor, 'anonymous'>, string> = {
  employee: 'lisi',
  system: 'admin',
  security: 'secadmin',
  audit: 'auditor',
  department: 'deptadmin',
  appOwner: 'emp0001',
};
const ACTORS: Actor[] = ['anonymous', ...(Object.keys(ACCOUNTS) as Actor[])];

const administrative = allEndpoints().filter(([, spec]) => spec.access === 'admin');
const callable = administrative.filter(([id]) => !(id in NOT_CALLABLE));

/** What the door should answer an actor: signed out, refused, or let in (any other answer). */
function expected(actor: Actor, spec: EndpointSpec): 'E00009' | 'E00403' | 'in' {
  if (actor === 'anonymous') return 'E00009';
  if (actor === 'employee') return 'E00403';
  return spec.duties?.includes(actor as DutyGrant) ? 'in' : 'E00403';
}

/** The envelope's code, or what a streamed download came as. */
function answerOf(res: LightMyRequestResponse): string {
  if (String(res.headers['content-type']).startsWith('text/csv')) return `${res.statusCode} text/csv`;
  try {
    return (res.json() as { code: string }).code;
  } catch {
    return `${res.statusCode} ${res.body.slice(0, 80)}`;
  }
}

const BATCH = 24;
/** Hundreds of calls per test, some of them real work (a key rotation, a CSV export): slow beside other suites on two cores. */
const MATRIX_TIMEOUT = 180_000;

describe('authorisation matrix declarations', () => {
  it('has administrative endpoints, each naming known duties', () => {
    expect(administrative.length).toBeGreaterThan(50);
    const known = new Set<string>([...ADMIN_DUTIES, 'appOwner']);
    const bad = administrative.filter(([, spec]) => !spec.duties?.length || spec.duties.some((duty) => !known.has(duty))).map(([id]) => id);
    expect(bad).toEqual([]);
  });

  it('excuses only endpoints that exist and are administrative', () => {
    const ids = new Set(administrative.map(([id]) => id));
    expect(Object.keys(NOT_CALLABLE).filter((id) => !ids.has(id))).toEqual([]);
    for (const reason of Object.values(NOT_CALLABLE)) expect(reason.length).toBeGreaterThan(10);
  });

  it('gives every duty, and the application owner, something to call', () => {
    for (const grant of [...ADMIN_DUTIES, 'appOwner'] as const) {
      expect(administrative.some(([, spec]) => spec.duties?.includes(grant)), grant).toBe(true);
    }
  });
});

describe.each(storeCases())('authorisation matrix ($name)', (store) => {
  let client: Client;
  const tokens = new Map<Actor, string | undefined>();

  beforeAll(async () => {
    client = await startClient(store, 'authzmatrix');
    const db = client.app.store.db;
    const app = await db.selectFrom('apps').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const owner = await db.selectFrom('users').select('id').where('user_id', '=', ACCOUNTS.appOwner).executeTakeFirstOrThrow();
    await db.insertInto('app_owners').values({ app_ref: app.id, user_ref: owner.id, granted_at: Date.now() }).execute();
    tokens.set('anonymous', undefined);
    // One sign-in per actor: the matrix must not spend the sign-in budgets.
    for (const [actor, account] of Object.entries(ACCOUNTS)) tokens.set(actor as Actor, await signIn(client, account));
    const access = (await client.post(apiPaths.personal.access, {}, { token: tokens.get('appOwner') })).json().data;
    expect(access).toMatchObject({ duty: null, appOwner: true });
  });
  afterAll(async () => { await client?.close(); });

  const call = (spec: EndpointSpec, token: string | undefined) => {
    const path = fillPath(spec.path, {});
    return spec.method === 'GET' ? client.get(path, { token }) : client.post(path, {}, { token });
  };

  /** Runs every (endpoint, actor) pair of the list in parallel batches and answers the mismatches. */
  async function mismatches(actors: Actor[], pick: (actor: Actor, spec: EndpointSpec) => boolean): Promise<string[]> {
    const pairs = callable.flatMap(([id, spec]) => actors.filter((actor) => pick(actor, spec)).map((actor) => ({ id, spec, actor })));
    expect(pairs.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (let i = 0; i < pairs.length; i += BATCH) {
      const batch = pairs.slice(i, i + BATCH);
      const answers = await Promise.all(batch.map(({ spec, actor }) => call(spec, tokens.get(actor)).then(answerOf)));
      batch.forEach(({ id, spec, actor }, n) => {
        const want = expected(actor, spec);
        const got = answers[n];
        const fine = want === 'in' ? got !== 'E00403' && got !== 'E00009' && !got.startsWith('5') && got !== 'E00500' : got === want;
        if (!fine) wrong.push(`${id} (${spec.method} ${spec.path}) as ${actor}: expected ${want === 'in' ? 'to be let in' : want}, got ${got}`);
      });
    }
    return wrong;
  }

  // Refusals first: they reach no handler, so nothing an admitted call changes can sway them.
  it('refuses every administrative endpoint to a signed-out caller with E00009', async () => {
    expect(await mismatches(['anonymous'], () => true)).toEqual([]);
  }, MATRIX_TIMEOUT);

  it('refuses every administrative endpoint to a plain employee with E00403', async () => {
    expect(await mismatches(['employee'], () => true)).toEqual([]);
  }, MATRIX_TIMEOUT);

  it('refuses each administrator every endpoint outside their duties with E00403', async () => {
    const wrong = await mismatches(['system', 'security', 'audit', 'department', 'appOwner'], (actor, spec) => expected(actor, spec) === 'E00403');
    expect(wrong).toEqual([]);
  }, MATRIX_TIMEOUT);

  it('lets each administrator through the door of every endpoint naming their duty', async () => {
    const wrong = await mismatches(['system', 'security', 'audit', 'department', 'appOwner'], (actor, spec) => expected(actor, spec) === 'in');
    expect(wrong).toEqual([]);
    // The admitted calls still hold every session: none of them signed anyone out.
    for (const actor of ACTORS.filter((a) => a !== 'anonymous')) {
      expect((await client.post(apiPaths.personal.access, {}, { token: tokens.get(actor) })).json().code, actor).toBe('D00000');
    }
  }, MATRIX_TIMEOUT);

  it('shows each administrative operation\'s duties in the OpenAPI document', async () => {
    const res = await client.get('/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { 'x-access'?: string; 'x-duties'?: string[] }>>;
    const missing = administrative
      .filter(([, spec]) => {
        const operation = paths[`${API_PREFIX}${spec.path.replace(/:(\w+)/g, '{$1}')}`]?.[spec.method.toLowerCase()];
        return JSON.stringify(operation?.['x-duties']) !== JSON.stringify(spec.duties);
      })
      .map(([id]) => id);
    expect(missing).toEqual([]);
    const undocumented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).filter(([, op]) => op['x-access'] === 'admin' && !op['x-duties']?.length).map(([method]) => `${method} ${path}`));
    expect(undocumented).toEqual([]);
  });
});
