import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allEndpoints } from '../../contract/endpoints/index.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

/**
 * Bad input of every shape against every POST endpoint, on both stores: NUL characters,
 * integers past 32 bits, 41–128-character strings, arrays and objects where scalars belong.
 * Whatever the body, the answer is never a 5xx. Each endpoint's fields come from its declaration
 * in the contract, which is what the server parses, so new endpoints are covered.
 */

interface Def { type: string; innerType?: Schema; shape?: Record<string, Schema> }
type Schema = z.ZodType & { _zod: { def: Def } };

/** The fields of an object schema, through optional() and default() wrappers. */
function fieldsOf(schema: unknown): Record<string, Schema> {
  let current = schema as Schema | undefined;
  while (current) {
    const def = current._zod.def;
    if (def.type === 'object') return def.shape ?? {};
    current = def.innerType;
  }
  return {};
}

/** A tiny seeded generator, so a failing run can be repeated exactly. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)], int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

const NUL = 'a\u0000b';
const JUNK: readonly unknown[] = [
  '\u0000', NUL, 'x'.repeat(41), 'y'.repeat(64), 'z'.repeat(128), `${'w'.repeat(100)}\u0000`, '١٢٣', '😀'.repeat(40), '', ' ',
  2 ** 31, 2 ** 53, -1, -(2 ** 31) - 1, 1e308, 0.5, 'NaN', 'Infinity', '1e999', '2147483648', '-0x10',
  ['\u0000'], [2 ** 31], ['x'.repeat(129)], [[['deep']]], { nested: { deep: '\u0000' } }, { $gt: '' }, null, true,
];

/** Values a field might accept, tried in order to build a body that passes validation. */
const CANDIDATES: readonly unknown[] = ['fuzz.user', '13800000009', 1, false, 'ACCOUNT', 'PA_ACCOUNT', ['fuzz.user'], [], [1], {}];
/** Real values for fields a made-up one would stop at the first lookup (filled in once signed in). */
const NAMED: Record<string, unknown> = { email: 'fuzz@example.com' };

const accepts = (field: Schema, value: unknown) => field.safeParse(value).success;
/** SM2 ciphertext fields: hex only. */
const isCipher = (field: Schema) => !accepts(field, 'xyz') && accepts(field, 'abcdef');

/** The hostile variants of one field's valid value. */
function hostile(value: unknown): unknown[] {
  if (typeof value === 'string') return [`${value.slice(0, 4)}\u0000${value.slice(4)}`];
  if (typeof value === 'number') return [2 ** 31];
  if (Array.isArray(value)) return [[typeof value[0] === 'number' ? 2 ** 31 : NUL]];
  return [NUL];
}

const POSTS = allEndpoints().filter(([, spec]) => spec.method === 'POST').map(([, spec]) => spec);

describe.each(storeCases())('fuzzing every POST endpoint ($name)', (store) => {
  let client: Client;
  let token: string;
  beforeAll(async () => {
    client = await startClient(store, 'fuzz');
    token = await signIn(client, 'lisi');
    const [app] = (await client.post('/personal/v1/user-app/list-by-user', {}, { token })).json().data;
    Object.assign(NAMED, { clientId: app.clientId, appId: app.appId });
  });
  afterAll(async () => { await client?.close(); });

  it('never answers 5xx, whatever the body', async () => {
    const rnd = random(20260518);
    const failures: string[] = [];
    let sent = 0;

    for (const spec of POSTS) {
      const { path } = spec;
      const kind = spec.access === 'public' ? 'public' : 'user';
      const fields = fieldsOf(spec.input);

      /** A body that passes validation, with fresh ciphertexts (each is accepted once). */
      const valid = async (): Promise<Record<string, unknown>> => {
        const body: Record<string, unknown> = {};
        for (const [name, field] of Object.entries(fields)) {
          if (isCipher(field)) {
            body[name] = await client.encrypt(name === 'userId' ? 'fuzz.nobody' : 'Fuzz#Pass2026');
            continue;
          }
          const value = [NAMED[name], ...CANDIDATES].find((c) => c !== undefined && accepts(field, c));
          if (value !== undefined) body[name] = structuredClone(value);
        }
        return body;
      };

      // Each field turned hostile on its own (the rest valid, so the bad value gets as far as it
      // can), then a random junk value in a random field, every string at once, an oversized
      // device name, and a body of the wrong shape altogether.
      const variants: (() => Promise<unknown>)[] = [];
      const base = await valid();
      const names = Object.keys(fields);
      for (const name of names) {
        for (const bad of hostile(base[name] ?? '')) variants.push(async () => ({ ...(await valid()), [name]: bad }));
      }
      const [junkField, junk] = [rnd.pick(names.length ? names : ['deviceName']), rnd.pick(JUNK)];
      variants.push(async () => ({ ...(await valid()), [junkField]: junk }));
      variants.push(async () => Object.fromEntries(Object.entries(await valid()).map(([k, v]) => [k, typeof v === 'string' ? NUL : v])));
      const longName = 'n'.repeat(rnd.int(41, 128));
      variants.push(async () => ({ ...(await valid()), deviceName: longName }));
      const shapeless = rnd.pick([Object.fromEntries(names.map((k) => [k, { nested: { deep: [NUL, 2 ** 31] } }])), [NUL], NUL, 2 ** 31, null, [[{}]]]);
      variants.push(async () => shapeless);

      for (const variant of variants) {
        const body = await variant();
        const ip = `10.77.${(sent >> 8) & 255}.${sent & 255}`;
        sent++;
        let res = await client.post(path, body, { token: kind === 'user' ? token : undefined, ip });
        if (kind === 'user' && res.statusCode === 401) {
          // A variant may legitimately end the session (password changed, device signed out).
          token = await signIn(client, 'lisi');
          res = await client.post(path, body, { token, ip });
        }
        if (res.statusCode >= 500) failures.push(`${path} ${JSON.stringify(body).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(POSTS.length).toBeGreaterThan(60);
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 120_000);
});
