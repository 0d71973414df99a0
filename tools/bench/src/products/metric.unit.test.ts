import type { ProductTruth } from './dataset.js';
import {
  canonicalDecimal,
  decimalMatching,
  hardMatching,
  metricsFromCounts,
  scoreAttribute,
} from './metric.js';

const truth = (over: Partial<ProductTruth>): ProductTruth => ({
  price: [],
  sku: [],
  availability: [],
  InStock: [],
  OutOfStock: [],
  ...over,
});

describe("the product benchmark's metric (evaluate.py)", () => {
  it('counts one page: missing is a miss when gold exists, a wrong value is both a false positive and a miss', () => {
    expect(hardMatching(['A1'], undefined)).toEqual([0, 0, 1]);
    expect(hardMatching([], undefined)).toEqual([0, 0, 0]);
    expect(hardMatching(['A1', 'A-1'], 'A-1')).toEqual([1, 0, 0]);
    expect(hardMatching(['A1'], 'B2')).toEqual([0, 1, 1]);
    expect(hardMatching([], 'B2')).toEqual([0, 1, 0]);
  });

  it('compares prices as decimals', () => {
    expect(canonicalDecimal('0450.50')).toBe('450.5');
    expect(decimalMatching(['450'], '450.00')).toEqual([1, 0, 0]);
    expect(decimalMatching(['23.450'], '23450')).toEqual([0, 1, 1]);
    expect(decimalMatching(['12'], 'twelve')).toEqual([0, 1, 1]);
  });

  it('micro-averages and treats a page set with nothing to find as perfect', () => {
    expect(metricsFromCounts([[0, 0, 0]])).toEqual({ f1: 1, precision: 1, recall: 1 });
    const m = metricsFromCounts([
      [1, 0, 0],
      [0, 1, 1],
      [0, 0, 1],
    ]);
    expect(m.precision).toBeCloseTo(0.5);
    expect(m.recall).toBeCloseTo(1 / 3);
  });

  it('fills missing availability with InStock unless told not to', () => {
    const gold = new Map([
      ['p1', truth({ availability: ['InStock'] })],
      ['p2', truth({ availability: ['OutOfStock'] })],
    ]);
    const predictions = new Map([['p2', { availability: 'OutOfStock' }]]);
    expect(scoreAttribute({ attribute: 'availability', truth: gold, predictions, bootstrap: 10 }).f1).toBe(1);
    const unfilled = scoreAttribute({
      attribute: 'availability',
      truth: gold,
      predictions,
      bootstrap: 10,
      fillAvailability: false,
    });
    expect(unfilled.recall).toBeCloseTo(0.5);
  });
});
