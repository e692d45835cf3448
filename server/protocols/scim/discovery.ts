import { LIMITS } from '../../../contract/rules.js';
import type { Links, ScimDocument } from './resources.js';
import { SCHEMA, SCHEMAS, type Attribute, type SchemaDefinition } from './schema.js';

/** What a client may learn about this server before it provisions (RFC 7644 §4, RFC 7643 §5-7). */
export function serviceProviderConfig(links: Links): ScimDocument {
  return {
    schemas: [SCHEMA.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: LIMITS.scimCountMax },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [{
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'A provisioning token made by an administrator in the workbench (SCIM tokens), sent as Authorization: Bearer <token>',
      primary: true,
    }],
    meta: { resourceType: 'ServiceProviderConfig', location: `${links.base}/ServiceProviderConfig` },
  };
}

const RESOURCE_TYPES = [
  { id: 'User', name: 'User', endpoint: '/Users', description: 'Portal accounts', schema: SCHEMA.user, extension: SCHEMA.enterprise },
  { id: 'Group', name: 'Group', endpoint: '/Groups', description: 'Security and mail groups', schema: SCHEMA.group, extension: SCHEMA.portalGroup },
] as const;

export function resourceTypes(links: Links): ScimDocument[] {
  return RESOURCE_TYPES.map((t) => ({
    schemas: [SCHEMA.resourceType],
    id: t.id,
    name: t.name,
    endpoint: t.endpoint,
    description: t.description,
    schema: t.schema,
    schemaExtensions: [{ schema: t.extension, required: false }],
    meta: { resourceType: 'ResourceType', location: `${links.base}/ResourceTypes/${t.id}` },
  }));
}

/** An attribute with every characteristic spelled out, defaults included (RFC 7643 §7). */
function describe(a: Attribute): ScimDocument {
  return {
    name: a.name,
    type: a.type,
    multiValued: a.multiValued ?? false,
    description: a.description,
    required: a.required ?? false,
    ...(a.type === 'string' || a.type === 'reference' ? { caseExact: a.caseExact ?? false } : {}),
    ...(a.canonicalValues ? { canonicalValues: a.canonicalValues } : {}),
    ...(a.referenceTypes ? { referenceTypes: a.referenceTypes } : {}),
    mutability: a.mutability ?? 'readWrite',
    returned: a.returned ?? 'default',
    uniqueness: a.uniqueness ?? 'none',
    ...(a.subAttributes ? { subAttributes: a.subAttributes.map(describe) } : {}),
  };
}

export function schemas(links: Links): ScimDocument[] {
  return SCHEMAS.map((s: SchemaDefinition) => ({
    schemas: [SCHEMA.schema],
    id: s.id,
    name: s.name,
    description: s.description,
    attributes: s.attributes.map(describe),
    meta: { resourceType: 'Schema', location: `${links.base}/Schemas/${s.id}` },
  }));
}
