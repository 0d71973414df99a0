import {
  exactTokens,
  metricsFromCounts,
  precisionScore,
  recallScore,
  sampleStdev,
  seededRandom,
  shingleMatching,
  tokenize,
} from './shingle-metric.js';
import { scoreExtraction } from './evaluate.js';

describe('tokenize (Python re \\w+ on str)', () => {
  it('keeps letters, digits and underscores of any script, case preserved', () => {
    expect(tokenize('Hello, wörld! snake_case 42 — 東京 ٣٤ Ⅻ')).toEqual([
      'Hello',
      'wörld',
      'snake_case',
      '42',
      '東京',
      '٣٤',
      'Ⅻ',
    ]);
  });

  it("splits on combining marks, which Python's \\w does not match", () => {
    expect(tokenize('cafe\u0301 ok')).toEqual(['cafe', 'ok']);
  });
});

describe('shingleMatching', () => {
  it('scores identical texts as all true positives', () => {
    expect(shingleMatching({ truth: 'a b c d e', prediction: 'a b c d e' })).toEqual([1, 0, 0]);
  });

  it('counts shingles as a multiset and normalises tp, fp, fn to sum 1', () => {
    // truth 4-grams: abcd, bcde; prediction: abcd, bcdx
    const [tp, fp, fn] = shingleMatching({ truth: 'a b c d e', prediction: 'a b c d x' });
    expect([tp, fp, fn]).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it('uses one shingle of all tokens for texts shorter than four tokens', () => {
    expect(shingleMatching({ truth: 'two words', prediction: 'two words' })).toEqual([1, 0, 0]);
    expect(shingleMatching({ truth: 'two words', prediction: 'two' })).toEqual([0, 0.5, 0.5]);
  });

  it('gives an empty prediction no precision entry and zero recall', () => {
    const counts = shingleMatching({ truth: 'a b c d', prediction: '' });
    expect(counts).toEqual([0, 0, 1]);
    expect(recallScore(counts)).toBe(0);
    expect(metricsFromCounts([counts, [1, 0, 0]]).precision).toBe(1);
  });

  it('leaves documents empty on both sides out of both averages', () => {
    expect(shingleMatching({ truth: '', prediction: '' })).toEqual([0, 0, 0]);
    expect(
      metricsFromCounts([
        [0, 0, 0],
        [0.5, 0.5, 0],
      ]),
    ).toEqual({ f1: (2 * 0.5) / 1.5, precision: 0.5, recall: 1 });
  });
});

describe('metricsFromCounts', () => {
  it('takes F1 from the macro-averaged precision and recall, not the mean of per-document F1', () => {
    const docs = [
      [0.5, 0.5, 0],
      [0.5, 0, 0.5],
    ] as const;
    const m = metricsFromCounts(docs);
    expect(m.precision).toBeCloseTo(0.75);
    expect(m.recall).toBeCloseTo(0.75);
    expect(m.f1).toBeCloseTo(0.75);
    expect(precisionScore([0, 0, 0])).toBe(1);
  });
});

describe('scoreExtraction', () => {
  it('reports accuracy as the share of documents whose token lists match exactly', () => {
    const truth = new Map([
      ['a', 'One two, three four five.'],
      ['b', 'Six seven eight nine ten.'],
    ]);
    const predictions = new Map([
      ['a', 'One two three four five'],
      ['b', 'Six seven eight nine'],
    ]);
    const score = scoreExtraction({ truth, predictions, bootstrap: 50 });
    expect(score.accuracy).toBe(0.5);
    expect(exactTokens({ truth: 'a, b', prediction: 'a b' })).toBe(1);
    expect(score.std.f1).toBeGreaterThanOrEqual(0);
  });

  it('bootstraps with a seeded generator, so reruns agree', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(sampleStdev([1, 2, 3, 4])).toBeCloseTo(1.2909944);
  });
});
