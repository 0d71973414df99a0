import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { searchQuery } from '@forage/contracts';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { DocumentStore, indexFolder } from '@forage/retrieval';
import { startTestNats, tempDir } from '@forage/testing';
import { loadSearchConfig } from './config.js';
import { startSearchService } from './service.js';

/** `forage index ./pages` then a query: the user's own pages answer, cited by a URL a browser can render. */
describe("the user's own index in the search service", () => {
  const dir = tempDir('forage-user-index-');
  const pages = join(dir.path, 'my-pages');
  const store = new DocumentStore(join(dir.path, 'search-index'));
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;

  beforeAll(async () => {
    mkdirSync(pages, { recursive: true });
    writeFileSync(
      join(pages, 'harbour.html'),
      '<html><head><title>Harbour opening hours</title></head><body><h1>Harbour</h1><p>The harbour office opens at 7:30 and closes at 18:00 on weekdays.</p><p><a href="ferries.md">Ferries</a></p></body></html>',
    );
    writeFileSync(
      join(pages, 'ferries.md'),
      '# Ferry timetable\n\nThe first ferry to the island leaves at 06:15 every morning.\n',
    );
    await indexFolder({ store, folder: pages, now: new Date() });
    nats = await startTestNats();
    service = await startSearchService(
      loadSearchConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        SEARCH_INDEX_DIR: store.dir,
        SEARCH_FILES_PORT: '0',
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 20_000 });
  });

  afterAll(async () => {
    await service.stop();
    await nc.close();
    await nats.stop();
    dir.remove();
  });

  const ask = (query: string) => bus.request(searchQuery, { runId: randomUUID(), query, limit: 3 });

  it('answers from indexed HTML with a loopback URL that serves the page itself', async () => {
    const reply = await ask('when does the harbour office open?');
    const top = reply.results[0]!;
    expect(top).toMatchObject({ provider: 'local', title: 'Harbour opening hours' });
    expect(top.snippet).toContain('7:30');
    expect(top.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/[a-f0-9]+$/);
    const page = await fetch(top.url);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('The harbour office opens at 7:30');
    expect(reply.sources).toEqual([expect.objectContaining({ provider: 'local', status: 'ok' })]);
  });

  it("links one indexed page to another by the other's served URL", async () => {
    const harbour = (await ask('when does the harbour office open?')).results[0]!;
    const ferries = (await ask('first ferry to the island')).results[0]!;
    const html = await (await fetch(harbour.url)).text();
    expect(html).toContain(`<a href="${new URL(ferries.url).pathname}">Ferries</a>`);
  });

  it('serves Markdown as HTML a browser can render', async () => {
    const top = (await ask('first ferry to the island')).results[0]!;
    expect(top.title).toBe('Ferry timetable');
    const html = await (await fetch(top.url)).text();
    expect(html).toContain('<h1>Ferry timetable</h1>');
    expect(html).toContain('<p>The first ferry to the island leaves at 06:15 every morning.</p>');
  });

  it('picks up a re-index without a restart, and serves nothing outside the index', async () => {
    writeFileSync(
      join(pages, 'lighthouse.html'),
      '<title>Lighthouse</title><p>The lighthouse lamp was replaced in 1998.</p>',
    );
    await indexFolder({ store, folder: pages, now: new Date() });
    const top = (await ask('lighthouse lamp replaced')).results[0]!;
    expect(top.title).toBe('Lighthouse');
    const origin = new URL(top.url).origin;
    expect((await fetch(`${origin}/files/${'0'.repeat(24)}`)).status).toBe(404);
    expect((await fetch(`${origin}/files/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});
