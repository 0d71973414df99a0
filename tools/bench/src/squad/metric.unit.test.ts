import { exactMatch, f1Score, normalizeAnswer, scoreQuestion, summarize } from './metric.js';

describe('SQuAD v2 metric (official normalisation)', () => {
  it('lower-cases, drops punctuation and articles, collapses whitespace', () => {
    expect(normalizeAnswer('The  Normans,  of  a France!')).toBe('normans of france');
    expect(normalizeAnswer('An apple')).toBe('apple');
  });

  it('scores exact match and token F1 against the best gold answer', () => {
    expect(exactMatch('the Normans', 'Normans')).toBe(1);
    expect(f1Score('Norse raiders', 'Viking raiders')).toBeCloseTo(0.5);
    expect(scoreQuestion(['France', 'in France'], 'France')).toEqual({ em: 1, f1: 1 });
    expect(scoreQuestion(['10th century'], 'the 10th and 11th centuries').f1).toBeCloseTo(1 / 3);
  });

  it('gives an unanswerable question 1 only for an empty prediction', () => {
    expect(scoreQuestion([], '')).toEqual({ em: 1, f1: 1 });
    expect(scoreQuestion([], 'France')).toEqual({ em: 0, f1: 0 });
    expect(scoreQuestion(['France'], '')).toEqual({ em: 0, f1: 0 });
  });

  it('summarises overall, HasAns and NoAns in percent', () => {
    const summary = summarize([
      { hasAnswer: true, em: 1, f1: 1 },
      { hasAnswer: true, em: 0, f1: 0.5 },
      { hasAnswer: false, em: 1, f1: 1 },
      { hasAnswer: false, em: 0, f1: 0 },
    ]);
    expect(summary).toMatchObject({ em: 50, f1: 62.5, hasAnsEm: 50, hasAnsF1: 75, noAnsAcc: 50 });
  });
});
