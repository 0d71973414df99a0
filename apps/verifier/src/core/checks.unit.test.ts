import type { CheckResult } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import {
  checkAnswerInSnippet,
  checkChainValid,
  checkConfidence,
  checkEvidenceIntact,
  checkEvidenceMatchesRecord,
  checkRecordExists,
} from './checks.js';
import { aStoredRecord, aTrueClaim, FOUND_PAGE, PAGE_HTML, RUN_ID } from './claims.fixtures.js';

const record = aStoredRecord();
const claim = aTrueClaim(record);

/** The check failed, and its detail says why. */
function expectFailure(check: CheckResult, why: string): void {
  expect(check.passed).toBe(false);
  expect(check.detail).toContain(why);
}

describe('record_exists', () => {
  it('passes for a successful dom-extraction record of the run', () => {
    expect(checkRecordExists({ runId: RUN_ID, claim, record })).toMatchObject({
      name: 'record_exists',
      passed: true,
    });
  });

  it('fails when the cited record is not stored', () => {
    expectFailure(checkRecordExists({ runId: RUN_ID, claim, record: undefined }), claim.source.logRecordId);
  });

  it('fails when the record comes from another tool', () => {
    const fromSearch = aStoredRecord({ tool_name: 'search' });
    expectFailure(
      checkRecordExists({ runId: RUN_ID, claim: aTrueClaim(fromSearch), record: fromSearch }),
      'from search',
    );
  });

  it('passes for the page an action left behind (action-execution records the after-snapshot)', () => {
    const afterClick = aStoredRecord({ tool_name: 'action-execution' });
    expect(
      checkRecordExists({ runId: RUN_ID, claim: aTrueClaim(afterClick), record: afterClick }).passed,
    ).toBe(true);
  });

  it('fails when the extraction did not succeed', () => {
    const partial = aStoredRecord({ status: 'partial' });
    expectFailure(
      checkRecordExists({ runId: RUN_ID, claim: aTrueClaim(partial), record: partial }),
      'status partial',
    );
  });

  it('fails when the record belongs to another run', () => {
    expectFailure(
      checkRecordExists({ runId: '11111111-1111-4111-8111-111111111111', claim, record }),
      `belongs to run ${RUN_ID}`,
    );
  });
});

describe('evidence_matches_record', () => {
  it('passes when the claim cites the snapshot the record logged', () => {
    expect(checkEvidenceMatchesRecord({ claim, record })).toMatchObject({
      name: 'evidence_matches_record',
      passed: true,
    });
  });

  it('fails when the claim cites another snapshot', () => {
    const other = aTrueClaim(record, { domSnapshot: anEvidenceRef() });
    expectFailure(checkEvidenceMatchesRecord({ claim: other, record }), 'record logged');
  });

  it('fails when the record logged no snapshot, or there is no record', () => {
    const bare = aStoredRecord({ evidence: { screenshot: null, dom_snapshot: null } });
    expectFailure(checkEvidenceMatchesRecord({ claim, record: bare }), 'logged no DOM snapshot');
    expectFailure(checkEvidenceMatchesRecord({ claim, record: undefined }), 'no log record');
  });
});

describe('evidence_intact', () => {
  it('passes when the fetched snapshot hashes to the cited sha256', () => {
    expect(checkEvidenceIntact({ claim, evidence: FOUND_PAGE })).toMatchObject({
      name: 'evidence_intact',
      passed: true,
    });
  });

  it('fails when the store reports the blob tampered or missing, or it was not fetched', () => {
    expectFailure(
      checkEvidenceIntact({ claim, evidence: { status: 'tampered', detail: 'failed authentication' } }),
      'tampered',
    );
    expectFailure(
      checkEvidenceIntact({ claim, evidence: { status: 'missing', detail: 'no evidence' } }),
      'missing',
    );
    expectFailure(checkEvidenceIntact({ claim, evidence: undefined }), 'not fetched');
  });

  it('fails when the bytes read back do not hash to the cited sha256', () => {
    const other = { status: 'found', data: new TextEncoder().encode(`${PAGE_HTML} `) } as const;
    expectFailure(checkEvidenceIntact({ claim, evidence: other }), 'hashes to');
  });
});

describe('answer_in_snippet', () => {
  it('passes when the answer is in the snippet, after whitespace normalisation', () => {
    expect(checkAnswerInSnippet({ claim })).toMatchObject({ name: 'answer_in_snippet', passed: true });
    const spaced = aTrueClaim(record, { snippet: '  Price per night:\n$129   with free parking. ' });
    expect(checkAnswerInSnippet({ claim: spaced }).passed).toBe(true);
  });

  it('fails when the answer is not inside the snippet, or either is blank', () => {
    expectFailure(checkAnswerInSnippet({ claim: { ...claim, text: '$99' } }), 'not in the snippet');
    expectFailure(checkAnswerInSnippet({ claim: aTrueClaim(record, { snippet: '   ' }) }), 'blank');
  });
});

describe('confidence', () => {
  it('passes at or above the minimum and fails below it', () => {
    expect(checkConfidence({ claim: { ...claim, confidence: 0.35 }, minConfidence: 0.35 }).passed).toBe(true);
    expectFailure(
      checkConfidence({ claim: { ...claim, confidence: 0.34 }, minConfidence: 0.35 }),
      '0.34 < minimum 0.35',
    );
  });
});

describe('chain_valid', () => {
  it('passes on an intact chain and fails on a broken one, naming the seq', () => {
    expect(checkChainValid({ chain: { valid: true, checked: 9, brokenAtSeq: null } })).toMatchObject({
      name: 'chain_valid',
      passed: true,
    });
    expectFailure(checkChainValid({ chain: { valid: false, checked: 3, brokenAtSeq: 4 } }), 'seq 4');
  });
});
