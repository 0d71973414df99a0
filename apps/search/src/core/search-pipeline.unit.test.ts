import { DEFAULT_RANKING_WEIGHTS } from './rank.js';
import { ResultCache } from './result-cache.js';
import { runSearch, type SearchDeps } from './search-pipeline.js';
import { RateLimiter } from './providers/rate-limiter.js';
import type { ProviderHit, ProviderQuery, SearchProvider } from './providers/provider.js';

function provider(name: string, hits: ProviderHit[]): SearchProvider & { queries: ProviderQuery[] } {
  const queries: ProviderQuery[] = [];
  return {
    name,
    costPerQueryUsd: 0.001,
    queries,
    search(q) {
      queries.push(q);
      return Promise.resolve(hits);
    },
  };
}

const hit = (url: string, title: string, position: number): ProviderHit => ({
  url,
  title,
  snippet: '',
  position,
});

function deps(providers: SearchProvider[], extra: Partial<SearchDeps> = {}): SearchDeps {
  let t = 0;
  const now = () => (t += 1);
  return {
    slots: providers.map((p) => ({
      provider: p,
      policy: { timeoutMs: 1_000, retries: 0, backoffMs: 0, maxRetryAfterMs: 0 },
      limiter: new RateLimiter(1_000, 1_000, now),
    })),
    mode: 'merge',
    weights: DEFAULT_RANKING_WEIGHTS,
    trustOf: () => 0,
    cache: new ResultCache(60_000, 100, () => 0),
    clock: { now, sleep: () => Promise.resolve() },
    today: () => new Date(Date.UTC(2026, 0, 1)),
    ...extra,
  };
}

describe('runSearch', () => {
  it('merges sources, deduplicates by canonical URL, ranks with a breakdown and reports each source', async () => {
    const a = provider('a', [
      hit('https://www.x.example/p?utm_source=a', 'Unrelated', 1),
      hit('https://y.example/', 'Lighthouse keepers history', 2),
    ]);
    const b = provider('b', [hit('https://www.x.example/p#top', 'Duplicate of the first', 1)]);
    const out = await runSearch(deps([a, b]), { query: 'lighthouse keepers', limit: 5 });
    expect(out.results.map((r) => [r.url, r.provider])).toEqual([
      ['https://y.example/', 'a'],
      ['https://www.x.example/p', 'a'],
    ]);
    expect(out.results[0]!.breakdown).toMatchObject({ title: 0.5, position: expect.any(Number) as number });
    expect(out.sources.map((s) => [s.provider, s.status])).toEqual([
      ['a', 'ok'],
      ['b', 'ok'],
    ]);
    expect(out.costUsd).toBe(0.002);
    expect(out.timings.totalMs).toBeGreaterThan(0);
  });

  it('sends the web the rewritten query and keeps the original beside it', async () => {
    const a = provider('a', [hit('https://h.example/', 'Hotel', 1)]);
    const out = await runSearch(deps([a]), { query: 'hotels in Orlando', limit: 3 });
    expect(out.optimized).toBe('hotels in Orlando booking');
    expect(out.parsed.original).toBe('hotels in Orlando');
    expect(a.queries[0]).toMatchObject({ text: 'hotels in Orlando booking', original: 'hotels in Orlando' });
  });

  it('uses an LLM rewrite when it offers one, and the keyword rewrite when it does not', async () => {
    const a = provider('a', [hit('https://h.example/', 'Hotel', 1)]);
    const withLlm = await runSearch(
      deps([a], { llmRewrite: () => Promise.resolve('family hotels Orlando') }),
      { query: 'hotels in Orlando', limit: 3 },
    );
    expect(withLlm.optimized).toBe('family hotels Orlando');
    const fallback = await runSearch(deps([a], { llmRewrite: () => Promise.resolve(null) }), {
      query: 'hotels in Orlando',
      limit: 3,
    });
    expect(fallback.optimized).toBe('hotels in Orlando booking');
  });

  it('answers a repeated optimised query from the cache, and does not cache a failed search', async () => {
    const a = provider('a', [hit('https://h.example/', 'Hotel', 1)]);
    const d = deps([a]);
    await runSearch(d, { query: 'museums', limit: 3 });
    const again = await runSearch(d, { query: 'museums', limit: 3 });
    expect(again.cached).toBe(true);
    expect(a.queries).toHaveLength(1);
    const empty = provider('e', []);
    const d2 = deps([empty]);
    await runSearch(d2, { query: 'museums', limit: 3 });
    expect((await runSearch(d2, { query: 'museums', limit: 3 })).cached).toBe(false);
  });
});
