import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startClient, storeCases, type Client } from './harness.js';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const RACERS = 12;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * If-Match holds under concurrency (issue 27): of writes sent at once with one ETag, exactly one
 * is applied and the others answer 412 — on one instance, and on two instances sharing one
 * PostgreSQL database, as behind a load balancer. (Two SQLite instances are two processes on one
 * file; in one test process better-sqlite3's synchronous busy wait would stall the other.)
 */
describe.each(storeCases())('SCIM If-Match under concurrency ($name)', (store) => {
  let a: Client;
  let b: Client;
  let n = 0;
  beforeAll(async () => {
    const url = await store.seededUrl('scimifmatch');
    a = await startClient(store, 'scimifmatch', {}, undefined, url);
    b = store.name === 'postgres' ? await startClient(store, 'scimifmatch', {}, undefined, url) : a;
  });
  afterAll(async () => {
    await a?.close();
    if (b !== a) await b?.close();
  });

  const scim = (client: Client, method: Method, path: string, body?: unknown, headers: Record<string, string> = {}) => client.app.inject({
    method, url: `/scim/v2${path}`,
    headers: { authorization: 'Bearer demo-scim-token', ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }), ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const account = () => `race.${Date.now().toString(36)}${n++}`;
  const createUser = async () => {
    const res = await scim(a, 'POST', '/Users', { schemas: [USER], userName: account(), displayName: 'Racer', title: 'Start' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; userName: string; meta: { version: string } };
  };
  const createGroup = async () => {
    const res = await scim(a, 'POST', '/Groups', { schemas: [GROUP], displayName: `Race group ${Date.now().toString(36)}-${n++}` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; displayName: string; meta: { version: string } };
  };
  /** The answers of RACERS requests sent at once, to one instance or alternately to both. */
  const race = (instances: Client[], send: (client: Client, i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: RACERS }, (_, i) => send(instances[i % instances.length], i)));
  /** Exactly one applied (`ok`), every other one a SCIM 412 without scimType; the winner's index. */
  const oneWins = (answers: LightMyRequestResponse[], ok: number): number => {
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === ok), JSON.stringify(statuses)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412), JSON.stringify(statuses)).toHaveLength(RACERS - 1);
    for (const lost of answers.filter((r) => r.statusCode === 412)) {
      expect(lost.headers['content-type']).toContain('application/scim+json');
      const body = lost.json();
      expect(body).toMatchObject({ schemas: [ERROR], status: '412', detail: expect.stringMatching(/^E40507: /) });
      expect(body.scimType).toBeUndefined();
    }
    return statuses.indexOf(ok);
  };

  const setups = [['one instance', () => [a]], ['two instances on one database', () => [a, b]]] as const;
  for (const [label, instances] of store.name === 'postgres' ? setups : setups.slice(0, 1)) {
    describe(label, () => {
      it('applies one of the user PATCHes sent at once with one ETag; the others answer 412', async () => {
        const user = await createUser();
        const answers = await race(instances(), (client, i) =>
          scim(client, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'title', value: `Racer ${i}` }] }, { 'if-match': user.meta.version }));
        const winner = oneWins(answers, 200);
        const now = (await scim(b, 'GET', `/Users/${user.id}`)).json();
        expect(now.title).toBe(`Racer ${winner}`);
        expect(now.meta.version).toBe(answers[winner].json().meta.version);
        expect(now.meta.version).not.toBe(user.meta.version);
      });

      it('applies one of the user PUTs sent at once with one ETag, even when they all send the same document', async () => {
        const user = await createUser();
        const answers = await race(instances(), (client) =>
          scim(client, 'PUT', `/Users/${user.id}`, { schemas: [USER], userName: user.userName, displayName: 'Racer', title: 'Same' }, { 'if-match': user.meta.version }));
        oneWins(answers, 200);
        expect((await scim(a, 'GET', `/Users/${user.id}`)).json().title).toBe('Same');
      });

      it('deletes a user once among DELETEs sent at once with one ETag; the others answer 412', async () => {
        const user = await createUser();
        oneWins(await race(instances(), (client) => scim(client, 'DELETE', `/Users/${user.id}`, undefined, { 'if-match': user.meta.version })), 204);
        expect((await scim(b, 'GET', `/Users/${user.id}`)).statusCode).toBe(404);
      });

      it('applies one of the group PATCHes sent at once with one ETag; the others answer 412', async () => {
        const group = await createGroup();
        const users: { id: string }[] = [];
        for (let i = 0; i < RACERS; i++) users.push(await createUser());
        const answers = await race(instances(), (client, i) =>
          scim(client, 'PATCH', `/Groups/${group.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: users[i].id }] }] }, { 'if-match': group.meta.version }));
        const winner = oneWins(answers, 200);
        const now = (await scim(b, 'GET', `/Groups/${group.id}`)).json();
        expect(now.members.map((m: { value: string }) => m.value)).toEqual([users[winner].id]);
        expect(now.meta.version).not.toBe(group.meta.version);
      });

      it('applies one of the group PUTs, and deletes a group once, among requests sent at once with one ETag', async () => {
        const group = await createGroup();
        const answers = await race(instances(), (client, i) =>
          scim(client, 'PUT', `/Groups/${group.id}`, { schemas: [GROUP], displayName: `${group.displayName} ${i}` }, { 'if-match': group.meta.version }));
        const winner = oneWins(answers, 200);
        const now = (await scim(a, 'GET', `/Groups/${group.id}`)).json();
        expect(now.displayName).toBe(`${group.displayName} ${winner}`);
        oneWins(await race(instances(), (client) => scim(client, 'DELETE', `/Groups/${group.id}`, undefined, { 'if-match': now.meta.version })), 204);
        expect((await scim(b, 'GET', `/Groups/${group.id}`)).statusCode).toBe(404);
      });
    });
  }
});
