import type { CheckResult, Claim } from '@forage/contracts';

/** The checks that read what a claim states on the page: each one passed takes away part of the doubt left. */
const READING_CHECKS = ['subject', 'attribute', 'value', 'not_negated', 'constraint', 'hops', 'entailment'];
/** The share of the remaining doubt one passed reading check takes away. */
const DOUBT_REMOVED_PER_CHECK = 0.15;

/**
 * A claim's released confidence: its answer score (L07 §5.5, as the producer computed it) with the
 * doubt it leaves, 1 − score, reduced by each reading check it passed — a value whose subject,
 * attribute and value were each bound on the stored page is surer than a string found in a
 * snippet. A rejected claim is released with nothing: 0.
 */
export function releasedConfidence(claim: Claim, checks: readonly CheckResult[], verified: boolean): number {
  if (!verified) return 0;
  const read = checks.filter((c) => c.passed && READING_CHECKS.includes(c.name)).length;
  const doubt = (1 - claim.confidence) * (1 - DOUBT_REMOVED_PER_CHECK) ** read;
  return Math.round((1 - doubt) * 1000) / 1000;
}
