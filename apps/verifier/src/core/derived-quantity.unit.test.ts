import { createHash } from 'node:crypto';
import type { Claim, ClaimSource } from '@forage/contracts';
import { aClaim, aLogRecord, anEvidenceRef } from '@forage/testing';
import { judgeRun } from './judge.js';
import { RUN_ID } from './claims.fixtures.js';

const TABLE = `<!doctype html><html><head><title>Lakes by depth</title></head><body><main>
<h1>Lakes by depth</h1>
<table><thead><tr><th>Lake</th><th>Max depth (m)</th><th>Area (km²)</th></tr></thead>
<tbody><tr><td>Orvel</td><td>412</td><td>88.5</td></tr>
<tr><td>Tasmer</td><td>1,046</td><td>31.2</td></tr>
<tr><td>Ninla</td><td>97</td><td>140.0</td></tr></tbody></table></main></body></html>`;
const SHA = createHash('sha256').update(TABLE).digest('hex');
const record = {
  ...aLogRecord({
    run_id: RUN_ID,
    evidence: { screenshot: null, dom_snapshot: anEvidenceRef({ sha256: SHA }) },
  }),
  seq: 1,
  prev_hash: '0'.repeat(64),
  hash: 'a'.repeat(64),
};
const row = (n: number, snippet: string): ClaimSource => ({
  url: 'http://127.0.0.1:8080/lakes',
  xpath: `/html/body/main/table/tbody/tr[${String(n)}]`,
  snippet,
  domSnapshot: anEvidenceRef({ sha256: SHA }),
  logRecordId: record.record_id,
});

function judged(
  text: string,
  kind: 'sum' | 'average',
  supports: ClaimSource[],
  attribute = 'area',
): string[] {
  const claim: Claim = {
    ...aClaim({ text, confidence: 0.8, source: supports[0] ?? row(1, 'x') }),
    claimId: 'q',
    kind: 'derived_answer',
    attribute: { id: attribute },
    derivation: { kind, rule: `the ${kind} of the lakes' ${attribute}`, supports },
  };
  const judgement = judgeRun({
    runId: RUN_ID,
    claims: [claim],
    expectedRecordIds: [record.record_id],
    minConfidence: 0.35,
    records: [record],
    chain: { valid: true, checked: 1, brokenAtSeq: null },
    evidence: new Map([[SHA, { status: 'found', data: new TextEncoder().encode(TABLE) }]]),
  });
  const verdict = judgement.verdicts[0];
  return verdict?.verdict === 'verified' ? [] : (verdict?.reasons ?? ['rejected']);
}

describe('a sum or an average re-derived from its supports', () => {
  const areas = [row(1, 'Area (km²): 88.5'), row(3, 'Area (km²): 140.0')];

  it('releases the sum and the mean of the labelled values, to the precision written', () => {
    expect(judged('228.5', 'sum', areas)).toEqual([]);
    expect(judged('114.25', 'average', areas)).toEqual([]);
    expect(judged('114.3', 'average', areas)).toEqual([]);
  });

  it('refuses a wrong figure, a value under another label, and a support stating no single number', () => {
    expect(judged('230', 'sum', areas).join(' ')).toContain('is 228.5, not 230');
    const depth = [row(1, 'Area (km²): 88.5'), row(2, 'Max depth (m): 1,046')];
    expect(judged('1134.5', 'sum', depth).join(' ')).toContain('does not label its number as area');
    const whole = [row(1, 'Lake: Orvel; Max depth (m): 412; Area (km²): 88.5')];
    expect(judged('88.5', 'sum', whole).join(' ')).toContain('states 2 numbers');
  });

  it('refuses a support that is not at its node', () => {
    const moved = [row(2, 'Area (km²): 88.5'), row(3, 'Area (km²): 140.0')];
    expect(judged('228.5', 'sum', moved)).not.toEqual([]);
  });
});
