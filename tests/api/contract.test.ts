import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf, type EndpointSpec } from '../../contract/endpoint.js';
import { allEndpoints } from '../../contract/endpoints/index.js';
import { API_PREFIX, fillPath } from '../../contract/paths.js';
import { integerFields, type FieldPath } from '../../contract/schemas/integers.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; maxLength?: number; minLength?: number; minimum?: number; minItems?: number; items?: JsonSchema; anyOf?: JsonSchema[]; enum?: unknown[]; const?: unknown; default?: unknown; pattern?: string };

const inputSchema = (spec: EndpointSpec): JsonSchema | null =>
  spec.input ? (z.toJSONSchema(spec.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;

/** Values the patterns of the contract accept (SM2 ciphertext is hex; phones are mainland mobiles). */
const PATTERN_EXAMPLES: [RegExp, string][] = [[/0-9a-fA-F/, 'abcdef'], [/1\[3-9\]/, '13800000002']];

/** A value the schema accepts, as plainly as possible, so a test can break one field at a time. */
function sample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return PATTERN_EXAMPLES.find(([p]) => schema.pattern && p.test(schema.pattern))?.[1] ?? 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? [sample(schema.items ?? {})] : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => schema.required?.includes(k)).map(([k, v]) => [k, sample(v)]));
    default:
      return 'x';
  }
}

/** A value of the wrong JSON type for the field. */
function wrongType(schema: JsonSchema): unknown {
  const types = new Set([schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat());
  if (types.has('string') || types.has('null')) return { not: 'text' };
  if (types.has('integer') || types.has('number')) return 'not-a-number';
  if (types.has('boolean')) return 'maybe';
  if (types.has('array')) return 'not-a-list';
  return 12345;
}

/** The JSON schema one step down a field path (through a nullable or union wrapper). */
function childSchema(schema: JsonSchema, key: string | number): JsonSchema {
  const node = schema.anyOf?.find((s) => (typeof key === 'number' ? s.items : s.properties?.[key])) ?? schema;
  return (typeof key === 'number' ? node.items : node.properties?.[key]) ?? {};
}

/** `body` with `value` at `path`, filling in any object or list on the way with a sample of it. */
function withValue(schema: JsonSchema, body: unknown, path: FieldPath, value: unknown): unknown {
  const [key, ...rest] = path;
  const sub = childSchema(schema, key);
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[key] = rest.length ? withValue(sub, copy[key] ?? sample(sub), rest, value) : value;
  return copy;
}

/**
 * Malformed integers: what coercion used to read as numbers (true as 1, [1] and [[158]] as their
 * element, hex and exponent forms), fractions, and blank or padded text. A JSON body takes none
 * of them, nor a digit string: the SPA sends numbers.
 */
const NOT_INTEGERS: unknown[] = [true, false, [1], [[158]], '0x9e', '1e0', 1.5, '1.0', '', ' 1', '1 ', '7'];
/** The same in a query string, where everything is text: only plain decimal digits are an integer. */
const NOT_INTEGER_QUERIES: (string | string[])[] = ['true', 'false', ['1', '1'], '0x9e', '1e0', '1.5', '1.0', '', ' 1', '+1', '01', '-'];

/** Fields a refinement checks beyond their JSON schema, with a value it takes. */
const REFINED_EXAMPLES: Record<string, unknown> = {
  idpSsoUrl: 'https://app.example.com/sso',
  entityId: 'https://sp.example.com/metadata',
  acsUrls: [{ url: 'https://sp.example.com/acs', index: 0, isDefault: true }],
  sloUrl: 'https://sp.example.com/slo',
  ranges: ['10.0.0.0/8'],
};

const WITH_INTEGERS = allEndpoints().filter(([, spec]) => integerFields(spec.input).length > 0);
const POSTS = allEndpoints().filter(([, spec]) => spec.method === 'POST');
const GUARDED = allEndpoints().filter(([, spec]) => spec.access !== 'public');
const ROLE_GATED = allEndpoints().filter(([, spec]) => ['approver', 'manager', 'admin'].includes(spec.access));

describe.each(storeCases())('the API keeps its contract ($name)', (store) => {
  let client: Client;
  /** Holders of every role, so a bad body is what gets refused, not the caller. */
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    client = await startClient(store, 'contract');
    tokens.user = await signIn(client, 'zhangsan');
    tokens.approver = tokens.user;
    tokens.manager = tokens.user;
    tokens.system = await signIn(client, 'admin');
    tokens.security = await signIn(client, 'secadmin');
    tokens.audit = await signIn(client, 'auditor');
    tokens.nobody = await signIn(client, 'emp0150');
  });
  /** A session the endpoint admits: for an administrative one, an administrator holding one of its duties. */
  const tokenFor = (spec: EndpointSpec) =>
    spec.access === 'admin' ? tokens[['system', 'security', 'audit'].find((duty) => (spec.duties as readonly string[] | undefined)?.includes(duty))!] : tokens[spec.access];
  afterAll(async () => { await client?.close(); });

  const send = (spec: EndpointSpec, payload: unknown, token?: string) =>
    client.app.inject({
      method: spec.method,
      url: `${API_PREFIX}${fillPath(spec.path, { clientId: 'x' })}`,
      ...(spec.method === 'POST' ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : { query: payload as Record<string, string> }),
      headers: { 'x-client-id': 'contract-test', 'content-type': 'application/json', ...(token ? { cookie: `idaas_token=${token}` } : {}) },
    });

  it('declares every route it serves', () => {
    expect(client.app.contractCheck.undeclaredRoutes).toEqual([]);
  });

  it('publishes a valid OpenAPI 3.1 document listing every endpoint with its result codes', async () => {
    const res = await client.get('/openapi.json');
    expect(res.statusCode).toBe(200);
    const document = res.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const [, spec] of allEndpoints()) {
      const operation = document.paths[`${API_PREFIX}${spec.path.replace(/:(\w+)/g, '{$1}')}`]?.[spec.method.toLowerCase()];
      expect(operation, `${spec.method} ${spec.path}`).toBeDefined();
      expect(operation['x-result-codes']).toEqual(codesOf(spec));
    }
  });

  it('serves a readable reference page with its scripts from this server', async () => {
    const page = await client.get('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const asset of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])) {
      const res = await client.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each(GUARDED)('%s refuses a caller without a session with E00009, before looking at the input', async (_id, spec) => {
    const res = await send(spec, sample(inputSchema(spec) ?? {}));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('E00009');
  });

  it.each(ROLE_GATED)('%s refuses a signed-in caller without its role with E00403 and changes nothing', async (_id, spec) => {
    const res = await send(spec, sample(inputSchema(spec) ?? {}), tokens.nobody);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E00403');
  });

  it.each(WITH_INTEGERS)('%s takes only JSON integers (or decimal digits in a query string) in its integer fields: 400 E00001 naming the field', async (_id, spec) => {
    const token = tokenFor(spec);
    const schema = inputSchema(spec)!;
    const sampled = sample(schema) as Record<string, unknown>;
    const base = Object.fromEntries(Object.entries(sampled).map(([k, v]) => [k, REFINED_EXAMPLES[k] ?? v]));
    const fields = integerFields(spec.input);
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      const name = field.path.join('.');
      // The body is valid with a good integer here, so the bad one is what gets refused.
      const good = withValue(schema, base, field.path, field.schema.minValue ?? 1);
      expect(spec.input!.safeParse(good).error, `${name} in ${JSON.stringify(good)}`).toBeUndefined();
      const values: unknown[] = spec.method === 'GET' ? NOT_INTEGER_QUERIES : NOT_INTEGERS;
      for (const value of values) {
        // A value another option of the field's union takes (isSuccess: true, status: '') is no integer.
        if (field.alternatives.some((option) => option.safeParse(value).success)) continue;
        const res = await send(spec, withValue(schema, base, field.path, value), token);
        const answer = res.json();
        expect({ name, value, status: res.statusCode, code: answer.code, names: answer.message?.includes(name) })
          .toEqual({ name, value, status: 400, code: 'E00001', names: true });
      }
    }
  });

  it.each(POSTS)('%s answers bad bodies with 400 E00001, never a 5xx', async (_id, spec) => {
    const token = tokenFor(spec);
    const schema = inputSchema(spec);
    const base = (schema ? sample(schema) : {}) as Record<string, unknown>;
    const bodies: unknown[] = ['{"unterminated":', { ...base, notInTheContract: 1 }];
    const props = Object.entries(schema?.properties ?? {});
    if (props.length && schema?.required?.length) bodies.push({});
    for (const [name, prop] of props) {
      bodies.push({ ...base, [name]: wrongType(prop) });
      if (prop.maxLength !== undefined) bodies.push({ ...base, [name]: 'a'.repeat(prop.maxLength + 1) });
    }
    // A field may take more than a JSON body holds by default (a SAML Response comes as a form,
    // an upload has a route limit of its own): over that default, a body may instead be refused
    // as too large, before the schema — still a 4xx with its code, never a 5xx.
    const bodyLimit = client.app.initialConfig.bodyLimit ?? Infinity;
    for (const body of bodies) {
      const res = await send(spec, body, token);
      const answer = { body: JSON.stringify(body).slice(0, 200), status: res.statusCode, code: res.json().code };
      const tooLarge = JSON.stringify(body).length > bodyLimit && res.statusCode === 413;
      expect(answer).toEqual({ body: answer.body, ...(tooLarge ? { status: 413, code: 'E00413' } : { status: 400, code: 'E00001' }) });
    }
  });
});
