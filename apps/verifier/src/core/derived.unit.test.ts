import type { Claim } from '@forage/contracts';
import { judgeRun, type RunEvidence } from './judge.js';
import { recordedVerdictOf } from './recorded-verdict.js';
import { aStoredRecord, aTrueClaim, FOUND_PAGE, PAGE_SHA, RUN_ID } from './claims.fixtures.js';

const record = aStoredRecord();
const price = aTrueClaim(record).source;
const checkIn = { ...price, xpath: '/html/body/p[2]', snippet: 'Check-in from 3 pm.' };

/** "yes", derived from two sentences of the stored page (neither contains the word). */
function derivedClaim(overrides: Partial<Claim> = {}): Claim {
  return {
    ...aTrueClaim(record),
    claimId: 'derived',
    kind: 'derived_answer',
    text: 'yes',
    derivation: { kind: 'yes_no', rule: 'both pages state the predicate', supports: [price, checkIn] },
    ...overrides,
  };
}

function judge(claims: Claim[]): ReturnType<typeof judgeRun> {
  const input: RunEvidence = {
    runId: RUN_ID,
    claims,
    expectedRecordIds: [record.record_id],
    minConfidence: 0.35,
    records: [record],
    chain: { valid: true, checked: 1, brokenAtSeq: null },
    evidence: new Map([[PAGE_SHA, FOUND_PAGE]]),
  };
  return judgeRun(input);
}

describe('derived answers', () => {
  it('verifies "yes" by checking each supporting snippet at its XPath, never looking for "yes" in them', () => {
    const judgement = judge([derivedClaim()]);
    expect(judgement.released).toBe(true);
    expect(judgement.verdicts[0]).toMatchObject({ verdict: 'verified', outcome: 'verified' });
    expect(judgement.verdicts[0]?.checks.map((c) => c.name)).toContain('answer_derived');
    expect(judgement.verdicts[0]?.checks.map((c) => c.name)).not.toContain('answer_in_snippet');
  });

  it('does not release a derived answer when one supporting snippet is not on the page', () => {
    const forged = { ...checkIn, snippet: 'Check-in from 5 pm.' };
    const judgement = judge([
      derivedClaim({
        derivation: { kind: 'yes_no', rule: 'both pages state the predicate', supports: [price, forged] },
      }),
    ]);
    expect(judgement.released).toBe(false);
    expect(judgement.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'unsupported' });
    expect(judgement.verdicts[0]?.reasons?.join(' ')).toContain('support 2: snippet "Check-in from 5 pm."');
  });

  it('does not release a support from another run or a snapshot the record did not log', () => {
    const otherSnapshot = { ...checkIn, domSnapshot: { ...checkIn.domSnapshot, sha256: 'e'.repeat(64) } };
    const judgement = judge([
      derivedClaim({ derivation: { kind: 'yes_no', rule: 'r', supports: [otherSnapshot] } }),
    ]);
    expect(judgement.verdicts[0]).toMatchObject({ verdict: 'rejected', outcome: 'evidence_missing' });
  });

  it('rejects a derived claim without its derivation, and a yes/no rule that gave something else', () => {
    const bare = derivedClaim();
    delete (bare as { derivation?: unknown }).derivation;
    const notYesNo = derivedClaim({ text: 'maybe' });
    const judgement = judge([bare, notYesNo]);
    expect(judgement.released).toBe(false);
    expect(judgement.verdicts.map((v) => v.outcome)).toEqual(['unsupported', 'unsupported']);
  });

  it('verifies a chosen option only when a supporting snippet or its stored page names it', () => {
    const choice = (text: string): Claim =>
      derivedClaim({
        text,
        derivation: { kind: 'choice', rule: 'the lower price', supports: [price, checkIn] },
      });
    // named by a snippet; named only by the supports' page (its heading); named nowhere
    const judgement = judge([choice('free parking'), choice('Seaside Inn'), choice('Harbour Hotel')]);
    expect(judgement.verdicts.map((v) => v.verdict)).toEqual(['verified', 'verified', 'rejected']);
  });

  it('does not verify "yes" presented as a quoted span, nor a span claim carrying a derivation', () => {
    const quoted = { ...aTrueClaim(record), claimId: 'quoted', text: 'yes' };
    const mixed = { ...derivedClaim(), claimId: 'mixed', kind: 'answer' as const };
    const judgement = judge([quoted, mixed]);
    expect(judgement.verdicts.map((v) => v.outcome)).toEqual(['unsupported', 'unsupported']);
  });

  it('records a derived claim once per support, each saying by which rule it was derived', () => {
    const claim = derivedClaim();
    const verdict = recordedVerdictOf({ runId: RUN_ID, claims: [claim], judgement: judge([claim]) });
    expect(verdict.claims.map((c) => [c.claimId, c.kind, c.xpath, c.derivation?.rule])).toEqual([
      ['derived', 'derived_answer', '/html/body/p[1]', 'both pages state the predicate'],
      ['derived#2', 'derived_answer', '/html/body/p[2]', 'both pages state the predicate'],
    ]);
  });

  it('re-derives a count: released only when it is the number of distinct items its supports name', () => {
    const rule = 'the hotels listed that meet every constraint';
    const counted = (text: string) =>
      judge([
        derivedClaim({
          text,
          source: price,
          derivation: { kind: 'count', rule, supports: [price, checkIn] },
        }),
      ]);
    expect(counted('2').verdicts[0]).toMatchObject({ verdict: 'verified' });
    expect(counted('3').verdicts[0]).toMatchObject({ verdict: 'rejected' });
    expect(counted('3').verdicts[0]?.reasons?.join(' ')).toContain('is not the 2 items');
    expect(counted('two').verdicts[0]).toMatchObject({ verdict: 'rejected' });
    // a support counted twice is one item
    const twice = judge([
      derivedClaim({
        text: '2',
        source: price,
        derivation: { kind: 'count', rule, supports: [price, price] },
      }),
    ]);
    expect(twice.verdicts[0]).toMatchObject({ verdict: 'rejected' });
  });
});
