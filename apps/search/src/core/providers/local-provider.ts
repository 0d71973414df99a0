import { tokenize, type Bm25Index } from '@forage/retrieval';
import type { LocalDocument } from '../local-document.js';
import { rankLocal, type LocalRankingWeights } from '../local-rank.js';
import type { ProviderHit, ProviderQuery, SearchProvider } from './provider.js';
import { snippetFor } from '../snippet.js';

/**
 * The local index (sandbox sitemaps and the user's own pages) as a provider: the local ranking
 * (BM25 plus title mention) over the user's own wording, not the web rewrite.
 */
export class LocalIndexProvider implements SearchProvider {
  readonly name = 'local';
  readonly costPerQueryUsd = 0;

  constructor(
    private readonly current: () => Bm25Index<LocalDocument>,
    private readonly weights: LocalRankingWeights,
  ) {}

  search(query: ProviderQuery): Promise<ProviderHit[]> {
    const terms = tokenize(query.original);
    const sites = query.filters.sites;
    const hits = rankLocal({
      index: this.current(),
      query: query.original,
      limit: sites ? query.limit * 20 : query.limit,
      weights: this.weights,
    })
      .filter(({ doc }) => !sites || sites.some((s) => onSite(doc.url, s)))
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

/** A site with a port is that server ("127.0.0.1:8080"); without one, the host and its subdomains. */
function onSite(url: string, site: string): boolean {
  if (/:\d+$/.test(site)) return hostWithPort(url) === site;
  const host = hostOf(url);
  return host === site || host.endsWith(`.${site}`);
}

function hostWithPort(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}
