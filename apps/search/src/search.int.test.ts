import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { searchQuery } from '@forage/contracts';
import {
  Bus,
  decodeJson,
  encodeJson,
  RemoteError,
  type RunningNatsServer,
  type RunningService,
} from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { loadSearchConfig } from './config.js';
import { startSearchService } from './service.js';
import { FakeProviders } from './testing/fake-providers.js';

/** The search service over a real nats-server, its providers replayed by a local HTTP server. */
describe('search.query.v1 with providers in failover order', () => {
  let nats: RunningNatsServer;
  let fake: FakeProviders;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;

  beforeAll(async () => {
    nats = await startTestNats();
    fake = await new FakeProviders().start();
    service = await startSearchService(
      loadSearchConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        SEARCH_PROVIDERS: 'serper,wikipedia',
        SERPER_API_KEY: 'test-key',
        SERPER_API_URL: fake.urlFor('serper'),
        WIKIPEDIA_API_URL: fake.urlFor('wikipedia'),
        SEARCH_RETRIES: '1',
        SEARCH_BACKOFF_MS: '10',
        SEARCH_CACHE_TTL_MS: '60000',
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 20_000 });
  });

  afterAll(async () => {
    await service.stop();
    await nc.close();
    await fake.stop();
    await nats.stop();
  });

  const metrics = async (): Promise<string> =>
    (await fetch(`http://127.0.0.1:${service.opsPort}/metrics`)).text();

  it('fails over when the primary answers 503 and says which source failed and why', async () => {
    fake.plan('serper', { kind: 'status', status: 503 });
    fake.plan('wikipedia', { kind: 'results', count: 3 });
    const reply = await bus.request(searchQuery, {
      runId: randomUUID(),
      query: 'hotels in Orlando under $200',
      limit: 5,
    });
    expect(reply.sources).toEqual([
      expect.objectContaining({
        provider: 'serper',
        status: 'error',
        attempts: 2,
      }),
      expect.objectContaining({ provider: 'wikipedia', status: 'ok', results: 3 }),
    ]);
    expect(reply.sources?.[0]?.reason).toMatch(/HTTP 503/);
    expect(reply.results.map((r) => r.provider)).toEqual(['wikipedia', 'wikipedia', 'wikipedia']);
    expect(reply.results[0]?.position).toBe(1);
    expect(reply.results[0]?.breakdown?.['position']).toBe(0.5);
    expect(reply.understood).toMatchObject({
      original: 'hotels in Orlando under $200',
      schemaType: 'HotelListing',
      language: 'en',
      filters: { location: 'Orlando', price: { max: 200, currency: 'USD' } },
    });
    expect(reply.understood?.optimized).toContain('booking');
    expect(reply.rankingVersion).toBeDefined();
    expect(reply.cached).toBe(false);
  });

  it('answers the same optimised query from the cache and counts hits and misses', async () => {
    fake.plan('serper', { kind: 'results', count: 2 });
    const first = await bus.request(searchQuery, {
      runId: randomUUID(),
      query: 'museums in Paris',
      limit: 3,
    });
    const before = fake.received.length;
    const second = await bus.request(searchQuery, {
      runId: randomUUID(),
      query: 'museums in Paris',
      limit: 3,
    });
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.results).toEqual(first.results);
    expect(fake.received.length).toBe(before);
    const text = await metrics();
    expect(text).toMatch(/forage_search_cache_total\{service="search",result="hit"\} [1-9]/);
    expect(text).toMatch(
      /forage_search_provider_total\{service="search",provider="serper",status="error"\} 1/,
    );
    expect(text).toMatch(
      /forage_search_provider_duration_seconds_count\{service="search",provider="wikipedia",status="ok"\} [1-9]/,
    );
  });

  it('refuses an over-long query at its boundary with a typed, non-retryable error reply', async () => {
    // sent raw: the Bus would refuse it before it left the client
    const answer = await nc.request(
      searchQuery.subject,
      encodeJson({ runId: randomUUID(), query: 'hotel '.repeat(100).trim(), limit: 3 }),
      { timeout: 10_000 },
    );
    expect(decodeJson(answer.data)).toMatchObject({ error: { code: 'invalid_request', retryable: false } });
  });

  it('refuses an empty query through the Bus', async () => {
    const err: unknown = await bus
      .request(searchQuery, { runId: randomUUID(), query: '?!', limit: 3 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect(err).toMatchObject({ code: 'invalid_request', retryable: false });
    expect((err as Error).message).toMatch(/empty/);
  });
});
