import { DEFAULT_RANKING_WEIGHTS, positionScore, scoreResult, titleRelevance } from './rank.js';

describe('ranking terms', () => {
  it('position score is 1/log2(position+1)', () => {
    expect(positionScore(1)).toBe(1);
    expect(positionScore(3)).toBe(0.5);
    expect(positionScore(2)).toBeCloseTo(0.6309, 4);
  });

  it('title relevance is the share of query terms in the title', () => {
    expect(titleRelevance(['orlando', 'hotel'], 'Hotels of Orlando')).toBe(1);
    expect(titleRelevance(['orlando', 'hotel'], 'Orlando weather')).toBe(0.5);
    expect(titleRelevance([], 'anything')).toBe(0);
  });

  const base = {
    title: 'Orlando hotels',
    snippet: 'Rooms from $120 per night, book now',
    position: 1,
    domain: 'example.com',
  };

  it('adds price and availability signals for listing queries only, capped at 1', () => {
    const listing = scoreResult({
      result: base,
      queryTerms: ['orlando', 'hotel'],
      schemaType: 'HotelListing',
      weights: DEFAULT_RANKING_WEIGHTS,
      trust: 0,
    });
    expect(listing.breakdown).toMatchObject({
      title: 0.5,
      position: 0.5,
      price: 0.1,
      availability: 0.1,
      trust: 0,
    });
    expect(listing.score).toBe(1);
    const generic = scoreResult({
      result: base,
      queryTerms: ['orlando', 'hotel'],
      schemaType: 'generic',
      weights: DEFAULT_RANKING_WEIGHTS,
      trust: 0,
    });
    expect(generic.breakdown).toMatchObject({ price: 0, availability: 0 });
  });

  it('orders a relevant third result above an irrelevant first one', () => {
    const score = (title: string, position: number) =>
      scoreResult({
        result: { ...base, title, snippet: '', position },
        queryTerms: ['orlando', 'hotel'],
        schemaType: 'generic',
        weights: DEFAULT_RANKING_WEIGHTS,
        trust: 0,
      }).score;
    expect(score('Orlando hotel guide', 3)).toBeGreaterThan(score('Unrelated page', 1));
  });

  it('uses local BM25 relevance in place of title relevance and adds weighted trust', () => {
    const r = scoreResult({
      result: { ...base, localRelevance: 0.4, position: 3 },
      queryTerms: ['x'],
      schemaType: 'generic',
      weights: DEFAULT_RANKING_WEIGHTS,
      trust: -0.5,
    });
    expect(r.breakdown).toMatchObject({ title: 0.2, position: 0.25, trust: -0.05 });
    expect(r.score).toBeCloseTo(0.4, 4);
  });
});
