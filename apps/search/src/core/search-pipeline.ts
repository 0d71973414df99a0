import { SEARCH_RANKING_VERSION, type SearchResult } from '@forage/contracts';
import { tokenize } from '@forage/retrieval';
import { parseQuery, type ParsedQuery } from './query/parse-query.js';
import { keywordRewrite } from './rewrite.js';
import { normalizeHits } from './merge-results.js';
import { scoreResult, type RankingWeights } from './rank.js';
import { runProviders, type ProviderMode, type ProviderSlot } from './providers/run-providers.js';
import type { CallClock, SourceReport } from './providers/call-provider.js';
import type { ResultCache } from './result-cache.js';

/** Rewrites a parsed query with an LLM; resolves to null when it has nothing valid to offer. */
export type LlmRewrite = (parsed: ParsedQuery) => Promise<string | null>;

export interface SearchOutcome {
  readonly parsed: ParsedQuery;
  readonly optimized: string;
  readonly results: SearchResult[];
  readonly sources: SourceReport[];
  readonly costUsd: number;
  readonly cached: boolean;
  readonly rankingVersion: string;
  readonly timings: {
    parseMs: number;
    rewriteMs: number;
    providerMs: number;
    rankMs: number;
    totalMs: number;
  };
}

export interface SearchDeps {
  readonly slots: readonly ProviderSlot[];
  readonly mode: ProviderMode;
  readonly weights: RankingWeights;
  readonly trustOf: (domain: string) => number;
  readonly cache: ResultCache<Omit<SearchOutcome, 'timings' | 'cached' | 'parsed'>>;
  readonly llmRewrite?: LlmRewrite;
  readonly clock: CallClock;
  readonly today: () => Date;
}

/**
 * The SearchOrchestrator's stages: parse → rewrite → (cache | providers) → normalise and
 * deduplicate → rank with a breakdown. Throws QueryRejectedError for a query it cannot search.
 */
export async function runSearch(
  deps: SearchDeps,
  request: { query: string; limit: number },
): Promise<SearchOutcome> {
  const { clock } = deps;
  const t0 = clock.now();
  const parsed = parseQuery(request.query, { today: deps.today() });
  const t1 = clock.now();
  const optimized = (deps.llmRewrite ? await deps.llmRewrite(parsed) : null) ?? keywordRewrite(parsed);
  const t2 = clock.now();
  const key = `${request.limit}\u0000${optimized}`;
  const hit = deps.cache.get(key);
  if (hit) {
    const t3 = clock.now();
    return { ...hit, parsed, cached: true, timings: timings(t0, t1, t2, t3, t3) };
  }
  const providers = await runProviders({
    slots: deps.slots,
    mode: deps.mode,
    query: {
      text: optimized,
      original: parsed.text,
      limit: request.limit,
      language: parsed.language,
      filters: parsed.filters,
    },
    clock,
  });
  const t3 = clock.now();
  const queryTerms = tokenize(parsed.text);
  const normalized = normalizeHits(providers.hits);
  const bestLocal = Math.max(0, ...normalized.map((h) => h.providerScore ?? 0));
  const results = normalized
    .map((h) => {
      const { score, breakdown } = scoreResult({
        result: {
          title: h.title,
          snippet: h.snippet,
          position: h.position,
          domain: h.domain,
          ...(h.providerScore !== undefined && bestLocal > 0
            ? { localRelevance: h.providerScore / bestLocal }
            : {}),
        },
        queryTerms,
        schemaType: parsed.schemaType,
        weights: deps.weights,
        trust: deps.trustOf(h.domain),
      });
      return {
        url: h.url,
        title: h.title,
        snippet: h.snippet,
        score,
        provider: h.provider,
        position: h.position,
        domain: h.domain,
        breakdown:
          h.providerScore === undefined
            ? breakdown
            : { ...breakdown, local: Math.round(h.providerScore * 1000) / 1000 },
      };
    })
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, request.limit);
  const t4 = clock.now();
  const outcome = {
    optimized,
    results,
    sources: providers.sources,
    costUsd: providers.costUsd,
    rankingVersion: SEARCH_RANKING_VERSION,
  };
  // only answers worth repeating are cached: a failed source should be asked again next time
  if (providers.sources.some((s) => s.status === 'ok')) deps.cache.set(key, outcome);
  return { ...outcome, parsed, cached: false, timings: timings(t0, t1, t2, t3, t4) };
}

function timings(t0: number, t1: number, t2: number, t3: number, t4: number): SearchOutcome['timings'] {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    parseMs: r(t1 - t0),
    rewriteMs: r(t2 - t1),
    providerMs: r(t3 - t2),
    rankMs: r(t4 - t3),
    totalMs: r(t4 - t0),
  };
}
