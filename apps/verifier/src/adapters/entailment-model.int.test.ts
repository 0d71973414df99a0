import { LlmClient } from '@forage/llm';
import { startFakeOpenAi, type FakeOpenAi } from '@forage/testing';
import { aStoredRecord, aTrueClaim, FOUND_PAGE, PAGE_SHA, RUN_ID } from '../core/claims.fixtures.js';
import { judgeRun, type RunEvidence } from '../core/judge.js';
import { reviewWithModel } from '../core/review.js';
import { EntailmentModel } from './entailment-model.js';

const record = aStoredRecord();
const trueClaim = {
  ...aTrueClaim(record),
  attribute: { id: 'price' },
  value: { type: 'money' as const, amount: 129 },
};
/** Quoted from the same node, but not the value the node states: the deterministic value check refuses it. */
const wrongClaim = {
  ...aTrueClaim(record),
  claimId: 'claim-wrong',
  attribute: { id: 'price' },
  value: { type: 'money' as const, amount: 89 },
};

function runEvidence(claims: RunEvidence['claims']): RunEvidence {
  return {
    runId: RUN_ID,
    claims,
    expectedRecordIds: [record.record_id],
    minConfidence: 0.35,
    records: [record],
    chain: { valid: true, checked: 1, brokenAtSeq: null },
    evidence: new Map([[PAGE_SHA, FOUND_PAGE]]),
  };
}

describe('entailment by a configured model (local OpenAI-compatible endpoint)', () => {
  let api: FakeOpenAi;
  let reader: EntailmentModel;

  beforeAll(async () => {
    api = await startFakeOpenAi();
    reader = new EntailmentModel(
      new LlmClient({ baseURL: api.baseURL, model: 'fake-model', timeoutMs: 2_000, maxRetries: 0 }),
    );
  });
  afterAll(async () => {
    await api.stop();
  });

  async function review(claims: RunEvidence['claims']) {
    const input = runEvidence(claims);
    return reviewWithModel({ ...input, judgement: judgeRun(input), reader });
  }

  it('a model that says "yes" to everything releases nothing the deterministic checks refused', async () => {
    api.script({ kind: 'completion', content: '{"entailed": true, "reason": "yes"}' });
    const before = api.requests.length;
    const judgement = await review([trueClaim, wrongClaim]);
    expect(judgement.verdicts.map((v) => [v.claimId, v.verdict])).toEqual([
      [trueClaim.claimId, 'verified'],
      ['claim-wrong', 'rejected'],
    ]);
    expect(judgement.verdicts[1]?.checks.some((c) => c.name === 'entailment')).toBe(false);
    // only the deterministically verified claim was asked, with the stored node's words
    expect(api.requests.length - before).toBe(1);
    const asked = api.requests.at(-1);
    expect(asked?.response_format?.type).toBe('json_schema');
    expect(asked?.messages[1]?.content).toContain('Price per night: $129 with free parking.');
    expect(asked?.messages[1]?.content).toContain('price: 129');
    expect(judgement.verdicts[0]?.checks.at(-1)).toMatchObject({ name: 'entailment', passed: true });
    expect(judgement.released).toBe(true);
  });

  it('a model that says "no" withholds the claim, its reason recorded', async () => {
    api.script({
      kind: 'completion',
      content:
        '<think>The node says 129 but per night…</think>{"entailed": false, "reason": "the price is per night, not the total"}',
    });
    const judgement = await review([trueClaim]);
    const verdict = judgement.verdicts[0];
    expect(verdict).toMatchObject({ verdict: 'rejected', outcome: 'unsupported' });
    expect(verdict?.reasons?.[0]).toMatch(
      /^entailment: fake-model does not read the claim .*per night, not the total/,
    );
    expect(judgement.released).toBe(false);
  });

  it('reads the answer of a server that rejects json_schema, or answers with a tool call', async () => {
    api.rejectResponseFormats(['json_schema']);
    api.script({
      kind: 'tool_call',
      name: 'reply',
      arguments: '{"entailed": false, "reason": "another entity"}',
    });
    const judgement = await review([trueClaim]);
    expect(judgement.verdicts[0]?.verdict).toBe('rejected');
    expect(api.requests.at(-1)?.response_format).toBeUndefined();
    api.rejectResponseFormats([]);
  });

  it('leaves the deterministic verdict when the endpoint fails', async () => {
    api.script({ kind: 'error', status: 500, type: 'server_error', code: null, message: 'down' });
    const judgement = await review([trueClaim]);
    expect(judgement.verdicts[0]?.verdict).toBe('verified');
    expect(judgement.verdicts[0]?.checks.some((c) => c.name === 'entailment')).toBe(false);
  });
});
