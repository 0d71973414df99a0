import { randomUUID } from 'node:crypto';
import type { Claim, ScoredAnswer } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import type { Activities, VerifyReply } from '../activities.js';
import { RunState } from '../loop/run-state.js';
import { timedStep } from '../loop/step.js';
import type { Plan } from '../plan/plan.js';
import { releaseAnswer } from './release.js';

const source = (url: string, snippet: string): ScoredAnswer['source'] & { nodeId: string } => ({
  url,
  title: url,
  xpath: '/html/body/p[1]',
  nodeId: 'n1',
  chunkId: 'n1',
  snippet,
  domSnapshot: anEvidenceRef(),
  logRecordId: randomUUID(),
});

const first = source('http://127.0.0.1:9000/a', 'A was born in Lyon.');
const second = source('http://127.0.0.1:9000/b', 'B was born in Lyon as well.');
const derivedYes: ScoredAnswer = {
  text: 'yes',
  confidence: 0.7,
  source: first,
  answerType: 'yes_no',
  derivation: { kind: 'yes_no', rule: 'both pages name the same birthplace', sources: [first, second] },
};

const plan: Plan = {
  kind: 'fact',
  question: 'Were A and B born in the same city?',
  parts: [{ id: 'p1', question: 'Were A and B born in the same city?', query: 'A B born' }],
  combine: { kind: 'single' },
  startUrls: [],
  steps: [],
  source: 'heuristic',
};

/** The release against a verifier stand-in that judges every claim as `verdictFor` says. */
async function release(
  verdictFor: (claim: Claim) => 'verified' | 'rejected',
  keep: 'answers' | 'tentative' = 'answers',
) {
  const sent: Claim[] = [];
  const acts = {
    now: () => 0,
    report: async () => {},
    verify: (claims: readonly Claim[]): Promise<VerifyReply> => {
      sent.push(...claims);
      const verdicts = claims.map((c) => ({ claimId: c.claimId, verdict: verdictFor(c), checks: [] }));
      return Promise.resolve({
        runId: randomUUID(),
        verdicts,
        trace: { complete: true, missingRecordIds: [], chainValid: true },
        released: verdicts.some((v) => v.verdict === 'verified'),
        logRecordId: randomUUID(),
      });
    },
  } as unknown as Activities;
  const state = new RunState({
    maxPages: 5,
    maxSteps: 10,
    maxSearches: 2,
    maxWallMs: 60_000,
    maxPagesPerSite: 5,
  });
  state[keep].set('p1', derivedYes);
  const released = await releaseAnswer({ acts, step: timedStep(acts), state, plan });
  return { sent, released };
}

describe('releasing a derived answer', () => {
  it('claims it as derived with every supporting snippet, and releases it citing them with its rule', async () => {
    const { sent, released } = await release(() => 'verified');
    expect(sent[0]).toMatchObject({
      kind: 'derived_answer',
      text: 'yes',
      derivation: { kind: 'yes_no', rule: 'both pages name the same birthplace' },
    });
    expect(sent[0]?.derivation?.supports.map((s) => s.snippet)).toEqual([first.snippet, second.snippet]);
    expect(released.outcome).toBe('answered');
    expect(released.answer?.citations.map((c) => c.snippet)).toEqual([first.snippet, second.snippet]);
    expect(released.answer?.derived).toEqual([
      { text: 'yes', kind: 'yes_no', rule: 'both pages name the same birthplace', citations: [0, 1] },
    ]);
  });

  it('releases nothing when the verifier rejects the derived claim', async () => {
    const { released } = await release(() => 'rejected');
    expect(released.outcome).toBe('unverified');
    expect(released.answer).toBeNull();
  });

  it('releases an unanswered part’s tentative answer only as the verifier confirms it', async () => {
    const verified = await release(() => 'verified', 'tentative');
    expect(verified.released.outcome).toBe('answered');
    expect(verified.released.answer?.text).toBe('yes');
    const rejected = await release(() => 'rejected', 'tentative');
    expect(rejected.released.answer).toBeNull();
  });
});
