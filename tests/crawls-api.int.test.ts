import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createApiKey, writeApiKeyFile } from '@forage/config';
import {
  cancelCrawlResponseSchema,
  crawlViewSchema,
  createCrawlResponseSchema,
  errorReplySchema,
  type CrawlView,
} from '@forage/contracts';
import {
  startCrawlTestSite,
  startTestNats,
  tempDir,
  type CrawlTestSite,
  type TestNats,
} from '@forage/testing';
import { loadDomExtractionConfig } from '../apps/dom-extraction/src/config.js';
import { startDomExtractionService } from '../apps/dom-extraction/src/service.js';
import { loadGatewayConfig } from '../apps/gateway/src/config.js';
import { startGatewayService, type RunningGateway } from '../apps/gateway/src/service.js';
import { ajv2020, componentValidators, openApiProblems } from './support/openapi-check.js';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * `POST /v1/crawls` through real services: a nats-server with every identity's permissions (the
 * gateway under its own), dom-extraction with real Chromium, and generated local sites. Depth,
 * include/exclude, progress events, a blocked page, cancel, ownership, bad input, the per-key
 * bound, and a crawl resumed by the gateway that replaced the one running it.
 */
describe('crawls over HTTP', () => {
  const dir = tempDir('forage-crawls-api-');
  const keysFile = join(dir.path, 'api-keys.json');
  const owner = createApiKey('owner');
  const stranger = createApiKey('stranger');
  let nats: TestNats;
  let extraction: Awaited<ReturnType<typeof startDomExtractionService>>;
  let gateway: RunningGateway;
  let site: CrawlTestSite;
  let big: CrawlTestSite;
  let validators: ReturnType<typeof componentValidators>;

  /** An answer as the served OpenAPI document describes it. */
  const expectDocumented = (name: string, value: unknown): void => {
    const validate = validators.get(name);
    if (!validate) throw new Error(`no schema ${name}`);
    if (!validate(value)) throw new Error(`${name}: ${JSON.stringify(validate.errors)}`);
  };

  const startGateway = async (): Promise<RunningGateway> => {
    process.env['NATS_CREDENTIALS_DIR'] = nats.credentialsDir;
    try {
      return await startGatewayService(
        loadGatewayConfig({
          NATS_URL: nats.url,
          GATEWAY_PORT: '0',
          OPS_PORT: '0',
          LOG_LEVEL: process.env['FORAGE_TEST_LOG_LEVEL'] ?? 'silent',
          GATEWAY_REQUIRE_API_KEY: 'true',
          GATEWAY_API_KEYS_FILE: keysFile,
          GATEWAY_CRAWLS_PER_KEY: '1',
          GATEWAY_CRAWL_CONCURRENCY: '2',
          GATEWAY_CRAWL_LEASE_MS: '2000',
        }),
      );
    } finally {
      delete process.env['NATS_CREDENTIALS_DIR'];
    }
  };

  const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`${gateway.httpUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${init.token ?? owner.token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

  const startCrawl = async (body: unknown): Promise<string> => {
    const res = await api('/v1/crawls', { method: 'POST', body });
    expect(res.status).toBe(202);
    const answer = (await res.json()) as unknown;
    expectDocumented('CreateCrawlResponse', answer);
    const started = createCrawlResponseSchema.parse(answer);
    return started.crawlId;
  };

  const view = async (crawlId: string): Promise<CrawlView> => {
    const res = await api(`/v1/crawls/${crawlId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as unknown;
    expectDocumented('CrawlView', body);
    return crawlViewSchema.parse(body);
  };

  const until = async (crawlId: string, done: (v: CrawlView) => boolean, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await view(crawlId);
      if (done(v)) return v;
      if (Date.now() > deadline)
        throw new Error(`crawl ${crawlId} is ${JSON.stringify(v.progress)} ${v.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  /** The crawl's server-sent events until `end` (or the stream closes). */
  const events = async (crawlId: string, onEvent?: (e: SseEvent) => void): Promise<SseEvent[]> => {
    const res = await api(`/v1/crawls/${crawlId}/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const got: SseEvent[] = [];
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let at: number;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event || data === undefined) continue;
        const e = { event, data: JSON.parse(data) as Record<string, unknown> };
        got.push(e);
        onEvent?.(e);
      }
    }
    return got;
  };

  beforeAll(async () => {
    writeApiKeyFile(keysFile, { keys: [owner.record, stranger.record] });
    site = await startCrawlTestSite({ sections: 3, items: 4 });
    big = await startCrawlTestSite({ sections: 8, items: 25 });
    nats = await startTestNats({ auth: true });
    process.env['NATS_CREDENTIALS_DIR'] = nats.credentialsDir;
    try {
      extraction = await startDomExtractionService(
        loadDomExtractionConfig({
          NATS_URL: nats.url,
          OPS_PORT: '0',
          LOG_LEVEL: 'silent',
          FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex'),
          EGRESS_ALLOWLIST: `${site.origin},${big.origin}`,
          DOMAIN_MIN_DELAY_MS: '0',
          DOMAIN_MAX_CONCURRENCY: '4',
          EXTRACT_SETTLE_QUIET_MS: '20',
        }),
      );
    } finally {
      delete process.env['NATS_CREDENTIALS_DIR'];
    }
    gateway = await startGateway();
    const openapi = (await (await api('/v1/openapi.json')).json()) as Record<string, unknown>;
    expect(openApiProblems(openapi)).toEqual([]);
    expect(Object.keys(openapi['paths'] as object)).toEqual(
      expect.arrayContaining([
        '/v1/crawls',
        '/v1/crawls/{crawlId}',
        '/v1/crawls/{crawlId}/events',
        '/v1/crawls/{crawlId}/pages/{n}',
      ]),
    );
    validators = componentValidators(ajv2020(), openapi);
  }, 120_000);

  afterAll(async () => {
    await gateway.stop();
    await extraction.stop();
    await nats.stop();
    await site.stop();
    await big.stop();
    dir.remove();
  });

  it('crawls a site within depth and patterns, with progress events, pages as Markdown and a blocked page listed as blocked', async () => {
    const crawlId = await startCrawl({ url: `${site.origin}/`, depth: 2, exclude: ['/skip/*'] });
    const seen = await events(crawlId);
    const final = await view(crawlId);
    expect(final.status).toBe('done');

    // progress events as it went, a page event per page, and the end
    expect(seen.filter((e) => e.event === 'progress').length).toBeGreaterThan(1);
    expect(seen.at(-1)).toMatchObject({ event: 'end', data: { status: 'done' } });
    const pageEvents = seen.filter((e) => e.event === 'page');
    expect(pageEvents).toHaveLength(final.pages.length);
    for (const e of pageEvents) expectDocumented('CrawlPageEntry', e.data);

    // links only (the gateway reads no sitemaps): every page the depth and patterns allow, once
    const written = final.pages.filter((p) => p.status === 'ok');
    const expected = site.contentPaths.filter((p) => p !== '/orphan');
    expect(written.map((p) => new URL(p.url).pathname).sort()).toEqual([...expected].sort());
    expect(new Set(final.pages.map((p) => p.url)).size).toBe(final.pages.length);
    for (const p of written) {
      expect(p.evidence?.[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(p.title).toBeTruthy();
    }
    expect(final.progress).toMatchObject({ done: final.pages.length, failed: 2, pending: 0 });
    const blocked = final.pages.filter((p) => p.status !== 'ok');
    expect(blocked.map((p) => [new URL(p.url).pathname, p.status]).sort()).toEqual([
      ['/members', 'blocked'],
      ['/private/ledger', 'blocked'],
    ]);
    expect(blocked.find((p) => p.url.endsWith('/members'))?.reason).toMatch(/http_403/);
    for (const [path, count] of site.requests) {
      expect(path.startsWith('/deep/') || path.startsWith('/skip/')).toBe(false);
      if (path !== '/robots.txt' && path !== '/favicon.ico') expect([path, count]).toEqual([path, 1]);
    }

    // a written page's Markdown; a blocked page has none, and says why
    const item = written.find((p) => p.url.endsWith('/section/1/item/2'));
    const md = await api(`/v1/crawls/${crawlId}/pages/${String(item?.n)}`);
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toMatch(/text\/markdown/);
    expect(await md.text()).toMatch(/^---\nurl: [\s\S]*# Item 1-2[\s\S]*Entry 6\.0 describes/);
    const wall = await api(`/v1/crawls/${crawlId}/pages/${String(blocked[0]?.n)}`);
    expect(wall.status).toBe(409);
    expect(errorReplySchema.parse(await wall.json()).error.message).toMatch(/was not written: blocked/);

    // an include pattern narrows the next crawl to one section
    const narrow = await startCrawl({ url: `${site.origin}/`, depth: 2, include: ['/section/2/*'] });
    const narrowed = await until(narrow, (v) => v.status === 'done');
    expect(
      narrowed.pages
        .filter((p) => p.status === 'ok')
        .map((p) => new URL(p.url).pathname)
        .sort(),
    ).toEqual([
      '/',
      '/section/2/',
      '/section/2/item/0',
      '/section/2/item/1',
      '/section/2/item/2',
      '/section/2/item/3',
    ]);
  }, 240_000);

  it('answers bad input with 400 and the typed error, another key’s crawl with 404', async () => {
    for (const body of [
      { url: 'ftp://example.org/' },
      { url: `${site.origin}/`, depth: 99 },
      { url: `${site.origin}/`, follow: true },
      {},
    ]) {
      const res = await api('/v1/crawls', { method: 'POST', body });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as unknown;
      expectDocumented('ErrorReply', answer);
      const reply = errorReplySchema.parse(answer);
      expect(reply.error.code).toBe('invalid_request');
      expect(reply.error.message).toMatch(/CreateCrawlBody/);
      expect(reply.error.issues?.length).toBeGreaterThan(0);
    }
    const crawlId = await startCrawl({ url: `${site.origin}/`, depth: 0 });
    await until(crawlId, (v) => v.status === 'done');
    for (const [method, path] of [
      ['GET', `/v1/crawls/${crawlId}`],
      ['GET', `/v1/crawls/${crawlId}/events`],
      ['GET', `/v1/crawls/${crawlId}/pages/0`],
      ['DELETE', `/v1/crawls/${crawlId}`],
      ['GET', '/v1/crawls/not-a-crawl'],
    ] as const) {
      const res = await api(path, { method, token: stranger.token });
      expect([path, res.status]).toEqual([path, 404]);
      expect(errorReplySchema.parse(await res.json()).error.code).toBe('not_found');
    }
  }, 120_000);

  it('bounds running crawls per key (429 limit_reached) and cancels one: it stops taking pages and ends cancelled', async () => {
    const crawlId = await startCrawl({ url: `${big.origin}/`, depth: 2, exclude: ['/skip/*'] });
    const again = await api('/v1/crawls', { method: 'POST', body: { url: `${site.origin}/` } });
    expect(again.status).toBe(429);
    expect(errorReplySchema.parse(await again.json()).error.code).toBe('limit_reached');

    await until(crawlId, (v) => v.progress.done >= 5);
    const res = await api(`/v1/crawls/${crawlId}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as unknown;
    expectDocumented('CancelCrawlResponse', cancelled);
    expect(cancelCrawlResponseSchema.parse(cancelled).status).toBe('cancelled');
    const seen = await events(crawlId);
    expect(seen.at(-1)).toMatchObject({ event: 'end', data: { status: 'cancelled' } });
    // the pages under way finish; then nothing more is fetched
    await new Promise((r) => setTimeout(r, 1_500));
    const stopped = await view(crawlId);
    const fetched = [...big.requests.values()].reduce((a, b) => a + b, 0);
    await new Promise((r) => setTimeout(r, 2_000));
    expect([...big.requests.values()].reduce((a, b) => a + b, 0)).toBe(fetched);
    expect(stopped.status).toBe('cancelled');
    expect(stopped.pages.length).toBeLessThan(100);
    expect((await view(crawlId)).pages.length).toBe(stopped.pages.length);
    // the place is free again
    const next = await startCrawl({ url: `${site.origin}/`, depth: 0 });
    await until(next, (v) => v.status === 'done');
  }, 180_000);

  it('keeps a crawl across a gateway restart: the new gateway answers for it and resumes it, no page fetched twice', async () => {
    big.requests.clear();
    const crawlId = await startCrawl({
      url: `${big.origin}/`,
      depth: 2,
      include: ['/^\\/section\\/[4-7]\\//'],
    });
    await until(crawlId, (v) => v.progress.done >= 8);
    await gateway.stop();
    gateway = await startGateway();
    const final = await until(crawlId, (v) => v.status === 'done', 180_000);
    expect(final.resumed).toBeGreaterThanOrEqual(1);
    const written = final.pages.filter((p) => p.status === 'ok').map((p) => new URL(p.url).pathname);
    expect(new Set(written).size).toBe(written.length);
    // the start page, four sections and their items
    expect(written).toHaveLength(1 + 4 + 4 * 25);
    for (const path of written) expect([path, big.requests.get(path)]).toEqual([path, 1]);
  }, 300_000);
});
