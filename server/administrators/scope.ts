import { CODE } from '../../contract/codes.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import type { AuthUser, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { indexTree } from '../organisation/tree.js';

/**
 * What an administrator reaches: everything (system and security administrators, and anyone the
 * endpoint's duties let in without a narrower reach), one department subtree (a department
 * administrator, or a SCIM token scoped to a department), or the applications they own.
 * The one place that decides it: services ask these helpers and never read duties themselves.
 */
export type PeopleScope = { kind: 'all' } | { kind: 'subtree'; rootRef: number; deptRefs: number[] };
export type AppScope = { kind: 'all' } | { kind: 'apps'; appRefs: number[] };
export type AdminScope = PeopleScope | AppScope;

export const EVERYTHING: { kind: 'all' } = Object.freeze({ kind: 'all' });

/**
 * Refused as outside the reach. Deliberately the same answer as an id that does not exist (404
 * class): guessing ids tells a delegated administrator nothing about what lies beyond their reach.
 */
export const outsideScope = () => new AppError(CODE.outsideScope);

/** Whether a person placed in `deptRef` is within the reach (an unplaced person belongs to no subtree). */
export function reaches(scope: PeopleScope, deptRef: number | null): boolean {
  return scope.kind === 'all' || (deptRef !== null && scope.deptRefs.includes(deptRef));
}

/** Refuses (E60205) a person or a placement outside the reach. */
export function refuseOutside(scope: PeopleScope, deptRef: number | null): void {
  if (!reaches(scope, deptRef)) throw outsideScope();
}

/**
 * A list's department filter confined to the reach: the filter itself when everything is
 * reached, the reach when there is no filter, else the nodes of both (none: nobody matches).
 */
export function confineDepts(scope: PeopleScope, deptRefs: number[] | undefined): number[] | undefined {
  if (scope.kind === 'all') return deptRefs;
  return deptRefs === undefined ? scope.deptRefs : deptRefs.filter((d) => scope.deptRefs.includes(d));
}

/** Whether an application is within the reach. */
export function reachesApp(scope: AppScope, appRef: number): boolean {
  return scope.kind === 'all' || scope.appRefs.includes(appRef);
}

/** Refuses (E60205) an application outside the reach. */
export function refuseOutsideApp(scope: AppScope, appRef: number): void {
  if (!reachesApp(scope, appRef)) throw outsideScope();
}

/** The applications a list is confined to; undefined: all of them. */
export const confineApps = (scope: AppScope): number[] | undefined => (scope.kind === 'all' ? undefined : scope.appRefs);

/** Reads the caller's reach from their duty (cached per request by the access service) and the organisation tree. */
export function scopeService(ctx: ServiceContext, base: Pick<BaseServices, 'access'>) {
  /** The subtree of a department as it stands now: a node gone since the duty was given reaches nobody. */
  async function subtree(rootRef: number): Promise<PeopleScope> {
    const tree = indexTree(await ctx.repos.admin.departments.all());
    return { kind: 'subtree', rootRef, deptRefs: tree.find(rootRef) ? tree.subtree(rootRef) : [] };
  }

  return {
    subtree,
    /** Whose people the caller administers: a department administrator their subtree, other duties everyone. */
    async people(user: AuthUser): Promise<PeopleScope> {
      const held = await base.access.dutyOf(user);
      if (held?.duty !== 'department') return EVERYTHING;
      // A department duty without a department (the schema refuses one) reaches nobody rather than everyone.
      return held.deptRef === null ? { kind: 'subtree', rootRef: 0, deptRefs: [] } : subtree(held.deptRef);
    },
    /** Which applications the caller administers: system and security administrators all, an owner those they own. */
    async apps(user: AuthUser): Promise<AppScope> {
      const held = await base.access.dutyOf(user);
      if (held?.duty === 'system' || held?.duty === 'security') return EVERYTHING;
      return { kind: 'apps', appRefs: await ctx.repos.access.ownedApps(user.userRef) };
    },
    /**
     * An application the caller administers, by id: an owner's own; for owners, ids of others and
     * ids nobody has alike answer E60205, so neither tells which applications exist.
     */
    async app(user: AuthUser, id: number) {
      const scope = await this.apps(user);
      const app = await ctx.repos.admin.apps.find(id);
      if (!app) throw scope.kind === 'all' ? notFound() : outsideScope();
      refuseOutsideApp(scope, id);
      return app;
    },
    /**
     * A delegated administrator acts on the people of their subtree, never on another
     * administrator there (nor on themselves through the workbench): E60203. Reading them is fine.
     */
    async refuseAdministrator(scope: PeopleScope, targetRef: number): Promise<void> {
      if (scope.kind === 'subtree' && (await ctx.repos.access.dutyOf(targetRef))) throw new AppError(CODE.adminCredentials);
    },
  };
}

export type ScopeService = ReturnType<typeof scopeService>;
