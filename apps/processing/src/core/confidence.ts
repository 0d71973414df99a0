import type { Candidate } from './candidates.js';
import { answerKey } from './text.js';

export interface ScoredCandidate extends Candidate {
  readonly confidence: number;
  readonly margin: number;
}

/**
 * confidence = coverage² × (0.5 + 0.3 × typeMatch + 0.2 × margin), in [0, 1]:
 * - coverage: idf-weighted share of the question's key terms the snippet covers (half credit for
 *   terms only in the chunk's heading path or page title). Squared, so a candidate that misses
 *   half of what was asked stays at or below 0.25 — under the default threshold.
 * - typeMatch: 1 when the answer has the expected type (a number for "how many", a date for
 *   "when"), 0.5 when it only plausibly does, 0 when not.
 * - margin: how far this candidate's chunk out-scores (BM25) the best chunk proposing a different
 *   answer, relative to its own score; 1 when no chunk disagrees.
 */
export function scoreCandidates(candidates: readonly Candidate[]): ScoredCandidate[] {
  const keyed = candidates.map((c) => ({ c, key: answerKey(c.answer) }));
  return keyed.map(({ c, key }) => {
    const rivals = keyed.filter((o) => o.key !== key).map((o) => o.c.retrieval);
    let margin = 1;
    if (rivals.length > 0)
      margin = c.retrieval > 0 ? clamp((c.retrieval - Math.max(...rivals)) / c.retrieval) : 0;
    const confidence = clamp(c.coverage ** 2 * (0.5 + 0.3 * c.typeMatch + 0.2 * margin));
    return { ...c, margin, confidence: Math.round(confidence * 1000) / 1000 };
  });
}

function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}
