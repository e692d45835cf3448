import { SECURITY_SCORE_GOOD } from '../../contract/rules.js';
import type { SafetyScore } from '../../contract/schemas/personal.js';
import { DAY } from '../platform/lib/clock.js';
import type { User } from '../organisation/usersRepository.js';

/**
 * The security score, out of 100. Each item is something the user can fix themselves on /safe:
 *   phoneBound 20      a phone is bound (recovery and second factor need it)
 *   phoneEnabled 10    …and not stopped as a verification method
 *   passwordStrength   strong 30 / middle 20 / weak 0 (measured when the password was set)
 *   passwordFresh 15   the password is neither expired nor inside the reminder window
 *   secondFactor 10    a second factor is required at sign-in, or an authenticator app or passkey is held
 *   passkey 5          a passkey (phishing-resistant) is registered
 *   recoveryEmail 10   an email address is on file
 * 80 or more is "safe" (SECURITY_SCORE_GOOD).
 */
export function computeSafetyScore(user: User, now: number, remindDays: number, factors: { passkeys: number; totp: boolean } = { passkeys: 0, totp: false }): SafetyScore {
  const level = (user.passwordLevel ?? 'weak') as SafetyScore['pwdLevel'];
  const daysLeft = user.passwordExpireAt === null ? null : Math.ceil((user.passwordExpireAt - now) / DAY);
  const items: SafetyScore['items'] = [
    { key: 'phoneBound', points: 20, earned: !!user.mobileNo },
    { key: 'phoneEnabled', points: 10, earned: !!user.mobileNo && !user.phoneDisabled },
    { key: 'passwordStrength', points: level === 'strong' ? 30 : level === 'middle' ? 20 : 0, earned: level !== 'weak' },
    { key: 'passwordFresh', points: 15, earned: daysLeft === null || daysLeft > remindDays },
    { key: 'secondFactor', points: 10, earned: user.secondAuthRequired || factors.totp || factors.passkeys > 0 },
    { key: 'passkey', points: 5, earned: factors.passkeys > 0 },
    { key: 'recoveryEmail', points: 10, earned: !!user.email },
  ];
  const score = items.reduce((sum, item) => sum + (item.earned ? item.points : 0), 0);
  return {
    score,
    pwdLevel: level,
    passwordExpired: daysLeft !== null && daysLeft <= 0,
    passwordExpireDays: daysLeft,
    userId: user.account,
    mobileNo: user.mobileNo,
    phoneEnabled: user.phoneDisabled,
    items,
  };
}

export const isSafe = (score: number) => score >= SECURITY_SCORE_GOOD;
