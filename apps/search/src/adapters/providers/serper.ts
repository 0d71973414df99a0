import { z } from 'zod';
import type { ProviderHit, ProviderQuery, SearchProvider } from '../../core/providers/provider.js';
import { endpoint, readProviderJson, type ProviderHttp } from '../provider-http.js';

/** Serper `POST /search` (Google results as JSON: `organic[]` with title, link, snippet, position). */
const searchResponse = z.object({
  organic: z
    .array(
      z.object({
        link: z.string(),
        title: z.string().default(''),
        snippet: z.string().default(''),
        position: z.number().int().min(1).optional(),
      }),
    )
    .default([]),
});

export class SerperProvider implements SearchProvider {
  readonly name = 'serper';
  /** $0.30 per 1,000 queries at the entry tier (seed §4.3). */
  readonly costPerQueryUsd = 0.0003;

  constructor(
    private readonly http: ProviderHttp,
    private readonly options: { baseUrl: string; apiKey: string; timeoutMs: number },
  ) {}

  async search(query: ProviderQuery): Promise<ProviderHit[]> {
    const response = await this.http.send({
      url: endpoint(this.options.baseUrl, 'search').href,
      method: 'POST',
      headers: { 'x-api-key': this.options.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ q: query.text, num: Math.min(100, query.limit) }),
      timeoutMs: this.options.timeoutMs,
    });
    const body = readProviderJson(response, searchResponse, Date.now());
    return body.organic.map((r, i) => ({
      url: r.link,
      title: r.title,
      snippet: r.snippet,
      position: r.position ?? i + 1,
    }));
  }
}
