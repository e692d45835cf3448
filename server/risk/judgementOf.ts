import { RISK_LEVELS, RISK_SIGNALS, type RiskJudgement, type RiskLevel, type RiskSignal } from '../../contract/schemas/risk.js';

/**
 * A sign-in log row's judgement as the logs show it: null when the row was not judged (no
 * level); signals the contract does not know (a name retired since) are left out.
 */
export function judgementOf(level: string | null, signals: string | null, place: string | null): RiskJudgement | null {
  if (level === null || !(RISK_LEVELS as readonly string[]).includes(level)) return null;
  const named = (signals ?? '').split(',').filter((s): s is RiskSignal => (RISK_SIGNALS as readonly string[]).includes(s));
  return { level: level as RiskLevel, signals: named, place };
}
