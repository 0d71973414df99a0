import type { ConfidenceComponents } from '@forage/contracts';
import type { Candidate } from './candidates.js';
import { answerConfidence, lengthPenalty } from '@forage/retrieval';
import { answerKey } from './text.js';

export interface ScoredCandidate extends Candidate {
  readonly confidence: number;
  readonly components: ConfidenceComponents;
}

/**
 * confidence = clamp(0.35 × retriever + 0.65 × qa) × lengthPenalty (L07 §5.5), where
 * - retriever: the chunk's BM25 score normalised to [0, 1];
 * - qa = coverage² × (0.45 + 0.3 × typeMatch + 0.15 × proximity + 0.1 × agreement):
 *   coverage is the idf-weighted share of the question's key terms the snippet covers (squared,
 *   so a snippet missing half of what was asked stays low); typeMatch 1 for a span of the
 *   expected type, ½ for a weaker reading; proximity how close the span sits to the key terms;
 *   agreement the share of the retrieval mass of all candidates that proposes the same answer;
 * - lengthPenalty ½ for answers shorter than 2 or longer than 200 characters, else 1.
 */
export function scoreCandidates(candidates: readonly Candidate[]): ScoredCandidate[] {
  const keyed = candidates.map((c) => ({ c, key: answerKey(c.answer) }));
  const support = new Map<string, number>();
  let mass = 0;
  for (const { c, key } of keyed) {
    const weight = c.retrieval * c.coverage;
    support.set(key, (support.get(key) ?? 0) + weight);
    mass += weight;
  }
  return keyed.map(({ c, key }) => {
    const agreement = mass > 0 ? (support.get(key) ?? 0) / mass : 1;
    const qa = clamp(c.coverage ** 2 * (0.45 + 0.3 * c.typeMatch + 0.15 * c.proximity + 0.1 * agreement));
    const components: ConfidenceComponents = {
      retriever: round(clamp(c.retrieval)),
      qa: round(qa),
      lengthPenalty: lengthPenalty(c.answer),
    };
    return { ...c, components, confidence: combine(components) };
  });
}

/** The seed's combination of the components (L07 §5.5), shared with every answer producer. */
export const combine = answerConfidence;
export { lengthPenalty };

function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
