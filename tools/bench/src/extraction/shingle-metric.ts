/**
 * The article-extraction-benchmark metric (scrapinghub/article-extraction-benchmark evaluate.py),
 * re-implemented line for line: token 4-gram shingle multisets, per-document tp/fp/fn normalised to
 * sum 1, macro-averaged precision and recall, F1 of those averages, exact-token accuracy, and
 * bootstrap standard deviations.
 */

/**
 * Python's `re` `\w` on str patterns matches `str.isalnum()` characters plus `_`: letters (Lu Ll Lt
 * Lm Lo) and numerics (Nd Nl No); it does NOT match combining marks (Mn Mc) or other connector
 * punctuation. `[\p{L}\p{N}_]` is the same set: checked over every code point against Python 3.11
 * (Unicode 14), no difference except characters assigned in later Unicode versions.
 */
const TOKEN_RE = /[\p{L}\p{N}_]+/gu;
const NGRAM = 4;
// tokens never contain a space, so joining on one keeps shingles distinct
const JOIN = ' ';

export type TpFpFn = readonly [tp: number, fp: number, fn: number];

export interface ExtractionMetrics {
  readonly f1: number;
  readonly precision: number;
  readonly recall: number;
}

export function tokenize(text: string): string[] {
  return text.match(TOKEN_RE) ?? [];
}

function shingleCounts(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  // as evaluate.py: max(1, len - n + 1) windows; an empty window (no tokens) is dropped
  const windows = Math.max(1, tokens.length - NGRAM + 1);
  for (let i = 0; i < windows; i++) {
    const shingle = tokens.slice(i, i + NGRAM);
    if (shingle.length === 0) continue;
    const key = shingle.join(JOIN);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** tp/fp/fn over shingle multisets, normalised so that long documents do not weigh more. */
export function shingleMatching(input: { truth: string; prediction: string }): TpFpFn {
  const truth = shingleCounts(tokenize(input.truth));
  const pred = shingleCounts(tokenize(input.prediction));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, t] of truth) {
    const p = pred.get(key) ?? 0;
    tp += Math.min(t, p);
    fn += Math.max(0, t - p);
    fp += Math.max(0, p - t);
  }
  for (const [key, p] of pred) if (!truth.has(key)) fp += p;
  const sum = tp + fp + fn;
  return sum > 0 ? [tp / sum, fp / sum, fn / sum] : [tp, fp, fn];
}

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

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length === 0 ? Number.NaN : sum / values.length;
}

/** Macro P over docs with tp+fp>0, macro R over docs with tp+fn>0, F1 of the two means. */
export function metricsFromCounts(counts: readonly TpFpFn[]): ExtractionMetrics {
  const precision = mean(counts.filter(([tp, fp]) => tp + fp > 0).map(precisionScore));
  const recall = mean(counts.filter(([tp, , fn]) => tp + fn > 0).map(recallScore));
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}

/** 1 when both texts tokenize to the same list, else 0. */
export function exactTokens(input: { truth: string; prediction: string }): number {
  const a = tokenize(input.truth);
  const b = tokenize(input.prediction);
  return a.length === b.length && a.every((t, i) => t === b[i]) ? 1 : 0;
}

/** Small seeded PRNG (mulberry32) so bootstrap figures are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sample standard deviation (n - 1), as Python's statistics.stdev. */
export function sampleStdev(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  let ss = 0;
  for (const v of values) ss += (v - m) * (v - m);
  return Math.sqrt(ss / (values.length - 1));
}
