import { Bm25Index, tokenize } from '@forage/retrieval';
import type { LocalDocument } from '../local-document.js';
import type { ProviderHit, ProviderQuery, SearchProvider } from './provider.js';
import { snippetFor } from '../snippet.js';

/** The local index (sandbox sitemaps and the user's own pages) as a provider: BM25 over the user's wording. */
export class LocalIndexProvider implements SearchProvider {
  readonly name = 'local';
  readonly costPerQueryUsd = 0;

  constructor(private readonly current: () => Bm25Index<LocalDocument>) {}

  search(query: ProviderQuery): Promise<ProviderHit[]> {
    const terms = tokenize(query.original);
    const sites = query.filters.sites;
    const index = this.current();
    const hits = index
      .search(terms, sites ? query.limit * 20 : query.limit)
      .filter(
        ({ doc }) => !sites || sites.some((s) => hostOf(doc.url) === s || hostOf(doc.url).endsWith(`.${s}`)),
      )
      .slice(0, query.limit);
    return Promise.resolve(
      hits.map(({ doc, score }, i) => ({
        url: doc.url,
        title: doc.title,
        snippet: snippetFor(doc.text, terms),
        position: i + 1,
        providerScore: score,
      })),
    );
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}
