import { RISK_LEVELS, RISK_SIGNALS, type RiskJudgement, type RiskLevel, type RiskSignal } from '../../contract/schemas/risk.js';

const levels = new Set<string>(RISK_LEVELS);
const signals = new Set<string>(RISK_SIGNALS);

/**
 * A sign-in log row's judgement (migration 0027's risk_level, risk_signals, risk_place) as the
 * logs and devices pages show it; null when the sign-in was not judged (older rows, launches).
 */
export function judgementOf(level: string | null, signalList: string | null, place: string | null): RiskJudgement | null {
  if (level === null || !levels.has(level)) return null;
  return {
    level: level as RiskLevel,
    signals: (signalList ?? '').split(',').filter((s): s is RiskSignal => signals.has(s)),
    place,
  };
}
