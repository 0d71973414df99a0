import type { QueryFilters } from '../query/filters.js';

/** How one source answered one query. */
export type SourceStatus = 'ok' | 'empty' | 'timeout' | 'rate_limited' | 'auth_failed' | 'error';

/** One result as every provider reports it, before normalisation and ranking. */
export interface ProviderHit {
  readonly url: string;
  readonly title: string;
  readonly snippet: string;
  /** 1-based rank the provider gave it. */
  readonly position: number;
  /** The provider's own relevance, when it reports one (BM25 for the local index). */
  readonly providerScore?: number;
}

/** What a provider is asked. `text` is already rewritten for the web; `original` is the user's wording. */
export interface ProviderQuery {
  readonly text: string;
  readonly original: string;
  readonly limit: number;
  readonly language: string;
  readonly filters: QueryFilters;
}

/** One search backend behind the common interface: throws a ProviderError subclass on failure. */
export interface SearchProvider {
  readonly name: string;
  /** What one query costs in US dollars (0 for self-hosted and local sources). */
  readonly costPerQueryUsd: number;
  search(query: ProviderQuery): Promise<ProviderHit[]>;
}
