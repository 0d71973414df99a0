import { randomUUID } from 'node:crypto';
import type { Citation, RecordedVerdict } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import type { RunCompletedEvent } from './run-board.js';
import { gateCompletion, type FetchedVerdict } from './verdict-gate.js';

const runId = randomUUID();
const snapshot = anEvidenceRef();

function claimOf(text: string, snippet: string, verdict: 'verified' | 'rejected' = 'verified') {
  return {
    claimId: `claim-${text}`,
    verdict,
    text,
    url: 'https://example.org/page',
    xpath: '/html/body/p[1]',
    snippet,
    logRecordId: randomUUID(),
    domSnapshotSha256: snapshot.sha256,
  } satisfies RecordedVerdict['claims'][number];
}

function citationOf(claim: RecordedVerdict['claims'][number]): Citation {
  return {
    url: claim.url,
    title: 'A page',
    snippet: claim.snippet,
    xpath: claim.xpath,
    logRecordId: claim.logRecordId,
    evidence: { domSnapshot: snapshot, screenshot: null },
  };
}

const price = claimOf('$119', 'Double rooms from $119 per night.');
const parking = claimOf('free parking', 'Free parking for guests.');
const rejected = claimOf('$99', 'Rooms from $99.', 'rejected');
const recorded: FetchedVerdict = {
  id: randomUUID(),
  digest: 'a'.repeat(64),
  verdict: { runId, released: true, claims: [price, parking, rejected] },
};

function completion(
  text: string,
  citations: Citation[],
  verdict?: { id: string; digest: string },
): RunCompletedEvent {
  return {
    runId,
    outcome: 'answered',
    answer: { text, confidence: 0.8, citations },
    failures: [],
    completedAt: new Date().toISOString(),
    durationMs: 10,
    ...(verdict ? { verdict } : {}),
  };
}

describe('gateCompletion: an answer is shown only as far as its recorded verdict confirms it', () => {
  it('shows an answer whose every citation is a verified claim it states', () => {
    const result = gateCompletion({
      completion: completion(
        '$119 a night, with free parking',
        [citationOf(price), citationOf(parking)],
        recorded,
      ),
      lookup: { verdicts: [recorded], chainValid: true },
    });
    expect(result.gate).toMatchObject({ status: 'verified', verdictId: recorded.id, withheld: [] });
    expect(result.completion.answer?.citations).toHaveLength(2);
  });

  it('refuses a forged answer with a made-up citation and no verdict', () => {
    const forged = completion('FORGED ANSWER $1', [citationOf(claimOf('FORGED ANSWER $1', 'made up'))]);
    const result = gateCompletion({ completion: forged, lookup: { verdicts: [recorded], chainValid: true } });
    expect(result.gate.status).toBe('refused');
    expect(result.completion).toMatchObject({ outcome: 'unverified', answer: null });
    expect(result.completion.failures.at(-1)?.reason).toMatch(/refused by the gateway/);
  });

  it('refuses another answer text behind a real citation', () => {
    const result = gateCompletion({
      completion: completion('FORGED ANSWER $1', [citationOf(price)], recorded),
      lookup: { verdicts: [recorded], chainValid: true },
    });
    expect(result.gate.status).toBe('refused');
  });

  it('refuses a completion naming a verdict that is not in the log, or with another digest', () => {
    const text = '$119';
    const missing = gateCompletion({
      completion: completion(text, [citationOf(price)], { id: randomUUID(), digest: recorded.digest }),
      lookup: { verdicts: [recorded], chainValid: true },
    });
    expect(missing.gate.reasons[0]).toMatch(/not in the log/);
    const otherDigest = gateCompletion({
      completion: completion(text, [citationOf(price)], { id: recorded.id, digest: 'b'.repeat(64) }),
      lookup: { verdicts: [recorded], chainValid: true },
    });
    expect(otherDigest.gate.reasons[0]).toMatch(/another digest/);
  });

  it('refuses a citation of a rejected claim', () => {
    const result = gateCompletion({
      completion: completion('$99', [citationOf(rejected)], recorded),
      lookup: { verdicts: [recorded], chainValid: true },
    });
    expect(result.gate.status).toBe('refused');
  });

  it('releases a partly verified answer with the unverified citations removed and listed', () => {
    const invented = citationOf(claimOf('a pool', 'Heated pool.'));
    const result = gateCompletion({
      completion: completion('$119 a night, and a pool', [citationOf(price), invented], recorded),
      lookup: { verdicts: [recorded], chainValid: true },
    });
    expect(result.gate).toMatchObject({ status: 'partly_verified', withheld: [invented] });
    expect(result.completion.answer?.citations).toEqual([citationOf(price)]);
    expect(result.completion.failures).toEqual([
      { claim: 'Heated pool.', reason: expect.stringMatching(/withheld by the gateway/) as unknown },
    ]);
  });

  it('trusts no verdict from a broken log, from a log that did not answer, or of another run', () => {
    const answer = completion('$119', [citationOf(price)], recorded);
    expect(
      gateCompletion({ completion: answer, lookup: { verdicts: [recorded], chainValid: false } }).gate.status,
    ).toBe('refused');
    expect(
      gateCompletion({
        completion: answer,
        lookup: { verdicts: [], chainValid: false, unavailable: 'timeout' },
      }).gate.reasons[0],
    ).toMatch(/could not be asked/);
    const elsewhere = { ...recorded, verdict: { ...recorded.verdict, runId: randomUUID() } };
    expect(
      gateCompletion({ completion: answer, lookup: { verdicts: [elsewhere], chainValid: true } }).gate.status,
    ).toBe('refused');
  });

  it('refuses when the verifier did not release the run', () => {
    const held = { ...recorded, verdict: { ...recorded.verdict, released: false } };
    const result = gateCompletion({
      completion: completion('$119', [citationOf(price)], held),
      lookup: { verdicts: [held], chainValid: true },
    });
    expect(result.gate.reasons[0]).toMatch(/did not release/);
  });

  it('passes a completion without an answer through unchanged', () => {
    const none: RunCompletedEvent = { ...completion('', []), outcome: 'no_answer', answer: null };
    expect(gateCompletion({ completion: none, lookup: { verdicts: [], chainValid: true } })).toEqual({
      completion: none,
      gate: { status: 'nothing_to_check', verdictId: null, reasons: [], withheld: [] },
    });
  });
});
