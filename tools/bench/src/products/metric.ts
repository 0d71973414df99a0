import type { ProductPredictions, ProductTruth, ScoredAttribute } from './dataset.js';

export type TpFpFn = readonly [number, number, number];

export interface AttributeScore {
  readonly f1: number;
  readonly precision: number;
  readonly recall: number;
  readonly support: number;
  /** bootstrap standard deviations (evaluate.py's "±") */
  readonly std: { readonly f1: number; readonly precision: number; readonly recall: number };
  readonly perPage: readonly { readonly id: string; readonly counts: TpFpFn; readonly predicted?: string }[];
}

/** evaluate.py's precision_score: 1 when there is nothing to get wrong, 0 when nothing was right or wrong. */
export function precisionScore([tp, fp, fn]: TpFpFn): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

export function recallScore([tp, fp, fn]: TpFpFn): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

export function metricsFromCounts(counts: readonly TpFpFn[]): {
  f1: number;
  precision: number;
  recall: number;
} {
  const sum: TpFpFn = counts.reduce<TpFpFn>((a, c) => [a[0] + c[0], a[1] + c[1], a[2] + c[2]], [0, 0, 0]);
  const precision = precisionScore(sum);
  const recall = recallScore(sum);
  return {
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    precision,
    recall,
  };
}

/** evaluate.py's hard_matching: one prediction against the set of allowed gold values. */
export function hardMatching(truth: readonly string[], predicted: string | undefined): TpFpFn {
  if (predicted === undefined) return truth.length > 0 ? [0, 0, 1] : [0, 0, 0];
  if (truth.includes(predicted)) return [1, 0, 0];
  return [0, 1, truth.length > 0 ? 1 : 0];
}

/** evaluate.py's decimal_matching: prices compared as decimals, so "450" equals "450.00"; currency ignored. */
export function decimalMatching(truth: readonly string[], predicted: string | undefined): TpFpFn {
  const gold = truth.map(canonicalDecimal);
  return hardMatching(
    gold.filter((g): g is string => g !== undefined),
    predicted === undefined ? undefined : (canonicalDecimal(predicted) ?? `invalid:${predicted}`),
  );
}

/** A decimal string in one canonical spelling ("0450.50" → "450.5"), or undefined when it is not a decimal. */
export function canonicalDecimal(value: string): string | undefined {
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const whole = (m[2] ?? '').replace(/^0+/, '') || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const sign = m[1] === '-' && (whole !== '0' || frac !== '') ? '-' : '';
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}

/** A seeded generator (mulberry32), so the bootstrap is the same in every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function sampleStdev(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
}

/**
 * Scores one attribute as the benchmark's evaluate.py does: per page one tp/fp/fn triple, micro
 * sums, bootstrap over pages for the ±. Availability predictions that are missing count as
 * "InStock" (SOURCE.md), for every system alike.
 */
export function scoreAttribute(input: {
  attribute: ScoredAttribute;
  truth: ReadonlyMap<string, ProductTruth>;
  predictions: ProductPredictions;
  bootstrap?: number;
  /** SOURCE.md: missing availability counts as "InStock" (default); false scores missing as missing. */
  fillAvailability?: boolean;
}): AttributeScore {
  const { attribute } = input;
  const match = attribute === 'price' ? decimalMatching : hardMatching;
  let support = 0;
  const perPage = [...input.truth.entries()].map(([id, truth]) => {
    const gold = truth[attribute];
    if (gold.length > 0) support++;
    const predicted = predictionFor({
      attribute,
      row: input.predictions.get(id),
      fill: input.fillAvailability ?? true,
    });
    return { id, counts: match(gold, predicted), ...(predicted === undefined ? {} : { predicted }) };
  });
  const counts = perPage.map((p) => p.counts);
  const random = seededRandom(42);
  const samples = { f1: [] as number[], precision: [] as number[], recall: [] as number[] };
  for (let b = 0; b < (input.bootstrap ?? 1000) && counts.length > 0; b++) {
    const resampled = counts.map(() => counts[Math.floor(random() * counts.length)] ?? ([0, 0, 0] as const));
    const m = metricsFromCounts(resampled);
    samples.f1.push(m.f1);
    samples.precision.push(m.precision);
    samples.recall.push(m.recall);
  }
  return {
    ...metricsFromCounts(counts),
    support,
    std: {
      f1: sampleStdev(samples.f1),
      precision: sampleStdev(samples.precision),
      recall: sampleStdev(samples.recall),
    },
    perPage,
  };
}

function predictionFor(input: {
  attribute: ScoredAttribute;
  row: Partial<Record<ScoredAttribute, string>> | undefined;
  fill: boolean;
}): string | undefined {
  const { attribute, row } = input;
  const availability = row?.availability ?? (input.fill ? 'InStock' : undefined);
  switch (attribute) {
    case 'availability':
      return availability;
    case 'InStock':
      return row?.InStock ?? (availability === 'InStock' ? 'InStock' : undefined);
    case 'OutOfStock':
      return row?.OutOfStock ?? (availability === 'OutOfStock' ? 'OutOfStock' : undefined);
    default:
      return row?.[attribute];
  }
}
