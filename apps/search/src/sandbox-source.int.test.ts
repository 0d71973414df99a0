import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { searchQuery } from '@forage/contracts';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { DocumentStore, indexFolder } from '@forage/retrieval';
import {
  generateSandbox,
  sandboxFacts,
  startSandbox,
  type CountryFact,
  type RunningSandbox,
} from '@forage/sandbox';
import { startTestNats, tempDir } from '@forage/testing';
import { loadSearchConfig } from './config.js';
import { startSearchService } from './service.js';

/**
 * The embedded sandbox web is a demo corpus: a stack with nothing else searches it; once the user
 * has indexed a folder, its pages are not searched (unless the sandbox setting says always), and
 * /health says which sources are live.
 */
describe('the sandbox is searched only when no other source is live', () => {
  const dir = tempDir('forage-sandbox-source-');
  const country = sandboxFacts(generateSandbox()).find((f): f is CountryFact => f.kind === 'country');
  let nats: RunningNatsServer;
  let sandbox: RunningSandbox;
  let nc: NatsConnection;
  let bus: Bus;

  beforeAll(async () => {
    nats = await startTestNats();
    sandbox = await startSandbox();
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 30_000 });
  });

  afterAll(async () => {
    await nc.close();
    await sandbox.stop();
    await nats.stop();
    dir.remove();
  });

  async function withSearch(
    input: { indexed: boolean; mode?: 'auto' | 'always' | 'never' },
    use: (s: { urls: (query: string) => Promise<string[]>; health: () => Promise<string> }) => Promise<void>,
  ): Promise<void> {
    const store = new DocumentStore(join(dir.path, randomUUID()));
    if (input.indexed) {
      const pages = join(dir.path, `pages-${randomUUID()}`);
      mkdirSync(pages, { recursive: true });
      writeFileSync(
        join(pages, 'notes.html'),
        `<html><head><title>Travel notes</title></head><body><p>Notes from a trip: the ferry to ${country?.name ?? ''} was late again.</p></body></html>`,
      );
      await indexFolder({ store, folder: pages, now: new Date() });
    }
    const service: RunningService = await startSearchService(
      loadSearchConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        SEARCH_SITEMAPS: sandbox.sites.map((s) => `${s.origin}/sitemap.xml`).join(','),
        EGRESS_ALLOWLIST: sandbox.sites.map((s) => s.origin).join(','),
        SEARCH_INDEX_DIR: store.dir,
        SEARCH_FILES_PORT: '0',
        ...(input.mode ? { SEARCH_SANDBOX: input.mode } : {}),
      }),
    );
    try {
      await use({
        urls: async (query) =>
          (await bus.request(searchQuery, { runId: randomUUID(), query, limit: 10 })).results.map(
            (r) => r.url,
          ),
        health: async () => (await fetch(`http://127.0.0.1:${String(service.opsPort)}/health`)).text(),
      });
    } finally {
      await service.stop();
    }
  }

  const onSandbox = (url: string): boolean => sandbox.sites.some((s) => url.startsWith(s.origin));
  const question = (): string => `What is the population of ${country?.name ?? ''}?`;

  it('searches the sandbox when nothing else is configured', async () => {
    await withSearch({ indexed: false }, async ({ urls, health }) => {
      expect((await urls(question())).some(onSandbox)).toBe(true);
      expect(await health()).toContain('searched: no other source is configured');
    });
  }, 120_000);

  it('does not search the sandbox once the user has indexed a folder, and says so', async () => {
    await withSearch({ indexed: true }, async ({ urls, health }) => {
      const found = await urls(question());
      expect(found.filter(onSandbox)).toEqual([]);
      expect(found.length).toBeGreaterThan(0);
      expect(await health()).toContain('not searched: your index has 1 documents');
    });
  }, 120_000);

  it('searches both when the sandbox setting says always', async () => {
    await withSearch({ indexed: true, mode: 'always' }, async ({ urls }) => {
      expect((await urls(question())).some(onSandbox)).toBe(true);
      expect((await urls('travel notes ferry late')).some((u) => !onSandbox(u))).toBe(true);
    });
  }, 120_000);
});
