import { z } from 'zod';
import { LIMITS } from '../../../contract/rules.js';
import { INT32_MAX, queryIntIn, text } from '../../../contract/schemas/common.js';
import { SCHEMA, type Attribute, type ResourceShape } from './schema.js';

/**
 * What SCIM requests may carry, checked with zod like every other input of the server: bounded
 * strings, bounded lists, and unknown attributes refused — except the RFC 7643 attributes
 * identity providers send by default and this server does not keep, which are accepted and
 * dropped (listed in the resource's shape).
 */

/** true/false, also as the strings Azure AD sends ("True", "False"). */
const boolish = z.union([z.boolean(), z.string().regex(/^(true|false)$/i, 'must be true or false').transform((v) => v.toLowerCase() === 'true')]);
const urn = text(LIMITS.textMax);
const schemas = z.array(urn).min(1, 'name the schemas').max(LIMITS.scimValuesMax);
const externalId = text(LIMITS.scimExternalIdMax).nullable().optional();
const typeText = text(LIMITS.typeCodeMax).nullable().optional();
/** Values of attributes this server ignores: anything JSON, within the body limit. */
const ignoredValue = z.unknown().optional();
const ignored = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, ignoredValue]));

const multi = <T extends z.ZodType>(item: T, max: number = LIMITS.scimValuesMax) => z.array(item).max(max).nullable().optional();

const email = z.object({
  value: text(LIMITS.emailMax).trim(),
  type: typeText,
  primary: boolish.optional(),
  display: text(LIMITS.emailMax).nullable().optional(),
}).strict();

const phone = z.object({
  value: text(LIMITS.mobileMax).trim(),
  type: typeText,
  primary: boolish.optional(),
  display: text(LIMITS.mobileMax).nullable().optional(),
}).strict();

const nameText = text(LIMITS.userNameMax).nullable().optional();

export function userInput(shape: ResourceShape) {
  return z.object({
    schemas,
    userName: text(LIMITS.accountMax).trim().min(1, 'userName is required'),
    externalId,
    name: z.object({
      formatted: nameText, familyName: nameText, givenName: nameText, middleName: nameText, honorificPrefix: nameText, honorificSuffix: nameText,
    }).strict().nullable().optional(),
    displayName: text(LIMITS.userNameMax).trim().nullable().optional(),
    title: text(LIMITS.positionMax).trim().nullable().optional(),
    userType: typeText,
    active: boolish.optional(),
    password: text(LIMITS.textMax).optional(),
    emails: multi(email),
    phoneNumbers: multi(phone),
    [SCHEMA.enterprise]: z.object({
      department: text(LIMITS.deptPathMax).trim().nullable().optional(),
      ...ignored(shape.extensions[SCHEMA.enterprise].ignored),
    }).strict().nullable().optional(),
    ...ignored(shape.container.ignored),
  }).strict();
}
export type UserInput = z.output<ReturnType<typeof userInput>>;

const memberValue = z.object({
  value: text(LIMITS.textMax).trim().min(1),
  display: text(LIMITS.userNameMax).nullable().optional(),
  type: typeText,
  $ref: text(LIMITS.urlMax).nullable().optional(),
}).strict();

/**
 * A group as a client sends it (members bounded), or as a PATCH leaves it (every current
 * member is in the document, however large the group).
 */
export const groupInput = (membersMax: number = LIMITS.scimMembersMax) => z.object({
  schemas,
  displayName: text(LIMITS.groupNameMax).trim().min(1, 'displayName is required'),
  externalId,
  members: multi(memberValue, membersMax),
  [SCHEMA.portalGroup]: z.object({
    groupCode: text(LIMITS.groupCodeMax).trim().nullable().optional(),
    groupType: z.string().transform((v) => v.toUpperCase()).pipe(z.enum(['SECURITY', 'MAIL'])).nullable().optional(),
    email: text(LIMITS.emailMax).trim().nullable().optional(),
    manager: z.object({ value: text(LIMITS.textMax).trim().min(1), display: text(LIMITS.userNameMax).nullable().optional() }).strict().nullable().optional(),
  }).strict().nullable().optional(),
}).strict();
export type GroupInput = z.output<ReturnType<typeof groupInput>>;

export const patchInput = z.object({
  schemas,
  Operations: z.array(z.object({
    op: text(LIMITS.typeCodeMax).transform((v) => v.toLowerCase()).pipe(z.enum(['add', 'replace', 'remove'])),
    path: text(LIMITS.scimFilterMax).optional(),
    value: z.unknown().optional(),
  }).strict()).min(1, 'at least one operation').max(LIMITS.scimPatchOpsMax),
}).strict();
export type PatchInput = z.output<typeof patchInput>;

/** List parameters (RFC 7644 §3.4.2): out-of-range numbers are brought in range, as the RFC says. */
export const listQuery = z.object({
  filter: text(LIMITS.scimFilterMax).optional(),
  startIndex: queryIntIn(-INT32_MAX, INT32_MAX).optional().transform((v) => Math.max(1, v ?? 1)),
  count: queryIntIn(-INT32_MAX, INT32_MAX).optional().transform((v) => Math.min(LIMITS.scimCountMax, Math.max(0, v ?? LIMITS.scimCountMax))),
  attributes: text(LIMITS.scimFilterMax).optional(),
  excludedAttributes: text(LIMITS.scimFilterMax).optional(),
  /** Sorting is not offered (ServiceProviderConfig says so); lists come in id order. */
  sortBy: text(LIMITS.textMax).optional(),
  sortOrder: text(LIMITS.typeCodeMax).optional(),
}).strict();
export type ListQuery = z.output<typeof listQuery>;

export const attributesQuery = listQuery.pick({ attributes: true, excludedAttributes: true });

/**
 * A document with its attribute names as the schema spells them: SCIM names are not
 * case-sensitive, zod's keys are. Names it does not know stay as sent (and are refused).
 */
export function canonicalKeys(doc: unknown, names: readonly string[]): unknown {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return doc;
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  return Object.fromEntries(Object.entries(doc).map(([k, v]) => [byLower.get(k.toLowerCase()) ?? k, v]));
}

/** The attributes of one schema, and the values of complex ones, with their names spelt canonically. */
function canonicalContainer(doc: unknown, attributes: readonly Attribute[], extra: readonly string[]): unknown {
  const top = canonicalKeys(doc, [...attributes.map((a) => a.name), ...extra]);
  if (!top || typeof top !== 'object' || Array.isArray(top)) return top;
  const out = { ...(top as Record<string, unknown>) };
  for (const attribute of attributes) {
    const subs = attribute.subAttributes?.map((a) => a.name);
    if (!subs || out[attribute.name] === undefined) continue;
    const value = out[attribute.name];
    out[attribute.name] = Array.isArray(value) ? value.map((v) => canonicalKeys(v, subs)) : canonicalKeys(value, subs);
  }
  return out;
}

/** A resource document as a client sent it, with every name (top, extension, sub-attribute) spelt as the schema spells it. */
export function canonicalDocument(doc: unknown, shape: ResourceShape): unknown {
  const urns = Object.keys(shape.extensions);
  const out = canonicalContainer(doc, shape.container.attributes, ['schemas', ...urns, ...shape.container.ignored]);
  if (!out || typeof out !== 'object' || Array.isArray(out)) return out;
  const record = out as Record<string, unknown>;
  for (const urn of urns) {
    if (record[urn] !== undefined) record[urn] = canonicalContainer(record[urn], shape.extensions[urn].attributes, shape.extensions[urn].ignored);
  }
  return record;
}
