import { z } from 'zod';
import { OK, codes, envelopeStatus, type ResultCode } from '../../contract/codes.js';
import { codesOf, type EndpointSpec } from '../../contract/endpoint.js';
import { allEndpoints } from '../../contract/endpoints/index.js';
import { API_PREFIX } from '../../contract/paths.js';
import { LIMITS } from '../../contract/rules.js';
import { casOpenApiPaths } from '../protocols/cas/openapi.js';
import { samlOpenApiPaths } from '../protocols/saml/openapi.js';

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** The `{code, message, data}` envelope around an endpoint's data. */
function envelope(data: Json, answered: ResultCode[]): Json {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code: { type: 'string', enum: answered }, message: { type: 'string' }, data },
  };
}

const describe = (list: ResultCode[]) => list.map((code) => `${code}: ${codes[code].en}`).join('; ');

/** One response per HTTP status the endpoint's codes use (as the envelope answers them), each naming its codes and what they mean. */
function responses(spec: EndpointSpec): Json {
  const byStatus = new Map<number, ResultCode[]>();
  for (const code of codesOf(spec)) {
    const status = envelopeStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Json = {};
  for (const [status, all] of [...byStatus].sort(([a], [b]) => a - b)) {
    // A navigation never answers the envelope on success (it redirects), a download streams.
    const list = status === 200 && (spec.redirect || spec.produces) ? all.filter((code) => code !== OK) : all;
    if (status === 200 && spec.produces) {
      out['200'] = { description: `A ${spec.produces} download, streamed${list.length ? `; refusals answer the envelope: ${describe(list)}` : ''}`, content: { [spec.produces]: { schema: { type: 'string' } } } };
      continue;
    }
    if (list.length === 0) continue;
    const success = list.includes(OK);
    const refusals = list.some((code) => code !== OK);
    // Refusals the product decided answer 200 too (envelopeStatus): their data is null or the refusal's own fields.
    const data = success ? (refusals ? { anyOf: [schemaOf(spec.output, 'output'), {}] } : schemaOf(spec.output, 'output')) : {};
    out[String(status)] = {
      description: describe(list),
      content: { 'application/json': { schema: envelope(data, list) } },
    };
  }
  if (spec.redirect) out['302'] = { description: 'Redirects the browser onwards' };
  return out;
}

/** GET inputs are query (and path) parameters, one per property of the input object. */
function parameters(spec: EndpointSpec): Json[] {
  const pathParams = [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const list: Json[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (spec.method === 'GET' && spec.input) {
    const schema = schemaOf(spec.input, 'input');
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, prop] of Object.entries(props)) {
      if (!pathParams.includes(name)) list.push({ name, in: 'query', required: required.has(name), schema: prop });
    }
  }
  if (spec.method === 'POST' && !spec.crossSiteForm) list.push({ name: 'X-Client-Id', in: 'header', required: true, schema: { type: 'string', maxLength: LIMITS.clientHeaderMax }, description: 'Any non-empty client name; cross-site forms cannot send it' });
  return list;
}

function operation(id: string, spec: EndpointSpec): Json {
  return {
    operationId: id.replace('.', '_'),
    tags: [id.split('.')[0]],
    summary: spec.summary,
    ...(spec.duties ? { description: `Administrator duties that may call it: ${spec.duties.join(', ')}.` } : {}),
    'x-access': spec.access,
    ...(spec.duties ? { 'x-duties': spec.duties } : {}),
    'x-result-codes': codesOf(spec),
    ...(spec.access === 'public' ? { security: [] } : {}),
    parameters: parameters(spec),
    ...(spec.method === 'POST' && spec.input
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.input, 'input') } } } }
      : {}),
    responses: responses(spec),
  };
}

/** OpenAPI 3.1 of the whole API, made from the contract's declarations. */
export function openApiDocument(withDev: boolean): Json {
  const paths: Record<string, Json> = {};
  for (const [id, spec] of allEndpoints(withDev)) {
    const path = `${API_PREFIX}${spec.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] = { ...(paths[path] ?? {}), [spec.method.toLowerCase()]: operation(id, spec) };
  }
  // The protocol endpoints beside the API, in their own answer formats.
  Object.assign(paths, casOpenApiPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'IDaaS portal API',
      version: '1',
      description: 'Every answer is the envelope {code, message, data}; `code` D00000 is success, any other is a refusal whose message is in the language of Accept-Language (zh by default).',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }, { bearer: [] }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'idaas_token' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    // The protocol endpoints beside the API (HTML and XML answers, not the envelope).
    paths: { ...paths, ...samlOpenApiPaths },
  };
}
