import { scoreQuestion, summarize, type Scored, type Summary } from './metric.js';

/** The system's best candidate for one question (answered or not) with its confidence. */
export interface Prediction {
  readonly id: string;
  /** Fold key (the article): thresholds are chosen on other articles than those they are scored on. */
  readonly group: string;
  readonly golds: readonly string[];
  /** The best candidate answer, "" when there was none. */
  readonly answer: string;
  readonly confidence: number;
}

/** Scores with the answer released only at or above the threshold (abstaining = ""). */
export function scoreAt(predictions: readonly Prediction[], threshold: number): Scored[] {
  return predictions.map((p) => {
    const released = p.answer !== '' && p.confidence >= threshold ? p.answer : '';
    return { hasAnswer: p.golds.length > 0, ...scoreQuestion(p.golds, released) };
  });
}

const GRID = Array.from({ length: 101 }, (_, i) => i / 100);

/**
 * The threshold on the grid [0, 0.01, …, 1] with the best overall F1; of several equally good
 * thresholds, the middle one (the least sensitive to where the data happened to fall).
 */
export function bestThreshold(predictions: readonly Prediction[]): { threshold: number; summary: Summary } {
  const scored = GRID.map((threshold) => ({
    threshold,
    summary: summarize(scoreAt(predictions, threshold)),
  }));
  const top = Math.max(...scored.map((s) => s.summary.f1));
  const ties = scored.filter((s) => s.summary.f1 >= top - 1e-9);
  const middle = ties[Math.floor((ties.length - 1) / 2)];
  return middle ?? { threshold: 0, summary: summarize(scoreAt(predictions, 0)) };
}

/**
 * Two-fold cross-validated calibration: the articles are split in two halves (alternately, in
 * file order); each half is scored at the threshold that is best on the other half. The figure is
 * what a threshold chosen on held-out data achieves, not the best the threshold could do here.
 */
export function crossValidated(predictions: readonly Prediction[]): {
  summary: Summary;
  thresholds: [number, number];
} {
  const groups = [...new Set(predictions.map((p) => p.group))];
  const inFold = (fold: number) => (p: Prediction) => groups.indexOf(p.group) % 2 === fold;
  const a = predictions.filter(inFold(0));
  const b = predictions.filter(inFold(1));
  const ta = bestThreshold(b).threshold;
  const tb = bestThreshold(a).threshold;
  return { summary: summarize([...scoreAt(a, ta), ...scoreAt(b, tb)]), thresholds: [ta, tb] };
}

export interface ReliabilityRow {
  readonly bucket: string;
  readonly count: number;
  readonly meanConfidence: number;
  /** Mean F1 of the candidate answer if it were released (0 for an unanswerable question). */
  readonly accuracy: number;
}

/** Confidence bucket → how often the answer given at that confidence is right (mean F1). */
export function reliabilityTable(predictions: readonly Prediction[], buckets = 10): ReliabilityRow[] {
  const rows: ReliabilityRow[] = [];
  for (let i = 0; i < buckets; i++) {
    const lo = i / buckets;
    const hi = (i + 1) / buckets;
    const inside = predictions.filter(
      (p) =>
        p.answer !== '' &&
        p.confidence >= lo &&
        (p.confidence < hi || (i === buckets - 1 && p.confidence <= 1)),
    );
    const f1s = inside.map((p) => scoreQuestion(p.golds, p.answer).f1);
    rows.push({
      bucket: `[${lo.toFixed(1)}, ${hi.toFixed(1)}${i === buckets - 1 ? ']' : ')'}`,
      count: inside.length,
      meanConfidence: mean(inside.map((p) => p.confidence)),
      accuracy: mean(f1s),
    });
  }
  return rows;
}

function mean(values: readonly number[]): number {
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}
