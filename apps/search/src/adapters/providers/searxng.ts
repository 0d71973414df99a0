import { z } from 'zod';
import type { ProviderHit, ProviderQuery, SearchProvider } from '../../core/providers/provider.js';
import { endpoint, readProviderJson, type ProviderHttp } from '../provider-http.js';

/** SearXNG `/search?format=json` (https://docs.searxng.org/dev/search_api.html). */
const searchResponse = z.object({
  results: z.array(
    z.object({
      url: z.string(),
      title: z.string().default(''),
      content: z.string().nullish(),
      score: z.number().optional(),
    }),
  ),
});

/** A self-hosted SearXNG instance: JSON must be enabled in its settings (`search.formats`). */
export class SearxngProvider implements SearchProvider {
  readonly name = 'searxng';
  readonly costPerQueryUsd = 0;

  constructor(
    private readonly http: ProviderHttp,
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async search(query: ProviderQuery): Promise<ProviderHit[]> {
    const url = endpoint(this.baseUrl, 'search');
    url.search = new URLSearchParams({
      q: query.text,
      format: 'json',
      ...(query.language !== 'und' ? { language: query.language } : {}),
    }).toString();
    const response = await this.http.send({ url: url.href, timeoutMs: this.timeoutMs });
    const body = readProviderJson(response, searchResponse, Date.now());
    return body.results.slice(0, query.limit).map((r, i) => ({
      url: r.url,
      title: r.title,
      snippet: r.content ?? '',
      position: i + 1,
    }));
  }
}
