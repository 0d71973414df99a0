import type { RecordedVerdict } from '@forage/contracts';
import { compareReplay, replayLines } from './compare.js';
import type { OriginalRun } from './original.js';

const RUN = '0b6f3a52-5b8e-4c43-9d0e-2a1c7c5e9f10';

function verdictOf(released: boolean, outcome: 'verified' | 'unsupported'): RecordedVerdict {
  return {
    runId: RUN,
    released,
    claims: [
      {
        claimId: 'c1',
        verdict: outcome === 'verified' ? 'verified' : 'rejected',
        outcome,
        text: '1887',
        url: 'https://fernhill.example/',
        xpath: '/html[1]/body[1]/p[1]',
        snippet: 'founded in 1887',
        logRecordId: '3f1c2b8e-9a4d-4c6b-8e2f-1a2b3c4d5e6f',
        domSnapshotSha256: 'a'.repeat(64),
      },
    ],
  };
}

const original = (verdict: RecordedVerdict | undefined, pages = 1): OriginalRun => ({
  pages: Array.from({ length: pages }, () => ({}) as OriginalRun['pages'][number]),
  questions: [{ question: 'When was it founded?', answer: '1887' }],
  verdict,
});

describe('compareReplay', () => {
  it('reports no difference when answers, verdicts and release agree (whitespace aside)', () => {
    const report = compareReplay({
      runId: RUN,
      original: original(verdictOf(true, 'verified')),
      chunks: 4,
      questions: [{ question: 'When was it founded?', answer: ' 1887 ' }],
      claims: [{ text: '1887', verdict: 'verified', outcome: 'verified', reasons: [] }],
      released: true,
    });
    expect(report.differences).toEqual([]);
    expect(replayLines(report).at(-1)).toBe('same answer and verdicts');
  });

  it('lists a changed answer, a changed verdict with its reasons, and a changed release', () => {
    const report = compareReplay({
      runId: RUN,
      original: original(verdictOf(true, 'verified')),
      chunks: 4,
      questions: [{ question: 'When was it founded?', answer: '1901' }],
      claims: [
        { text: '1887', verdict: 'rejected', outcome: 'unsupported', reasons: ['snippet_at_xpath: gone'] },
      ],
      released: false,
    });
    expect(report.differences).toEqual([
      'question "When was it founded?": answered "1887" then, "1901" on replay',
      'claim "1887": verified then, unsupported on replay (snippet_at_xpath: gone)',
      'the answer was released then, withheld on replay',
    ]);
    expect(report.same).toBe(false);
  });

  it('is never "same" for a run with no verdict or no captured page', () => {
    const report = compareReplay({
      runId: RUN,
      original: original(undefined, 0),
      chunks: 0,
      questions: [{ question: 'When was it founded?', answer: '1887' }],
      claims: [],
      released: false,
    });
    expect(report.differences).toEqual([
      'the run has no recorded verdict to compare with',
      'the run logged no captured page to replay',
    ]);
  });
});
