import { bestThreshold, crossValidated, reliabilityTable, scoreAt, type Prediction } from './calibration.js';

const p = (overrides: Partial<Prediction>): Prediction => ({
  id: 'q',
  group: 'A',
  golds: ['France'],
  answer: 'France',
  confidence: 0.9,
  ...overrides,
});

describe('threshold calibration', () => {
  const predictions = [
    p({ id: '1', group: 'A' }),
    p({ id: '2', group: 'A', golds: [], answer: 'Paris', confidence: 0.3 }),
    p({ id: '3', group: 'B' }),
    p({ id: '4', group: 'B', golds: [], answer: 'Rome', confidence: 0.2 }),
  ];

  it('releases an answer only at or above the threshold', () => {
    expect(scoreAt(predictions, 0).map((s) => s.f1)).toEqual([1, 0, 1, 0]);
    expect(scoreAt(predictions, 0.5).map((s) => s.f1)).toEqual([1, 1, 1, 1]);
  });

  it('finds the threshold with the best F1, and cross-validates it across articles', () => {
    const best = bestThreshold(predictions);
    expect(best.summary.f1).toBe(100);
    expect(best.threshold).toBeGreaterThan(0.3);
    expect(best.threshold).toBeLessThanOrEqual(0.9);
    expect(crossValidated(predictions).summary.f1).toBe(100);
  });

  it('tabulates accuracy per confidence bucket', () => {
    const table = reliabilityTable(predictions, 2);
    expect(table).toEqual([
      { bucket: '[0.0, 0.5)', count: 2, meanConfidence: 0.25, accuracy: 0 },
      { bucket: '[0.5, 1.0]', count: 2, meanConfidence: 0.9, accuracy: 1 },
    ]);
  });
});
