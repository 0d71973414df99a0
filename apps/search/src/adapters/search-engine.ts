import { Inject, Injectable } from '@nestjs/common';
import { LlmClient, llmOptionsFrom } from '@forage/llm';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { SearchConfig } from '../config.js';
import { SEARCH_CONFIG } from '../tokens.js';
import { ResultCache } from '../core/result-cache.js';
import { runSearch, type SearchDeps, type SearchOutcome } from '../core/search-pipeline.js';
import type { CallClock } from '../core/providers/call-provider.js';
import { LocalIndex } from './local-index.js';
import { providerSlots } from './provider-slots.js';
import { SearchMetrics } from './search-metrics.js';
import { llmRewriter } from './llm-rewriter.js';
import { DomainTrustStore } from './domain-trust-store.js';

const systemClock: CallClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The pipeline wired to the configured providers, cache and metrics; one per service instance. */
@Injectable()
export class SearchEngine {
  private readonly deps: SearchDeps;
  private readonly cache: SearchDeps['cache'];
  /** The local index's generation the cached results were computed from. */
  private cachedGeneration = -1;

  constructor(
    @Inject(SEARCH_CONFIG) config: SearchConfig,
    @Inject(LocalIndex) private readonly local: LocalIndex,
    @Inject(SearchMetrics) private readonly metrics: SearchMetrics,
    @Inject(LOGGER) logger: Logger,
    @Inject(DomainTrustStore) trust: DomainTrustStore,
  ) {
    this.cache = new ResultCache(config.SEARCH_CACHE_TTL_MS, config.SEARCH_CACHE_MAX_ENTRIES, () =>
      Date.now(),
    );
    // the rewrite is on every search's path: it waits no longer than a provider would
    const llmOptions = llmOptionsFrom(config);
    const llm = llmOptions
      ? { ...llmOptions, timeoutMs: Math.min(llmOptions.timeoutMs, config.SEARCH_TIMEOUT_MS) }
      : null;
    this.deps = {
      slots: providerSlots(config, local),
      mode: config.SEARCH_MODE,
      weights: {
        title: config.SEARCH_WEIGHT_TITLE,
        position: config.SEARCH_WEIGHT_POSITION,
        price: config.SEARCH_WEIGHT_PRICE,
        availability: config.SEARCH_WEIGHT_AVAILABILITY,
        trust: config.SEARCH_WEIGHT_TRUST,
      },
      trustOf: (domain) => trust.trustOf(domain),
      cache: this.cache,
      clock: systemClock,
      ...(llm ? { llmRewrite: llmRewriter(new LlmClient(llm), logger) } : {}),
      today: () => new Date(),
    };
  }

  async search(request: { query: string; limit: number }): Promise<SearchOutcome> {
    await this.local.refreshStore();
    // results cached before the index changed (pages indexed, the sandbox left out) are stale
    if (this.local.generation !== this.cachedGeneration) {
      this.cache.clear();
      this.cachedGeneration = this.local.generation;
    }
    const outcome = await runSearch(this.deps, request);
    this.metrics.cacheLookup(outcome.cached);
    if (!outcome.cached) this.metrics.sources(outcome.sources);
    return outcome;
  }
}
