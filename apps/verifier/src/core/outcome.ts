import type { CheckResult, ClaimOutcome } from '@forage/contracts';

/** Checks whose failure means there is no trustworthy evidence behind the claim. */
const EVIDENCE_CHECKS = new Set([
  'record_exists',
  'evidence_matches_record',
  'evidence_intact',
  'chain_valid',
]);
/** Checks whose failure means the evidence does not say what the claim says. */
const SUPPORT_CHECKS = new Set([
  'answer_in_snippet',
  'answer_derived',
  'snippet_at_xpath',
  // what the claim states: about the entity asked, the attribute asked, the value, not denied, each constraint, each hop
  'subject',
  'attribute',
  'value',
  'not_negated',
  'constraint',
  'hops',
  // a configured model's reading: it can only add a reason to withhold
  'entailment',
]);

/**
 * A claim's outcome from its checks, the most basic failure first: no evidence, then evidence from
 * outside the question's scope, then a node that
 * says something else, then no support, then too little confidence. Reasons are the failed
 * checks' details, with what a contradicting node says first.
 */
export function outcomeOf(input: { checks: readonly CheckResult[]; contradiction?: string }): {
  outcome: ClaimOutcome;
  reasons: string[];
} {
  const failed = input.checks.filter((c) => !c.passed);
  const reasons = [
    ...(input.contradiction ? [input.contradiction] : []),
    ...failed.map((c) => `${c.name}: ${c.detail}`),
  ];
  if (failed.some((c) => EVIDENCE_CHECKS.has(c.name))) return { outcome: 'evidence_missing', reasons };
  if (failed.some((c) => c.name === 'scope')) return { outcome: 'out_of_scope', reasons };
  if (input.contradiction) return { outcome: 'contradicted', reasons };
  if (failed.some((c) => SUPPORT_CHECKS.has(c.name))) return { outcome: 'unsupported', reasons };
  if (failed.length > 0) return { outcome: 'below_threshold', reasons };
  return { outcome: 'verified', reasons };
}
