import type { z } from 'zod';
import {
  POLICY_SECTIONS, PolicyVersionAction, policyConflict, type Policies, type PoliciesUpdate, type PolicySection, type PolicyVersion, type policiesOut,
  type policyVersionDetail,
} from '../../contract/schemas/admin/policies.js';
import { CODE } from '../../contract/codes.js';
import type { PageResult } from '../../contract/schemas/common.js';
import { AppError } from '../platform/lib/errors.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import { pageToStored, policyDefaults, SECTION_KEYS, type PolicyState } from './settings.js';
import type { PolicyVersionRecord } from './versionsRepository.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminPoliciesEndpoints } from '../../contract/endpoints/admin/policies.js';

type PoliciesOut = z.input<typeof policiesOut>;
type VersionDetail = z.input<typeof policyVersionDetail>;

/** How a save came about: what the audit row and the version say. */
interface SaveKind {
  action: PolicyVersionAction;
  scene: string;
  fromVersion: number | null;
}

const AS_UPDATE: SaveKind = { action: PolicyVersionAction.UPDATE, scene: 'ADMIN_POLICY_UPDATE', fromVersion: null };
const AS_DEFAULTS: SaveKind = { action: PolicyVersionAction.DEFAULTS, scene: 'ADMIN_POLICY_DEFAULTS', fromVersion: null };
const asRollback = (version: number): SaveKind => ({ action: PolicyVersionAction.ROLLBACK, scene: 'ADMIN_POLICY_ROLLBACK', fromVersion: version });

const iso = (ms: number) => new Date(ms).toISOString();
const sectionsOf = (csv: string): PolicySection[] => POLICY_SECTIONS.filter((s) => csv.split(',').includes(s));

/** A stored version's policies, read leniently: an unreadable row shows as absent rather than failing the page. */
function storedPolicies(json: string | null): Policies | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as Policies;
  } catch {
    return null;
  }
}

function versionOut(r: PolicyVersionRecord): PolicyVersion {
  return {
    version: r.id, savedBy: r.savedByAccount, savedByName: r.savedByName, savedAt: iso(r.savedAt), action: r.action as PolicyVersionAction,
    sections: sectionsOf(r.sections), fromVersion: r.fromVersion,
  };
}

/** Another writer saved a section between our read and our write: read again and retry. */
class LostRace extends Error {}
/** Saves are tiny; a change still losing after this many rounds is a bug, not contention. */
const MAX_ROUNDS = 5;

function merged(current: Policies, patch: PoliciesUpdate): Policies {
  const page = patch.loginPage;
  return {
    pwd: { ...current.pwd, ...patch.pwd },
    signIn: { ...current.signIn, ...patch.signIn },
    sessions: { ...current.sessions, ...patch.sessions },
    sms: { ...current.sms, ...patch.sms },
    registration: { ...current.registration, ...patch.registration },
    mfa: { ...current.mfa, ...patch.mfa },
    risk: { ...current.risk, ...patch.risk, signals: patch.risk?.signals ?? current.risk.signals },
    loginPage: {
      ...current.loginPage,
      ...(page?.logoUrl !== undefined ? { logoUrl: page.logoUrl } : {}),
      ...(page?.imageUrl !== undefined ? { imageUrl: page.imageUrl } : {}),
      companyName: { ...current.loginPage.companyName, ...page?.companyName },
      versionInfo: { ...current.loginPage.versionInfo, ...page?.versionInfo },
    },
  };
}

const only = (p: Policies, sections: PolicySection[]) => Object.fromEntries(sections.map((s) => [s, p[s]]));
const answer = (state: Pick<PolicyState, 'policies' | 'customized'>): PoliciesOut => ({ ...state.policies, customized: state.customized });

/**
 * Workbench: the policies. A save merges the fields sent over the sections in force, checks the
 * rules that join fields, and writes each touched section with a compare-and-set, so administrators
 * racing cannot combine two valid changes into an invalid policy; the audit row is written in the
 * same unit of work. This instance drops its cached copy at once; the others within a second.
 */
export function adminPoliciesService(ctx: ServiceContext, base: BaseServices) {
  async function save(actor: AuthUser, patch: PoliciesUpdate, sections: PolicySection[], caller: Caller, kind: SaveKind): Promise<PolicyState> {
    return ctx.transaction(async (repos) => {
      const before = await base.settings.read(repos);
      const after = merged(before.policies, patch);
      const conflict = policyConflict(only(after, sections.filter((s) => s === 'pwd' || s === 'signIn' || s === 'sessions')));
      if (conflict) throw new AppError(conflict);
      for (const section of sections) {
        const key = SECTION_KEYS[section];
        const stored = before.raw.get(key) ?? null;
        const value = section === 'loginPage' ? pageToStored(stored ?? undefined, after.loginPage) : after[section];
        if (!(await repos.config.replace(key, stored, value))) throw new LostRace();
      }
      const changes = { before: only(before.policies, sections), after: only(after, sections) };
      await base.audit.adminChange(actor.userRef, kind.scene, `policy:${sections.join(',')}`, changes, caller, repos);
      await repos.admin.policyVersions.insert({
        savedBy: actor.userRef, savedAt: ctx.clock.now(), action: kind.action, sections: sections.join(','), fromVersion: kind.fromVersion, policies: JSON.stringify(after),
      });
      return { ...before, policies: after, customized: POLICY_SECTIONS.filter((s) => before.customized.includes(s) || sections.includes(s)) };
    });
  }

  return {
    /** Read afresh (not the cached copy): an administrator sees what was just saved anywhere. */
    async get(): Promise<PoliciesOut> {
      return answer(await base.settings.read());
    },

    async update(actor: AuthUser, patch: InputOf<typeof adminPoliciesEndpoints.update>, caller: Caller): Promise<PoliciesOut> {
      return saveRetrying(actor, patch, POLICY_SECTIONS.filter((s) => patch[s] !== undefined), caller, AS_UPDATE);
    },

    async history({ pageNum, pageSize }: InputOf<typeof adminPoliciesEndpoints.history>): Promise<PageResult<PolicyVersion>> {
      const found = await ctx.repos.admin.policyVersions.page(pageNum, pageSize);
      return { ...found, datas: found.datas.map(versionOut) };
    },

    async version({ version }: InputOf<typeof adminPoliciesEndpoints.version>): Promise<VersionDetail> {
      const found = await ctx.repos.admin.policyVersions.find(version);
      const policies = found && storedPolicies(found.policies);
      if (!found || !policies) throw new AppError(CODE.notFound);
      return { ...versionOut(found), policies, previous: storedPolicies(found.previous) };
    },

    /**
     * Back to an earlier version: its complete policies saved as a new version, through the same
     * checks and compare-and-set as a change, touching only the sections that differ from now.
     */
    async rollback(actor: AuthUser, { version }: InputOf<typeof adminPoliciesEndpoints.rollback>, caller: Caller): Promise<PoliciesOut> {
      const found = await ctx.repos.admin.policyVersions.find(version);
      const target = found && storedPolicies(found.policies);
      if (!target) throw new AppError(CODE.notFound);
      const now = (await base.settings.read()).policies;
      const differing = POLICY_SECTIONS.filter((s) => target[s] !== undefined && JSON.stringify(target[s]) !== JSON.stringify(now[s]));
      return saveRetrying(actor, only(target, differing) as PoliciesUpdate, differing, caller, asRollback(version));
    },

    /** Sections back to the server's configured defaults (what they were before anyone saved them), as a new version. */
    async restoreDefaults(actor: AuthUser, { sections }: InputOf<typeof adminPoliciesEndpoints.restoreDefaults>, caller: Caller): Promise<PoliciesOut> {
      const chosen = POLICY_SECTIONS.filter((s) => sections.includes(s));
      return saveRetrying(actor, only(policyDefaults(ctx.config), chosen) as PoliciesUpdate, chosen, caller, AS_DEFAULTS);
    },
  };

  async function saveRetrying(actor: AuthUser, patch: PoliciesUpdate, sections: PolicySection[], caller: Caller, kind: SaveKind): Promise<PoliciesOut> {
    if (!sections.length) return answer(await base.settings.read());
    for (let round = 1; ; round++) {
      try {
        const state = await save(actor, patch, sections, caller, kind);
        base.settings.invalidate();
        return answer(state);
      } catch (error) {
        if (!(error instanceof LostRace) || round >= MAX_ROUNDS) throw error;
      }
    }
  }
}
