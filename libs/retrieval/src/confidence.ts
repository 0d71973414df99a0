import type { ConfidenceComponents } from '@forage/contracts';

/** The seed's weights (L07 §5.5): retrieval and extraction. */
const RETRIEVER_WEIGHT = 0.35;
const QA_WEIGHT = 0.65;
/** Answers outside [2, 200] characters are rarely answers: a letter, or a paragraph. */
const MIN_ANSWER_CHARS = 2;
const MAX_ANSWER_CHARS = 200;
const LENGTH_PENALTY = 0.5;

/**
 * An answer's confidence from its parts (L07 §5.5): clamp(0.35 × retriever + 0.65 × qa) ×
 * lengthPenalty, rounded to 3 decimals. Every producer of an answer (processing's reader, the
 * orchestrator's labelled and sentence values, a task's confirmation) scores it with this one rule.
 */
export function answerConfidence(components: ConfidenceComponents): number {
  return round(
    clamp(RETRIEVER_WEIGHT * components.retriever + QA_WEIGHT * components.qa) * components.lengthPenalty,
  );
}

/** ½ for answers shorter than 2 or longer than 200 characters, else 1. */
export function lengthPenalty(answer: string): number {
  const n = answer.trim().length;
  return n < MIN_ANSWER_CHARS || n > MAX_ANSWER_CHARS ? LENGTH_PENALTY : 1;
}

/** The parts, each clamped to [0, 1] and rounded, with the answer's length penalty. */
export function confidenceComponents(input: {
  retriever: number;
  qa: number;
  answer: string;
}): ConfidenceComponents {
  return {
    retriever: round(clamp(input.retriever)),
    qa: round(clamp(input.qa)),
    lengthPenalty: lengthPenalty(input.answer),
  };
}

function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
