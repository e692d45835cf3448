import { createHash } from 'node:crypto';
import { GroupType } from '../../../contract/enums.js';
import type { ScimGroupRow, ScimMember, ScimUserRow } from './repository.js';
import { SCHEMA } from './schema.js';

/** SCIM documents of the portal's users and groups (RFC 7643 §4), as every answer and every PATCH sees them. */
export type ScimDocument = Record<string, unknown>;

/** Where the resources live, e.g. https://idaas.example.com/scim/v2 (meta.location, $ref). */
export interface Links {
  base: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A user's version: a weak ETag of the moment it last changed (users.updated_at). */
export const userVersion = (row: Pick<ScimUserRow, 'updatedAt'>) => `W/"${row.updatedAt}"`;

/**
 * A group's version: groups keep no change time, so it is a digest of what a client can see
 * change — the fields and a stamp of the members (count, ids, latest addition).
 */
export function groupVersion(row: ScimGroupRow, memberStamp: string): string {
  const state = [row.groupName, row.email, row.externalId, row.managerRef, row.groupType, memberStamp].join('\u0000');
  return `W/"${createHash('sha256').update(state).digest('base64url').slice(0, 16)}"`;
}

export function toScimUser(row: ScimUserRow, links: Links, extra: { department: string | null; groups?: { id: number; name: string }[] }): ScimDocument {
  const doc: ScimDocument = {
    schemas: extra.department ? [SCHEMA.user, SCHEMA.enterprise] : [SCHEMA.user],
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.account,
    // The parts as a client wrote them, beside the full name the portal shows (they may differ: a displayName wins the full name).
    name: { formatted: row.userName, ...(row.familyName ? { familyName: row.familyName } : {}), ...(row.givenName ? { givenName: row.givenName } : {}) },
    displayName: row.userName,
    ...(row.positionName ? { title: row.positionName } : {}),
    userType: row.userType,
    active: row.enabled,
    ...(row.email ? { emails: [{ value: row.email, type: 'work', primary: true }] } : {}),
    ...(row.mobileNo ? { phoneNumbers: [{ value: row.mobileNo, type: 'mobile', primary: true }] } : {}),
    ...(extra.groups?.length ? { groups: extra.groups.map((g) => ({ value: String(g.id), display: g.name, $ref: `${links.base}/Groups/${g.id}` })) } : {}),
    ...(extra.department ? { [SCHEMA.enterprise]: { department: extra.department } } : {}),
    meta: {
      resourceType: 'User',
      created: iso(row.createdAt),
      lastModified: iso(row.updatedAt),
      location: `${links.base}/Users/${row.id}`,
      version: userVersion(row),
    },
  };
  return doc;
}

export const groupTypeName = (groupType: number) => (groupType === GroupType.MAIL ? 'MAIL' : 'SECURITY');

export function toScimGroup(row: ScimGroupRow, links: Links, extra: { members?: ScimMember[]; memberStamp: string }): ScimDocument {
  return {
    schemas: [SCHEMA.group, SCHEMA.portalGroup],
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.groupName,
    ...(extra.members?.length
      ? { members: extra.members.map((m) => ({ value: String(m.id), display: m.userName, type: 'User', $ref: `${links.base}/Users/${m.id}` })) }
      : {}),
    [SCHEMA.portalGroup]: {
      groupCode: row.groupCode,
      groupType: groupTypeName(row.groupType),
      ...(row.email ? { email: row.email } : {}),
      manager: { value: String(row.managerRef), ...(row.managerName ? { display: row.managerName } : {}) },
    },
    meta: {
      resourceType: 'Group',
      created: iso(row.createdAt),
      // Groups keep no change time: the creation time is the last one known.
      lastModified: iso(row.createdAt),
      location: `${links.base}/Groups/${row.id}`,
      version: groupVersion(row, extra.memberStamp),
    },
  };
}

/**
 * `attributes` / `excludedAttributes` (RFC 7644 §3.4.2.5) on the top level: id, schemas and
 * meta are always returned, as the RFC asks; naming a sub-attribute keeps its whole attribute.
 */
export function project(doc: ScimDocument, core: string, attributes?: string, excluded?: string): ScimDocument {
  const corePrefix = `${core.toLowerCase()}:`;
  const names = (list?: string) => (list ? list.split(',').map((raw) => {
    let n = raw.trim().toLowerCase();
    if (n.startsWith(corePrefix)) n = n.slice(corePrefix.length);
    return n.startsWith('urn:') ? n : n.split('.')[0];
  }).filter(Boolean) : null);
  const keep = names(attributes);
  const drop = names(excluded);
  if (!keep && !drop) return doc;
  const always = new Set(['id', 'schemas', 'meta']);
  // An extension is named by its URN, or by its URN and one of its attributes.
  const named = (list: string[], lower: string) => list.some((n) => n === lower || (lower.startsWith('urn:') && n.startsWith(`${lower}:`)));
  return Object.fromEntries(Object.entries(doc).filter(([key]) => {
    const lower = key.toLowerCase();
    if (always.has(lower)) return true;
    return keep ? named(keep, lower) : !named(drop!, lower);
  }));
}
