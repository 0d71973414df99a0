import { z } from 'zod';
import type { ProviderHit, ProviderQuery, SearchProvider } from '../../core/providers/provider.js';
import { endpoint, readProviderJson, type ProviderHttp } from '../provider-http.js';

/** Brave Web Search `GET /res/v1/web/search` (WebSearchApiResponse: `web.results[]`). */
const searchResponse = z.object({
  web: z
    .object({
      results: z.array(
        z.object({ url: z.string(), title: z.string().default(''), description: z.string().default('') }),
      ),
    })
    .optional(),
});

export class BraveProvider implements SearchProvider {
  readonly name = 'brave';
  /** Brave's paid plans bill per 1,000 queries; the free plan is 0. */
  readonly costPerQueryUsd = 0.005;

  constructor(
    private readonly http: ProviderHttp,
    private readonly options: { baseUrl: string; apiKey: string; timeoutMs: number },
  ) {}

  async search(query: ProviderQuery): Promise<ProviderHit[]> {
    const url = endpoint(this.options.baseUrl, 'res/v1/web/search');
    url.search = new URLSearchParams({ q: query.text, count: String(Math.min(20, query.limit)) }).toString();
    const response = await this.http.send({
      url: url.href,
      headers: { 'x-subscription-token': this.options.apiKey },
      timeoutMs: this.options.timeoutMs,
    });
    const body = readProviderJson(response, searchResponse, Date.now());
    return (body.web?.results ?? []).map((r, i) => ({
      url: r.url,
      title: r.title,
      snippet: r.description,
      position: i + 1,
    }));
  }
}
