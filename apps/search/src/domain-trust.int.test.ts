import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { searchOutcome, searchQuery } from '@forage/contracts';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats, tempDir } from '@forage/testing';
import { loadSearchConfig } from './config.js';
import { startSearchService } from './service.js';
import { FakeProviders } from './testing/fake-providers.js';

/** Outcomes reported on search.outcome.v1 move a domain's trust term, and trust survives a restart. */
describe('domain trust learned from extraction outcomes', () => {
  const dir = tempDir('forage-trust-');
  let nats: RunningNatsServer;
  let fake: FakeProviders;
  let service: RunningService | undefined;
  let nc: NatsConnection;
  let bus: Bus;

  const start = async () =>
    startSearchService(
      loadSearchConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        SEARCH_PROVIDERS: 'serper',
        SERPER_API_KEY: 'k',
        SERPER_API_URL: fake.urlFor('serper'),
        SEARCH_CACHE_TTL_MS: '0',
        SEARCH_INDEX_DIR: dir.path,
      }),
    );

  beforeAll(async () => {
    nats = await startTestNats();
    fake = await new FakeProviders().start();
    fake.plan('serper', { kind: 'results', count: 3 });
    service = await start();
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 20_000 });
  });

  afterAll(async () => {
    await service?.stop();
    await nc.close();
    await fake.stop();
    await nats.stop();
    dir.remove();
  });

  const trustOf = async (host: string): Promise<number | undefined> => {
    const reply = await bus.request(searchQuery, {
      runId: randomUUID(),
      query: 'hotels in Orlando',
      limit: 5,
    });
    return reply.results.find((r) => new URL(r.url).hostname === host)?.breakdown?.['trust'];
  };

  it('raises the trust term of a domain whose pages proved useful, and keeps it across a restart', async () => {
    expect(await trustOf('www.serper3.example')).toBe(0);
    for (let i = 0; i < 6; i++)
      bus.publish(searchOutcome, {
        runId: randomUUID(),
        url: 'https://www.serper3.example/any/page',
        outcome: 'useful',
      });
    bus.publish(searchOutcome, {
      runId: randomUUID(),
      url: 'https://serper1.example/x',
      outcome: 'useless',
    });
    let trust = 0;
    for (let attempt = 0; attempt < 50 && trust < 0.06; attempt++) {
      trust = (await trustOf('www.serper3.example')) ?? 0;
      if (trust < 0.06) await new Promise((r) => setTimeout(r, 100));
    }
    expect(trust).toBe(0.06);
    expect(await trustOf('www.serper1.example')).toBe(-0.02);
    await service?.stop();
    service = await start();
    expect(await trustOf('www.serper3.example')).toBe(0.06);
  });
});
