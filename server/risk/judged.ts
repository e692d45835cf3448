import type { RiskJudgement } from '../../contract/schemas/risk.js';

/**
 * The judgement of a sign-in that was refused after it was judged (by the risk policy, or by a
 * rule checked later such as an expired password), kept with the refusal so the sign-in method
 * that writes the log row can record it. Errors are thrown, not returned: a weak map keeps the
 * judgement beside the error without widening the error type every refusal shares.
 */
const judgements = new WeakMap<object, RiskJudgement>();

export function markJudged(error: unknown, judgement: RiskJudgement): void {
  if (error && typeof error === 'object') judgements.set(error, judgement);
}

/** The judgement a refusal carries, if the sign-in got as far as being judged. */
export function judgementOf(error: unknown): RiskJudgement | undefined {
  return error && typeof error === 'object' ? judgements.get(error) : undefined;
}
