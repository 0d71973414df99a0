import { exitCodeOf, RUN_EXIT } from './run-exit.js';

describe('run exit codes', () => {
  it('tells verified, unverified, no answer, cancelled and failed runs apart', () => {
    const answer = { text: 'x', confidence: 1, citations: [] };
    const codes = [
      exitCodeOf({ outcome: 'answered', answer }),
      exitCodeOf({ outcome: 'unverified', answer: null }),
      exitCodeOf({ outcome: 'no_answer', answer: null }),
      exitCodeOf({ outcome: 'cancelled', answer: null }),
      exitCodeOf({ outcome: 'failed', answer: null }),
    ];
    expect(codes).toEqual([0, 4, 2, 5, 1]);
    expect(new Set(Object.values(RUN_EXIT)).size).toBe(Object.values(RUN_EXIT).length);
  });

  it('does not call an answered run without an answer verified', () => {
    expect(exitCodeOf({ outcome: 'answered', answer: null })).toBe(RUN_EXIT.unverified);
  });
});
