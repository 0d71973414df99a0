import { systemResolver } from '@forage/egress';
import { FakeProviders, type FakeProvider } from '../../testing/fake-providers.js';
import { guardedProviderHttp, type ProviderHttp } from '../provider-http.js';
import { callProvider, type ProviderPolicy } from '../../core/providers/call-provider.js';
import { RateLimiter } from '../../core/providers/rate-limiter.js';
import type { ProviderQuery, SearchProvider } from '../../core/providers/provider.js';
import { WikipediaProvider } from './wikipedia.js';
import { SearxngProvider } from './searxng.js';
import { BraveProvider } from './brave.js';
import { SerperProvider } from './serper.js';
import { TavilyProvider } from './tavily.js';

const query: ProviderQuery = {
  text: 'hotels in Orlando hotel booking',
  original: 'hotels in Orlando',
  limit: 5,
  language: 'en',
  filters: {},
};
const policy: ProviderPolicy = { timeoutMs: 400, retries: 1, backoffMs: 10, maxRetryAfterMs: 1_500 };
const clock = {
  now: () => performance.now(),
  sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
};

describe('search providers replaying their documented formats and failures', () => {
  let fake: FakeProviders;
  let http: ProviderHttp;

  beforeAll(async () => {
    fake = await new FakeProviders().start();
    http = guardedProviderHttp({
      allowlist: [],
      denylist: [],
      resolve: systemResolver,
      providerOrigins: [fake.origin],
    });
  });

  afterAll(async () => {
    await fake.stop();
  });

  const make = (name: FakeProvider, client: ProviderHttp = http): SearchProvider => {
    const keyed = { baseUrl: fake.urlFor(name), apiKey: `${name}-key`, timeoutMs: policy.timeoutMs };
    switch (name) {
      case 'wikipedia':
        return new WikipediaProvider(client, fake.urlFor(name), policy.timeoutMs);
      case 'searxng':
        return new SearxngProvider(client, fake.urlFor(name), policy.timeoutMs);
      case 'brave':
        return new BraveProvider(client, keyed);
      case 'serper':
        return new SerperProvider(client, keyed);
      case 'tavily':
        return new TavilyProvider(client, keyed);
    }
  };
  const ask = (name: FakeProvider, client?: ProviderHttp) =>
    callProvider({
      provider: make(name, client),
      query,
      policy,
      limiter: new RateLimiter(100, 100, () => Date.now()),
      clock,
    });

  const providers: FakeProvider[] = ['wikipedia', 'searxng', 'brave', 'serper', 'tavily'];

  describe.each(providers)('%s', (name) => {
    it('normalises a documented answer into ranked hits', async () => {
      fake.plan(name, { kind: 'results', count: 3 });
      const { report, hits } = await ask(name);
      expect(report).toMatchObject({ provider: name, status: 'ok', results: 3, attempts: 1 });
      expect(hits.map((h) => h.position)).toEqual([1, 2, 3]);
      for (const hit of hits) {
        expect(hit.url).toMatch(/^https?:\/\//);
        expect(hit.title.length).toBeGreaterThan(0);
      }
    });

    it('reports an empty answer as empty', async () => {
      fake.plan(name, { kind: 'empty' });
      expect((await ask(name)).report).toMatchObject({ status: 'empty', results: 0 });
    });

    it('reports 401 as auth_failed without retrying', async () => {
      fake.plan(name, { kind: 'status', status: 401 });
      const before = fake.requestsTo(name).length;
      expect((await ask(name)).report).toMatchObject({ status: 'auth_failed', attempts: 1 });
      expect(fake.requestsTo(name).length - before).toBe(1);
    });

    it('waits out a short Retry-After on 429 and then succeeds', async () => {
      fake.plan(name, { kind: 'status', status: 429, retryAfter: '1' }, { kind: 'results', count: 2 });
      expect((await ask(name)).report).toMatchObject({ status: 'ok', attempts: 2, results: 2 });
    });

    it('gives up on a long Retry-After and says so', async () => {
      fake.plan(name, { kind: 'status', status: 429, retryAfter: '120' });
      const { report } = await ask(name);
      expect(report).toMatchObject({ status: 'rate_limited', attempts: 1 });
      expect(report.reason).toMatch(/Retry-After 120 s/);
    });

    it('retries a 503 within its budget, then reports the error with the status', async () => {
      fake.plan(name, { kind: 'status', status: 503 });
      const { report } = await ask(name);
      expect(report).toMatchObject({ status: 'error', attempts: 2 });
      expect(report.reason).toMatch(/HTTP 503/);
    });

    it('reports malformed JSON as an error', async () => {
      fake.plan(name, { kind: 'malformed' });
      const { report } = await ask(name);
      expect(report).toMatchObject({ status: 'error', attempts: 1 });
      expect(report.reason).toMatch(/malformed JSON/);
    });

    it('reports a slow answer as timeout', async () => {
      fake.plan(name, { kind: 'slow', ms: 2_000, count: 1 });
      expect((await ask(name)).report).toMatchObject({ status: 'timeout' });
    });
  });

  it('sends each provider its documented request: key header, method, query parameters', async () => {
    for (const name of providers) fake.plan(name, { kind: 'results', count: 1 });
    for (const name of providers) await ask(name);
    const last = (name: FakeProvider) => fake.requestsTo(name).at(-1)!;
    const wiki = new URL(last('wikipedia').url).searchParams;
    expect(Object.fromEntries(wiki)).toMatchObject({
      action: 'query',
      list: 'search',
      format: 'json',
      srsearch: 'hotels in Orlando',
    });
    expect(new URL(last('searxng').url).searchParams.get('format')).toBe('json');
    expect(last('brave').headers['x-subscription-token']).toBe('brave-key');
    expect(last('serper').method).toBe('POST');
    expect(last('serper').headers['x-api-key']).toBe('serper-key');
    expect(JSON.parse(last('serper').body)).toMatchObject({ q: query.text });
    expect(last('tavily').headers.authorization).toBe('Bearer tavily-key');
    expect(JSON.parse(last('tavily').body)).toMatchObject({ query: query.text, max_results: 5 });
  });

  it('builds Wikipedia article URLs from titles', async () => {
    fake.plan('wikipedia', { kind: 'results', count: 1 });
    const { hits } = await ask('wikipedia');
    expect(hits[0]!.url).toBe(`${fake.origin}/wiki/Orlando_hotel_1`);
  });

  it('refuses a loopback provider the user did not configure (egress guard)', async () => {
    const unconfigured = guardedProviderHttp({
      allowlist: [],
      denylist: [],
      resolve: systemResolver,
      providerOrigins: [],
    });
    const before = fake.received.length;
    const { report } = await ask('serper', unconfigured);
    expect(report.status).toBe('error');
    expect(report.reason).toMatch(/egress denied/);
    expect(fake.received.length).toBe(before);
  });
});
