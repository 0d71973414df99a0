import { aSourcedChunk } from '@forage/testing';
import type { Candidate } from './candidates.js';
import { combine, lengthPenalty, scoreCandidates } from './confidence.js';

const candidate = (overrides: Partial<Candidate> = {}): Candidate => ({
  chunk: aSourcedChunk(),
  retrieval: 0.8,
  answer: 'Portavel',
  snippet: 'Capital: Portavel',
  coverage: 1,
  typeMatch: 1,
  proximity: 1,
  ...overrides,
});

describe('confidence', () => {
  it('is clamp(0.35 × retriever + 0.65 × qa) × lengthPenalty, with its components reported', () => {
    const [scored] = scoreCandidates([candidate()]);
    expect(scored?.components).toEqual({ retriever: 0.8, qa: 1, lengthPenalty: 1 });
    expect(scored?.confidence).toBeCloseTo(0.35 * 0.8 + 0.65 * 1, 3);
    expect(combine({ retriever: 1, qa: 1, lengthPenalty: 1 })).toBe(1);
    expect(combine({ retriever: 0, qa: 0, lengthPenalty: 1 })).toBe(0);
  });

  it('penalises answers shorter than 2 or longer than 200 characters', () => {
    expect(lengthPenalty('X')).toBeLessThan(1);
    expect(lengthPenalty('x'.repeat(201))).toBeLessThan(1);
    expect(lengthPenalty('Portavel')).toBe(1);
    const [short] = scoreCandidates([candidate({ answer: 'P' })]);
    const [normal] = scoreCandidates([candidate()]);
    expect(short?.confidence).toBeLessThan(normal?.confidence ?? 0);
  });

  it('falls with missing question terms, a weaker type reading, distance and disagreement', () => {
    const base = scoreCandidates([candidate()])[0]?.confidence ?? 0;
    expect(scoreCandidates([candidate({ coverage: 0.5 })])[0]?.confidence).toBeLessThan(base);
    expect(scoreCandidates([candidate({ typeMatch: 0.5 })])[0]?.confidence).toBeLessThan(base);
    expect(scoreCandidates([candidate({ proximity: 0.2 })])[0]?.confidence).toBeLessThan(base);
    const [disputed] = scoreCandidates([candidate(), candidate({ answer: 'Kessin' })]);
    expect(disputed?.confidence).toBeLessThan(base);
  });

  it('stays in [0, 1] for extreme inputs', () => {
    for (const c of scoreCandidates([
      candidate({ retrieval: 5, coverage: 3 }),
      candidate({ retrieval: -1, coverage: 0 }),
    ])) {
      expect(c.confidence).toBeGreaterThanOrEqual(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
  });
});
