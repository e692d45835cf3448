import { z } from 'zod';
import { DEFAULT_PASSWORD_POLICY } from '../../contract/rules.js';
import {
  mfaRules, POLICY_SECTIONS, pwdRules, registrationRules, sessionRules, signInRules, smsRules, type Policies, type PolicySection,
} from '../../contract/schemas/admin/policies.js';
import { riskRules } from '../../contract/schemas/risk.js';
import type { Config } from '../platform/config.js';
import type { Repos } from '../composition/repositories.js';
import type { ServiceContext } from '../composition/context.js';
import { LOGIN_PAGE_KEY, type StoredLoginPage } from './loginPageStore.js';

/**
 * How long an instance trusts the policies it read. Another instance's change shows within this;
 * the instance that saved drops its copy at once.
 */
const FRESH_MS = 1000;

/**
 * Where each section is kept (config table). Each section is its own row, so two administrators
 * saving different sections never overwrite each other. The sign-in page keeps the row it always
 * had (also read by the second-factor page and seeded in demo mode).
 */
export const SECTION_KEYS: Record<PolicySection, string> = {
  pwd: 'policy.pwd',
  signIn: 'policy.signIn',
  sessions: 'policy.sessions',
  sms: 'policy.sms',
  registration: 'policy.registration',
  mfa: 'policy.mfa',
  risk: 'policy.risk',
  loginPage: LOGIN_PAGE_KEY,
};

/** A stored section is read leniently (unknown fields dropped, bad ones ignored): a bad row must not stop sign-in. */
const STORED = {
  pwd: z.object(pwdRules.shape).partial(),
  signIn: z.object(signInRules.shape).partial(),
  sessions: z.object(sessionRules.shape).partial(),
  sms: z.object(smsRules.shape).partial(),
  registration: z.object(registrationRules.shape).partial(),
  mfa: z.object(mfaRules.shape).partial(),
  risk: z.object(riskRules.shape).partial(),
};
const storedPage = z.object({
  id: z.string().optional(),
  imageUrl: z.string().optional(),
  logoUrl: z.string().optional(),
  companyName: z.string().optional(),
  versionInfo: z.string().optional(),
  translations: z.record(z.string(), z.record(z.string(), z.string()).optional()).optional(),
});

/** The policies of sections never saved: the server's configuration (environment), as before the workbench. */
export function policyDefaults(config: Config): Policies {
  return {
    pwd: { ...DEFAULT_PASSWORD_POLICY, expiryDays: config.passwordExpiryDays, reminderDays: config.passwordRemindDays, historyCount: config.passwordHistory },
    signIn: {
      captchaAfter: config.lockout.captchaAfter,
      lockAfter: config.lockout.lockAfter,
      lockMinutes: config.lockout.lockMinutes,
      ipFailuresPerHour: config.lockout.ipFailuresPerHour,
    },
    sessions: { idleMinutes: config.session.idleMinutes, absoluteHours: config.session.absoluteHours },
    sms: { dailyPerNumber: config.otp.dailyPerNumber },
    registration: { enabled: config.registrationEnabled, approval: config.registrationApproval },
    // Nobody by type: the second factor stays the per-user and per-application switches until an administrator says otherwise.
    mfa: { requiredUserTypes: [], passkeyForAdmins: false },
    // Judged and recorded from the first day, acting only on what is plainly wrong: a second factor
    // for an unusual sign-in, a refusal for travel no one can make; people hear of new devices and networks.
    risk: { enabled: true, medium: 'ALLOW', high: 'STEP_UP', signals: { BLOCKED_ZONE: 'REFUSE', IMPOSSIBLE_TRAVEL: 'STEP_UP' }, newDeviceDays: 90, notify: true, enrolOnStepUp: true },
    loginPage: { companyName: { zh: '', en: '' }, versionInfo: { zh: '', en: '' }, logoUrl: '', imageUrl: '' },
  };
}

function parseJson(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The sign-in page as the workbench edits it, from its stored form (zh as the base, en as an override). */
function pageFromStored(raw: string | undefined, fallback: Policies['loginPage']): Policies['loginPage'] {
  const parsed = storedPage.safeParse(parseJson(raw));
  if (!parsed.success) return fallback;
  const page = parsed.data;
  const en = page.translations?.en ?? {};
  return {
    companyName: { zh: page.companyName ?? '', en: en.companyName ?? '' },
    versionInfo: { zh: page.versionInfo ?? '', en: en.versionInfo ?? '' },
    logoUrl: page.logoUrl ?? '',
    imageUrl: page.imageUrl ?? '',
  };
}

/** The stored form of the sign-in page, keeping whatever else the row held (its id, other translations). */
export function pageToStored(raw: string | undefined, page: Policies['loginPage']): StoredLoginPage {
  const parsed = storedPage.safeParse(parseJson(raw));
  const old = parsed.success ? parsed.data : {};
  const { companyName: _c, versionInfo: _v, ...otherEn } = old.translations?.en ?? {};
  const en = { ...otherEn, ...(page.companyName.en ? { companyName: page.companyName.en } : {}), ...(page.versionInfo.en ? { versionInfo: page.versionInfo.en } : {}) };
  return {
    id: old.id ?? 'default',
    companyName: page.companyName.zh,
    versionInfo: page.versionInfo.zh,
    logoUrl: page.logoUrl,
    imageUrl: page.imageUrl,
    translations: { ...old.translations, en },
  };
}

/** The policies in force: each stored section over the configuration's defaults, and the rows they came from. */
export interface PolicyState {
  policies: Policies;
  /** Sections with a stored row. */
  customized: PolicySection[];
  /** Each stored row's JSON text, as read (what a compare-and-set expects). */
  raw: Map<string, string>;
}

export function readPolicyState(raw: Map<string, string>, config: Config): PolicyState {
  const defaults = policyDefaults(config);
  const section = <K extends keyof typeof STORED>(key: K): Policies[K] => {
    const stored = STORED[key].safeParse(parseJson(raw.get(SECTION_KEYS[key])));
    return stored.success ? ({ ...defaults[key], ...stored.data } as Policies[K]) : defaults[key];
  };
  const policies: Policies = {
    pwd: section('pwd'),
    signIn: section('signIn'),
    sessions: section('sessions'),
    sms: section('sms'),
    registration: section('registration'),
    mfa: section('mfa'),
    risk: section('risk'),
    loginPage: pageFromStored(raw.get(SECTION_KEYS.loginPage), defaults.loginPage),
  };
  return { policies, customized: POLICY_SECTIONS.filter((s) => raw.has(SECTION_KEYS[s])), raw };
}

/**
 * The live policies: what every rule that an administrator can change reads (password rules,
 * sign-in protection, sessions, the SMS cap, registration, the sign-in page), instead of the
 * configuration. Read once a second at most per instance, so a session check costs no query.
 */
export function settingsService(ctx: ServiceContext) {
  let cached: { readAt: number; state: Promise<PolicyState> } | null = null;
  const keys = Object.values(SECTION_KEYS);

  async function read(repos: Repos = ctx.repos): Promise<PolicyState> {
    return readPolicyState(await repos.config.getRaw(keys), ctx.config);
  }

  function state(): Promise<PolicyState> {
    const now = ctx.clock.now();
    if (!cached || now < cached.readAt || now - cached.readAt >= FRESH_MS) {
      const entry = { readAt: now, state: read() };
      cached = entry;
      // A failed read is not kept: the next caller tries again.
      entry.state.catch(() => { if (cached === entry) cached = null; });
    }
    return cached.state;
  }

  return {
    /** The policies in force (at most a second old; fresh after a save on this instance). */
    current: async (): Promise<Policies> => (await state()).policies,
    state,
    /** Uncached, through the given repositories (inside a unit of work, its own). */
    read,
    /** Drops this instance's copy: called once a save has committed. */
    invalidate(): void {
      cached = null;
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
