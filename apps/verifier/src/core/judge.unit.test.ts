import { randomUUID } from 'node:crypto';
import { judgeRun, readPageText, verdictCounts, type RunEvidence } from './judge.js';
import { aStoredRecord, aTrueClaim, FOUND_PAGE, PAGE_SHA, RUN_ID } from './claims.fixtures.js';

const record = aStoredRecord();
const intactChain = { valid: true, checked: 1, brokenAtSeq: null };

function evidenceFor(overrides: Partial<RunEvidence> = {}): RunEvidence {
  return {
    runId: RUN_ID,
    claims: [aTrueClaim(record)],
    expectedRecordIds: [record.record_id],
    minConfidence: 0.35,
    records: [record],
    chain: intactChain,
    evidence: new Map([[PAGE_SHA, FOUND_PAGE]]),
    ...overrides,
  };
}

describe('judgeRun', () => {
  it('verifies a true claim with every check passing and releases the answer', () => {
    const judgement = judgeRun(evidenceFor());
    expect(judgement.released).toBe(true);
    expect(judgement.trace).toEqual({ complete: true, missingRecordIds: [], chainValid: true });
    expect(judgement.verdicts[0]?.verdict).toBe('verified');
    expect(judgement.verdicts[0]?.checks.map((c) => [c.name, c.passed])).toEqual([
      ['record_exists', true],
      ['evidence_matches_record', true],
      ['evidence_intact', true],
      ['snippet_in_evidence', true],
      ['confidence', true],
      ['chain_valid', true],
    ]);
  });

  it('rejects a claim when any single check fails, and releases the verified others', () => {
    const invented = {
      ...aTrueClaim(record, { snippet: 'Price per night: $89 with free parking.' }),
      claimId: 'claim-2',
      text: '$89',
    };
    const judgement = judgeRun(evidenceFor({ claims: [aTrueClaim(record), invented] }));
    expect(judgement.verdicts.map((v) => v.verdict)).toEqual(['verified', 'rejected']);
    expect(judgement.verdicts[1]?.checks.filter((c) => !c.passed).map((c) => c.name)).toEqual([
      'snippet_in_evidence',
    ]);
    expect(judgement.released).toBe(true);
  });

  it('releases nothing when no claim is verified', () => {
    const judgement = judgeRun(evidenceFor({ minConfidence: 0.9 }));
    expect(judgement.verdicts[0]?.verdict).toBe('rejected');
    expect(judgement.released).toBe(false);
  });

  it('marks the trace incomplete and releases nothing when an expected record is missing', () => {
    const lost = randomUUID();
    const judgement = judgeRun(evidenceFor({ expectedRecordIds: [record.record_id, lost] }));
    expect(judgement.trace).toEqual({ complete: false, missingRecordIds: [lost], chainValid: true });
    expect(judgement.verdicts[0]?.verdict).toBe('verified');
    expect(judgement.released).toBe(false);
  });

  it('rejects every claim and releases nothing when the log chain is broken', () => {
    const judgement = judgeRun(evidenceFor({ chain: { valid: false, checked: 0, brokenAtSeq: 1 } }));
    expect(judgement.verdicts[0]?.verdict).toBe('rejected');
    expect(judgement.trace.chainValid).toBe(false);
    expect(judgement.released).toBe(false);
  });

  it('rejects a claim whose snapshot was tampered with, failing evidence_intact and the snippet check', () => {
    const judgement = judgeRun(
      evidenceFor({ evidence: new Map([[PAGE_SHA, { status: 'tampered', detail: 'bad tag' }]]) }),
    );
    const failed = judgement.verdicts[0]?.checks.filter((c) => !c.passed).map((c) => c.name);
    expect(failed).toEqual(['evidence_intact', 'snippet_in_evidence']);
    expect(judgement.released).toBe(false);
  });
});

describe('readPageText', () => {
  it('reads the normalised visible text only from a snapshot that hashes to its name', () => {
    expect(readPageText(PAGE_SHA, FOUND_PAGE)).toContain('Price per night: $129 with free parking.');
    expect(readPageText('f'.repeat(64), FOUND_PAGE)).toBeUndefined();
    expect(readPageText(PAGE_SHA, { status: 'missing', detail: 'gone' })).toBeUndefined();
  });
});

describe('verdictCounts', () => {
  it('counts verified and rejected claims and which checks failed', () => {
    const judgement = judgeRun(
      evidenceFor({
        claims: [aTrueClaim(record), { ...aTrueClaim(record), claimId: 'low', confidence: 0.1 }],
      }),
    );
    expect(verdictCounts(judgement)).toEqual({
      claims: 2,
      verified: 1,
      rejected: 1,
      failedChecks: {
        record_exists: 0,
        evidence_matches_record: 0,
        evidence_intact: 0,
        snippet_in_evidence: 0,
        confidence: 1,
        chain_valid: 0,
      },
    });
  });
});
