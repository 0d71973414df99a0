/** Latency statistics over a sample of milliseconds. */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const rank = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[rank] ?? Number.NaN;
}

export function summarize(samplesMs: readonly number[]): {
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  n: number;
} {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean,
    n: sorted.length,
  };
}

export const ms = (v: number): string => v.toFixed(3);
