import type { AppRiskPolicy, RiskAction, RiskLevel, RiskRules, RiskSignal } from '../../contract/schemas/risk.js';

/** The policy a sign-in is decided by: the default's switches with the application's own actions and zones, if it has them. */
export interface EffectivePolicy extends RiskRules {
  /** Zone ids the application confines its sign-ins to; empty: anywhere not blocked. */
  zones: number[];
}

export function effectivePolicy(rules: RiskRules, app: AppRiskPolicy | null | undefined): EffectivePolicy {
  if (!app) return { ...rules, zones: [] };
  return { ...rules, medium: app.medium, high: app.high, signals: app.signals, zones: app.zones };
}

/** HIGH for travel no one can make or a blocked address, or for three other signals at once; MEDIUM for one or two. */
export function levelOf(signals: readonly RiskSignal[]): RiskLevel {
  if (signals.includes('IMPOSSIBLE_TRAVEL') || signals.includes('BLOCKED_ZONE') || signals.length >= 3) return 'HIGH';
  return signals.length > 0 ? 'MEDIUM' : 'LOW';
}

const STRICTNESS: Record<RiskAction, number> = { ALLOW: 0, STEP_UP: 1, REFUSE: 2 };
const strictest = (actions: RiskAction[]): RiskAction => actions.reduce((a, b) => (STRICTNESS[b] > STRICTNESS[a] ? b : a), 'ALLOW');

/**
 * What a judged sign-in gets: the strictest of its level's action and each fired signal's own;
 * refused outright from outside an application's zones. A policy switched off only records.
 */
export function actionOf(policy: EffectivePolicy, level: RiskLevel, signals: readonly RiskSignal[], zoneIds: readonly number[]): RiskAction {
  if (!policy.enabled) return 'ALLOW';
  if (policy.zones.length && !zoneIds.some((id) => policy.zones.includes(id))) return 'REFUSE';
  const byLevel: RiskAction = level === 'HIGH' ? policy.high : level === 'MEDIUM' ? policy.medium : 'ALLOW';
  return strictest([byLevel, ...signals.map((s) => policy.signals[s] ?? 'ALLOW')]);
}
