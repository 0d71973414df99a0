import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next requests to one provider's path. */
export type FakeBehaviour =
  | { readonly kind: 'results'; readonly count: number }
  | { readonly kind: 'empty' }
  | { readonly kind: 'status'; readonly status: number; readonly retryAfter?: string; readonly body?: string }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'slow'; readonly ms: number; readonly count: number };

export type FakeProvider = 'wikipedia' | 'searxng' | 'brave' | 'serper' | 'tavily';

const PATHS: Readonly<Record<FakeProvider, string>> = {
  wikipedia: '/w/api.php',
  searxng: '/searx/search',
  brave: '/res/v1/web/search',
  serper: '/search',
  tavily: '/tavily/search',
};

export interface ReceivedRequest {
  readonly provider: FakeProvider;
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/**
 * One local HTTP server replaying each provider's documented response format (bodies shaped as in
 * the providers' API references), or a failure: 401, 429 with Retry-After, 5xx, malformed JSON,
 * empty results, slow answers. A queue of behaviours per provider; the last one repeats.
 */
export class FakeProviders {
  readonly received: ReceivedRequest[] = [];
  private readonly plans = new Map<FakeProvider, FakeBehaviour[]>();
  private server: Server | undefined;
  origin = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.answer(req, res);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => {
      if (!this.server) {
        resolve();
        return;
      }
      this.server.close(() => {
        resolve();
      });
    });
  }

  plan(provider: FakeProvider, ...behaviours: FakeBehaviour[]): void {
    this.plans.set(provider, behaviours);
  }

  /** Base URL to configure for a provider (Wikipedia's is its api.php endpoint). */
  urlFor(provider: FakeProvider): string {
    if (provider === 'wikipedia') return `${this.origin}/w/api.php`;
    if (provider === 'searxng') return `${this.origin}/searx/`;
    if (provider === 'tavily') return `${this.origin}/tavily/`;
    return this.origin;
  }

  requestsTo(provider: FakeProvider): ReceivedRequest[] {
    return this.received.filter((r) => r.provider === provider);
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.origin);
    const provider = (Object.keys(PATHS) as FakeProvider[]).find((p) => PATHS[p] === url.pathname);
    if (!provider) {
      res.writeHead(404).end();
      return;
    }
    const body = Buffer.concat(chunks).toString('utf8');
    this.received.push({ provider, method: req.method ?? '', url: url.href, headers: req.headers, body });
    const queue = this.plans.get(provider) ?? [{ kind: 'results', count: 3 }];
    const behaviour = (queue.length > 1 ? queue.shift() : queue[0]) ?? { kind: 'results', count: 3 };
    switch (behaviour.kind) {
      case 'status':
        res.writeHead(behaviour.status, {
          'content-type': 'application/json',
          ...(behaviour.retryAfter === undefined ? {} : { 'retry-after': behaviour.retryAfter }),
        });
        res.end(behaviour.body ?? JSON.stringify({ message: `status ${behaviour.status}` }));
        return;
      case 'malformed':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"results": [ {"url": "https://a.example/"');
        return;
      case 'slow':
        await new Promise((r) => setTimeout(r, behaviour.ms));
        if (res.destroyed) return;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(documented(provider, behaviour.count)));
        return;
      case 'empty':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(documented(provider, 0)));
        return;
      case 'results':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(documented(provider, behaviour.count)));
    }
  }
}

/** A body in the provider's documented format with `count` results about a hotel search. */
export function documented(provider: FakeProvider, count: number): unknown {
  const items = Array.from({ length: count }, (_, i) => ({
    url: `https://www.${provider}${i + 1}.example/hotels/orlando?utm_source=${provider}&id=${i + 1}#top`,
    title: `Orlando Hotel &amp; Suites ${i + 1} | ${provider === 'wikipedia' ? 'Wikipedia' : 'Example'}`,
    text: `Rooms from $${120 + i * 10} per night near the parks &mdash; book now.`,
  }));
  switch (provider) {
    case 'wikipedia':
      return {
        batchcomplete: true,
        continue: { sroffset: count, continue: '-||' },
        query: {
          searchinfo: { totalhits: count },
          search: items.map((it, i) => ({
            ns: 0,
            title: `Orlando hotel ${i + 1}`,
            pageid: 1000 + i,
            size: 5000,
            wordcount: 800,
            snippet: `<span class="searchmatch">Orlando</span> hotel ${i + 1} is a hotel near the parks`,
            timestamp: '2024-05-01T10:00:00Z',
          })),
        },
      };
    case 'searxng':
      return {
        query: 'orlando hotels',
        number_of_results: count,
        results: items.map((it) => ({
          url: it.url,
          title: it.title,
          content: it.text,
          engine: 'duckduckgo',
          engines: ['duckduckgo'],
          score: 1,
          category: 'general',
        })),
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      };
    case 'brave':
      return {
        type: 'search',
        query: { original: 'orlando hotels', more_results_available: false },
        mixed: { type: 'mixed', main: [] },
        ...(count > 0
          ? {
              web: {
                type: 'search',
                family_friendly: true,
                results: items.map((it) => ({
                  type: 'search_result',
                  title: it.title,
                  url: it.url,
                  description: it.text,
                  is_source_local: false,
                  language: 'en',
                  profile: { name: 'Example', url: it.url },
                })),
              },
            }
          : {}),
      };
    case 'serper':
      return {
        searchParameters: { q: 'orlando hotels', type: 'search', engine: 'google' },
        organic: items.map((it, i) => ({ title: it.title, link: it.url, snippet: it.text, position: i + 1 })),
        relatedSearches: [],
        credits: 1,
      };
    case 'tavily':
      return {
        query: 'orlando hotels',
        follow_up_questions: null,
        answer: null,
        images: [],
        results: items.map((it, i) => ({
          title: it.title,
          url: it.url,
          content: it.text,
          score: 0.9 - i * 0.1,
          raw_content: null,
        })),
        response_time: 1.09,
      };
  }
}
