import type { z } from 'zod';
import {
  POLICY_SECTIONS, policyConflict, type Policies, type PoliciesUpdate, type PolicySection, type policiesOut,
} from '../../contract/schemas/admin/policies.js';
import { AppError } from '../platform/lib/errors.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import { pageToStored, SECTION_KEYS, type PolicyState } from './settings.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminPoliciesEndpoints } from '../../contract/endpoints/admin/policies.js';

type PoliciesOut = z.input<typeof policiesOut>;

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
  async function save(actor: AuthUser, patch: PoliciesUpdate, sections: PolicySection[], caller: Caller): Promise<PolicyState> {
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
      await base.audit.adminChange(actor.userRef, 'ADMIN_POLICY_UPDATE', `policy:${sections.join(',')}`, changes, caller, repos);
      return { ...before, policies: after, customized: POLICY_SECTIONS.filter((s) => before.customized.includes(s) || sections.includes(s)) };
    });
  }

  return {
    /** Read afresh (not the cached copy): an administrator sees what was just saved anywhere. */
    async get(): Promise<PoliciesOut> {
      return answer(await base.settings.read());
    },

    async update(actor: AuthUser, patch: InputOf<typeof adminPoliciesEndpoints.update>, caller: Caller): Promise<PoliciesOut> {
      const sections = POLICY_SECTIONS.filter((s) => patch[s] !== undefined);
      if (!sections.length) return answer(await base.settings.read());
      for (let round = 1; ; round++) {
        try {
          const state = await save(actor, patch, sections, caller);
          base.settings.invalidate();
          return answer(state);
        } catch (error) {
          if (!(error instanceof LostRace) || round >= MAX_ROUNDS) throw error;
        }
      }
    },
  };
}
