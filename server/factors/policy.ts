import type { FactorKind } from '../../contract/schemas/factors.js';
import type { ServiceContext } from '../composition/context.js';
import type { SettingsService } from '../policies/settings.js';

/** Who must pass a second factor, and whether only a passkey will do. */
export interface FactorRequirement {
  required: boolean;
  /** A phishing-resistant factor is required: no other factor passes. */
  passkeyOnly: boolean;
}

type UserFacts = { id: number; userType: string; secondAuthRequired: boolean; mobileNo?: string | null; phoneDisabled?: boolean };
type AppFacts = { secondAuthRequired: boolean } | null | undefined;

/**
 * The second-factor rules in one place, read by the password, SMS and directory sign-ins, the
 * self-service steps, the OIDC interaction and account security alike: the user's own switch, the
 * application's, the user type's (policy `mfa`), and the passkey-only rule for administrators.
 */
export function factorPolicyService(ctx: ServiceContext, settings: SettingsService) {
  async function isAdmin(userRef: number): Promise<boolean> {
    return (await ctx.repos.access.dutyOf(userRef)) !== null;
  }

  async function requirement(user: UserFacts, app?: AppFacts): Promise<FactorRequirement> {
    const { mfa } = await settings.current();
    // The role lookup costs a query: only made when the policy depends on it.
    const passkeyOnly = mfa.passkeyForAdmins && (await isAdmin(user.id));
    const required = passkeyOnly || user.secondAuthRequired || !!app?.secondAuthRequired || mfa.requiredUserTypes.includes(user.userType as never);
    return { required, passkeyOnly };
  }

  /** The factors the user holds now, strongest first. */
  async function held(user: UserFacts): Promise<{ kinds: FactorKind[]; recoveryLeft: number }> {
    const [passkeys, totp, recovery] = await Promise.all([
      ctx.repos.factors.passkeys(user.id), ctx.repos.factors.totp(user.id), ctx.repos.factors.recoveryStatus(user.id),
    ]);
    const kinds: FactorKind[] = [];
    if (passkeys.length) kinds.push('PASSKEY');
    if (totp?.confirmed_at != null) kinds.push('TOTP');
    if (user.mobileNo && !user.phoneDisabled) kinds.push('SMS');
    if (recovery && recovery.remaining > 0) kinds.push('RECOVERY_CODE');
    return { kinds, recoveryLeft: recovery?.remaining ?? 0 };
  }

  /** The factors that pass under this requirement. Recovery codes alone are a fallback, not a factor to enrol with. */
  const passing = (kinds: FactorKind[], req: FactorRequirement): FactorKind[] => (req.passkeyOnly ? kinds.filter((k) => k === 'PASSKEY') : kinds);

  return { requirement, held, passing, isAdmin };
}

export type FactorPolicyService = ReturnType<typeof factorPolicyService>;
