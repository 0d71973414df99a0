import { answerConfidence, confidenceComponents, lengthPenalty } from './confidence.js';

describe('answer confidence (L07 §5.5)', () => {
  it('blends 0.35 × retriever + 0.65 × qa: the seed’s worked example gives 0.829', () => {
    expect(answerConfidence({ retriever: 0.92, qa: 0.78, lengthPenalty: 1 })).toBe(0.829);
  });

  it('halves answers under 2 or over 200 characters', () => {
    expect(lengthPenalty('x')).toBe(0.5);
    expect(lengthPenalty('x'.repeat(201))).toBe(0.5);
    expect(lengthPenalty('Oslo')).toBe(1);
    expect(answerConfidence(confidenceComponents({ retriever: 1, qa: 1, answer: 'x' }))).toBe(0.5);
  });

  it('clamps parts to [0, 1]', () => {
    expect(confidenceComponents({ retriever: 3, qa: -1, answer: 'Oslo' })).toEqual({
      retriever: 1,
      qa: 0,
      lengthPenalty: 1,
    });
  });
});
