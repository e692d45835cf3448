import { CODE } from '../../../contract/codes.js';
import { INT32_MAX } from '../../../contract/schemas/common.js';
import { AppError, notFound } from '../../platform/lib/errors.js';
import type { Repos } from '../../composition/repositories.js';
import type { ScimRepo } from './repository.js';
import type { Links, ScimDocument } from './resources.js';
import { SCHEMA } from './schema.js';
import type { AdminGroupsService } from '../../groups/adminService.js';
import type { ScimActor } from './tokensAdminService.js';
import type { AdminUsersService } from '../../organisation/usersAdminService.js';
import type { AuditService } from '../../audit/service.js';
import type { AuthUser, Caller, ServiceContext } from '../../composition/context.js';

/**
 * One SCIM write's transaction: SCIM's queries and the workbench's users and groups services,
 * all on it, so a version check (If-Match), the writes it guards and their audit rows stand or
 * fall together. The services' own transactions become savepoints inside it.
 */
export interface ScimTx {
  ctx: ServiceContext;
  scim: ScimRepo;
  users: AdminUsersService;
  groups: AdminGroupsService;
}

/** SCIM's own reads, and transactions over both the portal's repositories and its own. */
export interface ScimStore {
  repo: ScimRepo;
  transaction: <T>(work: (repos: Repos, scim: ScimRepo) => Promise<T>) => Promise<T>;
  write: <T>(work: (tx: ScimTx) => Promise<T>) => Promise<T>;
}

/**
 * What the SCIM services are built from: the workbench's users and groups services — the same
 * functions, so the same rules — whose audit rows say SCIM_… rather than ADMIN_….
 */
export interface ScimDeps {
  store: ScimStore;
  users: AdminUsersService;
  groups: AdminGroupsService;
  audit: AuditService;
}

/** One SCIM call: who it acts for, from where, and the base its links are made on. */
export interface ScimCall {
  actor: ScimActor;
  caller: Caller;
  links: Links;
}

/** The workbench's services take an administrator; a SCIM call acts as its token's creator. */
export const actingUser = (actor: ScimActor): AuthUser => ({ userRef: actor.actorRef, account: actor.account, sessionId: 0, instanceId: 'scim' });

/** A resource id from the URL: the numeric id as text; anything else names nothing (404). */
export function resourceId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1 || id > INT32_MAX) throw notFound();
  return id;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** What an If-Match header asks (RFC 7644 §3.14, RFC 9110 §13.1.1): nothing (absent or blank), any version (`*`), or one of these. */
export type Precondition = null | '*' | string[];

export function preconditionOf(ifMatch: string | undefined): Precondition {
  if (ifMatch === undefined || ifMatch.trim() === '') return null;
  const tags = ifMatch.split(',').map((t) => t.trim()).filter(Boolean);
  return tags.includes('*') ? '*' : tags.map(opaque);
}

/** The write goes ahead only when the client's version is the current one (weak comparison; `*` matches any). */
export function checkVersion(precondition: Precondition, version: string): void {
  if (precondition === null || precondition === '*') return;
  if (!precondition.includes(opaque(version))) throw new AppError(CODE.scimVersionMismatch);
}

export function listResponse(resources: ScimDocument[], total: number, startIndex: number): ScimDocument {
  return { schemas: [SCHEMA.listResponse], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

/** A document a client sent, without what it may send but never sets (RFC 7644 §3.5.1: read-only values are ignored). */
export function withoutReadOnly(doc: unknown, readOnly: readonly string[]): unknown {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return doc;
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !readOnly.includes(k.toLowerCase())));
}

/**
 * The audit service with the workbench's scenes renamed for this path (ADMIN_USER_CREATE →
 * SCIM_USER_CREATE): the same rows, in the same transactions, saying the change came by SCIM.
 */
export function scimAudit(audit: AuditService): AuditService {
  return {
    ...audit,
    adminChange: (actorRef, sceneCode, target, change, caller, repos) =>
      audit.adminChange(actorRef, sceneCode.replace(/^ADMIN_/, 'SCIM_'), target, change, caller, repos),
  };
}
