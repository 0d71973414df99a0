import type { Judged } from './dev-set.js';

/** One confidence bin: how sure the answers in it were said to be, and how often they were right. */
export interface ReliabilityBin {
  readonly from: number;
  readonly to: number;
  readonly count: number;
  readonly meanConfidence: number;
  /** Share of the bin's answers that were right. */
  readonly observed: number;
}

/** Equal-width bins over [0, 1]; the last one closed. */
export function reliabilityTable(judged: readonly Judged[], bins = 10): ReliabilityBin[] {
  return Array.from({ length: bins }, (_, i) => {
    const from = i / bins;
    const to = (i + 1) / bins;
    const inside = judged.filter(
      (j) => j.confidence >= from && (j.confidence < to || (i === bins - 1 && j.confidence <= 1)),
    );
    return {
      from,
      to,
      count: inside.length,
      meanConfidence: mean(inside.map((j) => j.confidence)),
      observed: mean(inside.map((j) => (j.correct ? 1 : 0))),
    };
  });
}

/** Expected calibration error: the count-weighted gap between said and observed. */
export function calibrationError(table: readonly ReliabilityBin[]): number {
  const total = table.reduce((n, b) => n + b.count, 0);
  if (total === 0) return 0;
  return table.reduce((e, b) => e + (b.count / total) * Math.abs(b.meanConfidence - b.observed), 0);
}

export interface FittedThreshold {
  /** Release answers at or above this confidence. */
  readonly threshold: number;
  /** Share of released answers that are right, at the threshold. */
  readonly precision: number;
  /** Share of all answers released, at the threshold. */
  readonly coverage: number;
  /** Whether the wanted precision is reached; if not, the threshold with the best precision is given. */
  readonly reached: boolean;
}

/**
 * The release threshold for a deployment: the lowest confidence (on a 0.01 grid) at which the
 * answers released are right at least `precision` of the time, so as many as possible are
 * released; when no threshold reaches it, the one with the best precision (the highest of ties).
 */
export function fitThreshold(judged: readonly Judged[], precision: number): FittedThreshold {
  const at = (threshold: number): FittedThreshold => {
    const released = judged.filter((j) => j.confidence >= threshold);
    const right = released.filter((j) => j.correct).length;
    const p = released.length === 0 ? 0 : right / released.length;
    return {
      threshold,
      precision: p,
      coverage: judged.length === 0 ? 0 : released.length / judged.length,
      reached: released.length > 0 && p >= precision,
    };
  };
  const grid = Array.from({ length: 101 }, (_, i) => at(i / 100));
  const first = grid.find((g) => g.reached);
  if (first) return first;
  const best = grid
    .filter((g) => g.coverage > 0)
    .reduce<FittedThreshold | undefined>((b, g) => (!b || g.precision >= b.precision ? g : b), undefined);
  return best ?? at(1);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
