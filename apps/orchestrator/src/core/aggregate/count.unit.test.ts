import { randomUUID } from 'node:crypto';
import type { Claim, ScoredAnswer } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import type { Activities, VerifyReply } from '../activities.js';
import { RunState } from '../loop/run-state.js';
import { timedStep } from '../loop/step.js';
import { planHeuristically } from '../plan/heuristic-planner.js';
import type { ListingItem } from './listing-items.js';
import { releaseAnswer } from './release.js';

const URL = 'http://127.0.0.1:9000/hotels/tirvane';
const node = (xpath: string, snippet: string): ScoredAnswer['source'] => ({
  url: URL,
  title: 'Hotels in Tirvane',
  xpath,
  chunkId: xpath,
  snippet,
  domSnapshot: anEvidenceRef(),
  logRecordId: '3c7a4a2e-0000-4000-8000-000000000001',
});

/** A hotel card: its name node and its amenities node. */
const hotel = (i: number, amenities: string): ListingItem => {
  const name = `Hotel Nubo ${String(i)}`;
  return {
    name,
    url: URL,
    text: `${name} · ${amenities}`,
    source: node(`/html/body/ul/li[${String(i)}]/h3`, name),
    evidence: [node(`/html/body/ul/li[${String(i)}]/p`, amenities)],
  };
};

async function ask(question: string, verdictFor: (claim: Claim) => boolean) {
  const sent: Claim[][] = [];
  const acts = {
    now: () => 0,
    report: async () => {},
    verify: (claims: readonly Claim[]): Promise<VerifyReply> => {
      sent.push([...claims]);
      const verdicts = claims.map((c) => ({
        claimId: c.claimId,
        verdict: verdictFor(c) ? ('verified' as const) : ('rejected' as const),
        checks: [],
      }));
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
  for (const [i, amenities] of ['Pool · Free parking', 'Free Wi-Fi', 'Pool', 'No pool · Wi-Fi'].entries())
    state.items.push({ item: hotel(i + 1, amenities), context: 'Hotels in Tirvane' });
  const released = await releaseAnswer({
    acts,
    step: timedStep(acts),
    state,
    plan: planHeuristically({ question }),
  });
  return { sent, released };
}

describe('a count over a set', () => {
  it('counts the items verified with every constraint, as a derived claim over their own nodes', async () => {
    const { sent, released } = await ask('How many hotels in Tirvane have a pool?', () => true);
    expect(released.outcome).toBe('answered');
    expect(released.answer?.text).toMatch(/^2 \(Hotel Nubo 1; Hotel Nubo 3\)$/);
    const count = sent.at(-1)?.[0];
    expect(count).toMatchObject({ kind: 'derived_answer', text: '2', derivation: { kind: 'count' } });
    expect(count?.derivation?.supports.map((s) => s.snippet)).toEqual(['Hotel Nubo 1', 'Hotel Nubo 3']);
    // each counted item was first claimed with its constraint (the pool) at the node stating it
    expect(sent[0]?.filter((c) => c.constraint?.kind === 'feature').map((c) => c.constraint?.item)).toEqual([
      'Hotel Nubo 1',
      'Hotel Nubo 3',
    ]);
  });

  it('never counts an item whose constraint claim was rejected (the count is never padded)', async () => {
    const { released } = await ask(
      'How many hotels in Tirvane have a pool?',
      (c) => !(c.constraint?.item === 'Hotel Nubo 3'),
    );
    expect(released.answer?.text).toMatch(/^1 \(Hotel Nubo 1\)$/);
  });

  it('releases nothing when the verifier does not re-derive the count', async () => {
    const { released } = await ask(
      'How many hotels in Tirvane have a pool?',
      (c) => c.kind !== 'derived_answer',
    );
    expect(released.answer).toBeNull();
    expect(released.outcome).toBe('unverified');
  });
});

describe('features in the page’s own spelling', () => {
  it('counts "wifi" where the cards say "Wi-Fi", quoting the page’s word for the verifier', async () => {
    const { sent, released } = await ask('How many hotels in Tirvane have wifi?', () => true);
    expect(released.answer?.text).toMatch(/^2 \(Hotel Nubo 2; Hotel Nubo 4\)$/);
    const features = sent[0]?.filter((c) => c.constraint?.kind === 'feature') ?? [];
    expect(features.map((c) => [c.text, c.constraint?.text])).toEqual([
      ['Wi-Fi', 'Wi-Fi'],
      ['Wi-Fi', 'Wi-Fi'],
    ]);
  });
});
