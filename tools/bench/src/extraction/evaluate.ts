import {
  exactTokens,
  metricsFromCounts,
  sampleStdev,
  seededRandom,
  shingleMatching,
  type ExtractionMetrics,
  type TpFpFn,
} from './shingle-metric.js';

export interface BenchmarkScore extends ExtractionMetrics {
  readonly accuracy: number;
  /** bootstrap standard deviations (evaluate.py reports these as "±") */
  readonly std: ExtractionMetrics & { readonly accuracy: number };
  /** per-document normalised counts, in the order of the ids given */
  readonly perDoc: readonly { readonly id: string; readonly counts: TpFpFn; readonly exact: number }[];
}

const BOOTSTRAP_SEED = 20_200_101;

/**
 * Scores predictions against the gold article bodies exactly as evaluate.py does; a missing
 * prediction counts as an empty string (evaluate.py would refuse the file instead).
 */
export function scoreExtraction(input: {
  truth: ReadonlyMap<string, string>;
  predictions: ReadonlyMap<string, string>;
  bootstrap?: number;
}): BenchmarkScore {
  const ids = [...input.truth.keys()];
  const perDoc = ids.map((id) => {
    const pair = { truth: input.truth.get(id) ?? '', prediction: input.predictions.get(id) ?? '' };
    return { id, counts: shingleMatching(pair), exact: exactTokens(pair) };
  });
  const counts = perDoc.map((d) => d.counts);
  const exact = perDoc.map((d) => d.exact);
  const metrics = metricsFromCounts(counts);
  const accuracy = exact.reduce((s, v) => s + v, 0) / Math.max(1, exact.length);

  const random = seededRandom(BOOTSTRAP_SEED);
  const samples = {
    f1: [] as number[],
    precision: [] as number[],
    recall: [] as number[],
    accuracy: [] as number[],
  };
  const n = counts.length;
  for (let b = 0; b < (input.bootstrap ?? 1000) && n > 0; b++) {
    const resampled: TpFpFn[] = [];
    let hits = 0;
    for (let i = 0; i < n; i++) {
      const pick = Math.floor(random() * n);
      resampled.push(counts[pick] ?? [0, 0, 0]);
      hits += exact[pick] ?? 0;
    }
    const m = metricsFromCounts(resampled);
    samples.f1.push(m.f1);
    samples.precision.push(m.precision);
    samples.recall.push(m.recall);
    samples.accuracy.push(hits / n);
  }
  return {
    ...metrics,
    accuracy,
    std: {
      f1: sampleStdev(samples.f1),
      precision: sampleStdev(samples.precision),
      recall: sampleStdev(samples.recall),
      accuracy: sampleStdev(samples.accuracy),
    },
    perDoc,
  };
}

/** `0.947 ± 0.008` */
export function formatScore(value: number, std: number): string {
  return `${value.toFixed(3)} ± ${std.toFixed(3)}`;
}
