import { randomUUID } from 'node:crypto';
import type { Claim, ScoredAnswer } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import type { Activities, VerifyReply } from '../activities.js';
import { RunState } from '../loop/run-state.js';
import { timedStep } from '../loop/step.js';
import { planHeuristically } from '../plan/heuristic-planner.js';
import { mergeByName, rankBound, rankItems, type ListingItem } from './listing-items.js';
import { releaseAnswer } from './release.js';

const URL = 'http://127.0.0.1:9000/search?city=tirvane';
const node = (xpath: string, snippet: string): ScoredAnswer['source'] => ({
  url: URL,
  title: 'Hotels in Tirvane',
  xpath,
  chunkId: xpath,
  snippet,
  domSnapshot: anEvidenceRef(),
  logRecordId: '3c7a4a2e-0000-4000-8000-000000000001',
});

/** A results card with its rating and price, or (no rating) a side rail naming the hotel with its price. */
const card = (name: string, price: number, rating: number | undefined, at: string): ListingItem => {
  const line = `$${String(price)}${rating !== undefined ? ` · guest rating ${rating.toFixed(1)} / 5` : ''}`;
  return {
    name,
    url: URL,
    price,
    ...(rating !== undefined ? { rating } : {}),
    text: `${name} · ${line}`,
    source: node(`${at}/h2`, name),
    evidence: [node(`${at}/p`, line)],
  };
};

describe('ranking a set', () => {
  // read first on a hotel's page: a rail naming two others with their price only
  const rail = [
    card('Casa Lume', 120, undefined, '/aside/li[1]'),
    card('Vento Rooms', 95, undefined, '/aside/li[2]'),
  ];
  const results = [
    card('Vento Rooms', 95, 3.2, '/main/li[1]'),
    card('Casa Lume', 120, 4.6, '/main/li[2]'),
    card('Pico Inn', 140, 4.1, '/main/li[3]'),
  ];

  it('merges the readings of one item, so a rail that lacks the rating does not hide it', () => {
    const merged = mergeByName([...rail, ...results]);
    expect(merged.map((i) => [i.name, i.rating])).toEqual([
      ['Casa Lume', 4.6],
      ['Vento Rooms', 3.2],
      ['Pico Inn', 4.1],
    ]);
    const spec = { noun: 'hotel', features: [], rank: { by: 'rating', order: 'desc' as const }, limit: 1 };
    expect(rankItems([...rail, ...results], spec).map((i) => i.name)).toEqual(['Casa Lume']);
    expect(rankBound([...rail, ...results], spec)).toBe(4.1);
  });

  it('claims the rank value at its node against the best item left out, and the verifier’s no withholds it', async () => {
    const sent: Claim[][] = [];
    const acts = {
      now: () => 0,
      report: async () => {},
      verify: (claims: readonly Claim[]): Promise<VerifyReply> => {
        sent.push([...claims]);
        // a verifier reading the rating at its node: it must reach the bound
        const verdicts = claims.map((c) => {
          const read = c.constraint?.kind === 'min' ? Number(/[\d.]+/.exec(c.text)?.[0]) : undefined;
          const ok = read === undefined || read >= (c.constraint?.bound ?? 0);
          return {
            claimId: c.claimId,
            verdict: ok ? ('verified' as const) : ('rejected' as const),
            checks: [],
          };
        });
        return Promise.resolve({
          runId: randomUUID(),
          verdicts,
          trace: { complete: true, missingRecordIds: [], chainValid: true },
          released: verdicts.every((v) => v.verdict === 'verified'),
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
    for (const item of [...rail, ...results]) state.items.push({ item, context: 'Hotels in Tirvane' });
    const released = await releaseAnswer({
      acts,
      step: timedStep(acts),
      state,
      plan: planHeuristically({ question: 'Which hotel in Tirvane has the highest rating?' }),
    });
    const rankClaim = sent.flat().find((c) => c.constraint?.attribute === 'rating');
    expect(rankClaim).toMatchObject({
      text: '4.6',
      constraint: { kind: 'min', bound: 4.1, item: 'Casa Lume' },
      source: { xpath: '/main/li[2]/p' },
    });
    expect(released.answer?.text).toContain('Casa Lume');
  });
});
