import { randomUUID } from 'node:crypto';
import { judgeRun, readPage, verdictCounts, type RunEvidence } from './judge.js';
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
    expect(judgement.verdicts[0]).toMatchObject({ verdict: 'verified', outcome: 'verified', reasons: [] });
    expect(judgement.verdicts[0]?.checks.map((c) => [c.name, c.passed])).toEqual([
      ['record_exists', true],
      ['evidence_matches_record', true],
      ['evidence_intact', true],
      ['answer_in_snippet', true],
      ['snippet_at_xpath', true],
      ['confidence', true],
      ['chain_valid', true],
    ]);
  });

  it('finds a changed number contradicted by the node at its XPath, and releases the verified others', () => {
    const changed = {
      ...aTrueClaim(record, { snippet: 'Price per night: $89 with free parking.' }),
      claimId: 'claim-2',
      text: '$89',
    };
    const judgement = judgeRun(evidenceFor({ claims: [aTrueClaim(record), changed] }));
    expect(judgement.verdicts.map((v) => v.outcome)).toEqual(['verified', 'contradicted']);
    expect(judgement.verdicts[1]?.verdict).toBe('rejected');
    expect(judgement.verdicts[1]?.checks.filter((c) => !c.passed).map((c) => c.name)).toEqual([
      'snippet_at_xpath',
    ]);
    expect(judgement.verdicts[1]?.reasons?.[0]).toContain('the node says "Price per night: $129');
    expect(judgement.released).toBe(true);
  });

  it('finds a claim whose snippet is on the page but not at its XPath unsupported', () => {
    const misplaced = aTrueClaim(record, { xpath: '/html[1]/body[1]/p[2]' });
    const verdict = judgeRun(evidenceFor({ claims: [misplaced] })).verdicts[0];
    expect(verdict?.outcome).toBe('unsupported');
    expect(verdict?.reasons?.join(' ')).toContain('elsewhere on the page');
  });

  it('puts a supported claim under the release threshold below_threshold, and releases nothing', () => {
    const judgement = judgeRun(evidenceFor({ minConfidence: 0.9 }));
    expect(judgement.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'below_threshold' });
    expect(judgement.verdicts[0]?.reasons).toEqual(['confidence: confidence 0.8 < minimum 0.9']);
    expect(judgement.released).toBe(false);
  });

  it("finds a claim citing another run's record evidence_missing", () => {
    const foreign = aStoredRecord({ run_id: '22222222-2222-4222-8222-222222222222' });
    const judgement = judgeRun(evidenceFor({ claims: [aTrueClaim(foreign)], records: [record, foreign] }));
    expect(judgement.verdicts[0]?.outcome).toBe('evidence_missing');
    expect(judgement.verdicts[0]?.reasons?.join(' ')).toContain('belongs to run 22222222');
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
    expect(judgement.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'evidence_missing' });
    expect(judgement.trace.chainValid).toBe(false);
    expect(judgement.released).toBe(false);
  });

  it('rejects a claim whose snapshot was tampered with, failing evidence_intact and the XPath check', () => {
    const judgement = judgeRun(
      evidenceFor({ evidence: new Map([[PAGE_SHA, { status: 'tampered', detail: 'bad tag' }]]) }),
    );
    const failed = judgement.verdicts[0]?.checks.filter((c) => !c.passed).map((c) => c.name);
    expect(failed).toEqual(['evidence_intact', 'snippet_at_xpath']);
    expect(judgement.verdicts[0]?.outcome).toBe('evidence_missing');
    expect(judgement.released).toBe(false);
  });
});

describe('readPage', () => {
  it('reads the normalised visible text only from a snapshot that hashes to its name', () => {
    expect(readPage(PAGE_SHA, FOUND_PAGE)?.text).toContain('Price per night: $129 with free parking.');
    expect(readPage('f'.repeat(64), FOUND_PAGE)).toBeUndefined();
    expect(readPage(PAGE_SHA, { status: 'missing', detail: 'gone' })).toBeUndefined();
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
        answer_in_snippet: 0,
        answer_derived: 0,
        snippet_at_xpath: 0,
        scope: 0,
        subject: 0,
        attribute: 0,
        value: 0,
        not_negated: 0,
        constraint: 0,
        hops: 0,
        entailment: 0,
        confidence: 1,
        chain_valid: 0,
      },
    });
  });
});

describe('judgeRun with what a claim states', () => {
  it('names the page a claim outside the question’s scope comes from, as out_of_scope', () => {
    const claim = {
      ...aTrueClaim(record),
      scope: { kind: 'page' as const, urls: ['http://127.0.0.1:8080/other'] },
    };
    const verdict = judgeRun(evidenceFor({ claims: [claim] })).verdicts[0];
    expect(verdict).toMatchObject({ verdict: 'rejected', outcome: 'out_of_scope' });
  });

  it('withholds the last hop of a nested question whose first hop is missing, and records the bindings of the rest', () => {
    const stated = {
      ...aTrueClaim(record),
      subject: { asked: 'Seaside Inn' },
      attribute: { id: 'price' },
      value: { type: 'money' as const, amount: 129, currency: 'USD' },
    };
    const judged = judgeRun(evidenceFor({ claims: [stated] }));
    expect(judged.verdicts[0]).toMatchObject({ verdict: 'verified' });
    expect(judged.verdicts[0]?.bindings?.map((b) => [b.check, b.via])).toEqual([
      ['subject', 'heading'],
      ['attribute', 'label'],
    ]);
    const lastHop = { ...stated, hop: { chain: 'part-1', index: 2, of: 2 } };
    const withheld = judgeRun(evidenceFor({ claims: [lastHop] }));
    expect(withheld.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'unsupported' });
    expect(withheld.released).toBe(false);
  });
});
