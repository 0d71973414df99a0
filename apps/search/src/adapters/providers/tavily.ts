import { z } from 'zod';
import type { ProviderHit, ProviderQuery, SearchProvider } from '../../core/providers/provider.js';
import { endpoint, readProviderJson, type ProviderHttp } from '../provider-http.js';

/** Tavily `POST /search` with a bearer key: `results[]` of title, url, content, score. */
const searchResponse = z.object({
  results: z.array(
    z.object({
      url: z.string(),
      title: z.string().default(''),
      content: z.string().default(''),
      score: z.number().optional(),
    }),
  ),
});

export class TavilyProvider implements SearchProvider {
  readonly name = 'tavily';
  /** One basic search is one credit, $0.008 at pay-as-you-go. */
  readonly costPerQueryUsd = 0.008;

  constructor(
    private readonly http: ProviderHttp,
    private readonly options: { baseUrl: string; apiKey: string; timeoutMs: number },
  ) {}

  async search(query: ProviderQuery): Promise<ProviderHit[]> {
    const response = await this.http.send({
      url: endpoint(this.options.baseUrl, 'search').href,
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: query.text,
        max_results: Math.min(20, query.limit),
        ...(query.filters.sites ? { include_domains: query.filters.sites } : {}),
      }),
      timeoutMs: this.options.timeoutMs,
    });
    const body = readProviderJson(response, searchResponse, Date.now());
    return body.results.map((r, i) => ({ url: r.url, title: r.title, snippet: r.content, position: i + 1 }));
  }
}
