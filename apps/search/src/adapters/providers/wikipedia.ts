import { z } from 'zod';
import type { ProviderHit, ProviderQuery, SearchProvider } from '../../core/providers/provider.js';
import { ProviderResponseError } from '../../core/providers/provider-errors.js';
import { withoutOperators } from '../../core/query/filters.js';
import { readProviderJson, type ProviderHttp } from '../provider-http.js';

/** MediaWiki `action=query&list=search` (https://www.mediawiki.org/wiki/API:Search). */
const searchResponse = z.object({
  error: z.object({ code: z.string(), info: z.string().optional() }).optional(),
  query: z
    .object({
      search: z.array(
        z.object({ title: z.string(), pageid: z.number().optional(), snippet: z.string().default('') }),
      ),
    })
    .optional(),
});

/** Wikipedia (or any MediaWiki) full-text search; no key. Result URLs are built from titles. */
export class WikipediaProvider implements SearchProvider {
  readonly name = 'wikipedia';
  readonly costPerQueryUsd = 0;

  constructor(
    private readonly http: ProviderHttp,
    private readonly apiUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async search(query: ProviderQuery): Promise<ProviderHit[]> {
    const url = new URL(this.apiUrl);
    url.search = new URLSearchParams({
      action: 'query',
      list: 'search',
      format: 'json',
      formatversion: '2',
      srsearch: withoutOperators(query.original),
      srlimit: String(Math.min(50, query.limit)),
      srprop: 'snippet',
    }).toString();
    const response = await this.http.send({ url: url.href, timeoutMs: this.timeoutMs });
    const body = readProviderJson(response, searchResponse, Date.now());
    if (body.error)
      throw new ProviderResponseError(`MediaWiki error ${body.error.code}: ${body.error.info ?? ''}`);
    return (body.query?.search ?? []).map((r, i) => ({
      url: this.articleUrl(r.title),
      title: r.title,
      snippet: r.snippet,
      position: i + 1,
    }));
  }

  /** `/w/api.php` → `/wiki/Title_with_underscores` on the same host. */
  private articleUrl(title: string): string {
    const api = new URL(this.apiUrl);
    const base = api.pathname.replace(/\/w\/api\.php$|\/api\.php$/, '');
    return `${api.origin}${base}/wiki/${encodeURIComponent(title.replace(/ /g, '_')).replace(/%2F/g, '/').replace(/%3A/g, ':')}`;
  }
}
