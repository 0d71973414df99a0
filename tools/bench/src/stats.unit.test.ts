import { percentile, summarize } from './stats.js';

describe('latency statistics', () => {
  it('uses nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
  });

  it('summarises unsorted samples', () => {
    expect(summarize([3, 1, 2])).toMatchObject({ p50: 2, n: 3, mean: 2 });
  });
});
