import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { chromium, type Browser, type Page } from 'playwright-core';
import { understandPage, type EvidenceRef, type Listing, type Source } from '@forage/contracts';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import { EvidenceStore, getChunkSet, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startSandbox, type RunningSandbox } from '@forage/sandbox';
import { startTestNats } from '@forage/testing';
import { loadDomUnderstandingConfig } from './config.js';
import { startDomUnderstandingService } from './service.js';

/** Every field of a listing that carries provenance (value, xpath, snippet, origin, Source). */
type CheckableField = { value: unknown; xpath: string; snippet: string; origin: string; source?: Source };

function fieldsOf(listing: Listing): [string, CheckableField][] {
  return (Object.entries(listing) as [string, unknown][]).filter(
    (e): e is [string, CheckableField] =>
      typeof e[1] === 'object' && e[1] !== null && 'xpath' in e[1] && 'snippet' in e[1],
  );
}

describe('typed listings over NATS from pages rendered by Chromium', () => {
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;
  let sandbox: RunningSandbox;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    nats = await startTestNats();
    const key = randomBytes(32).toString('hex');
    service = await startDomUnderstandingService(
      loadDomUnderstandingConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: key,
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 15_000 });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 86_400_000 });
    sandbox = await startSandbox();
    browser = await chromium.launch({ executablePath: findChromium(undefined), args: [...CHROMIUM_ARGS] });
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser.close();
    await sandbox.stop();
    await nc.close();
    await service.stop();
    await nats.stop();
  });

  /**
   * Renders the URL, stores the live DOM as evidence and asks dom-understanding for its listings;
   * every field's Source names this page, this snapshot and the record (the capture's when given).
   */
  async function understand(url: string, captureRecord?: string): Promise<Listing[]> {
    await page.goto(url);
    const html = await page.content();
    const snapshot = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: Buffer.from(html),
    });
    const reply = await bus.request(understandPage, {
      runId: randomUUID(),
      url,
      domSnapshot: snapshot,
      ...(captureRecord ? { logRecordId: captureRecord } : {}),
    });
    const { chunks } = await getChunkSet(store, reply.chunkSet.ref);
    const nodeIds = new Set(chunks.map((c) => c.nodeId));
    for (const listing of reply.listings ?? []) {
      for (const [name, field] of fieldsOf(listing)) {
        expect({ name, source: field.source }).toEqual({
          name,
          source: {
            url,
            title: reply.title,
            xpath: field.xpath,
            nodeId: expect.stringMatching(/^n[0-9a-f]{16}$/) as unknown,
            snippet: expect.stringContaining(field.snippet) as unknown,
            domSnapshot: snapshot,
            logRecordId: captureRecord ?? reply.logRecordId,
          },
        });
        // a field inside the page's text names the chunk holding it
        if (
          field.origin === 'repeated-structure' &&
          field.source &&
          chunks.some((c) => field.xpath.startsWith(`${c.xpath}/`))
        )
          expect(nodeIds.has(field.source.nodeId)).toBe(true);
      }
    }
    return reply.listings ?? [];
  }

  async function snapshotOf(url: string): Promise<EvidenceRef> {
    await page.goto(url);
    const data = Buffer.from(await page.content());
    return store.put({ kind: 'dom_snapshot', contentType: 'text/html', data });
  }

  /**
   * Each field's XPath names exactly one element of the live page, and that element shows the
   * snippet (JSON-LD fields: the script's source holds the value).
   */
  async function expectFieldsCheckable(listings: readonly Listing[]): Promise<void> {
    for (const listing of listings) {
      for (const [name, field] of fieldsOf(listing)) {
        const located = page.locator(`xpath=${field.xpath}`);
        expect({ name, count: await located.count() }).toEqual({ name, count: 1 });
        if (field.xpath.includes('/head[')) continue;
        const shows =
          field.origin === 'json-ld'
            ? ((await located.textContent()) ?? '').includes(String(field.value))
            : (await located.innerText()).replace(/\s+/g, ' ').includes(field.snippet.replace(/…$/, ''));
        expect({ name, shows }).toEqual({ name, shows: true });
      }
    }
  }

  it('reads a hotel search result page into one hotel per result with price, stars, place and features', async () => {
    const listings = await understand(`${sandbox.originOf('hotels')}/search?city=besby`, randomUUID());
    const shown = await page.locator('main li h2').allInnerTexts();
    expect(shown.length).toBeGreaterThan(2);
    expect(listings.map((l) => l.kind === 'hotel' && l.name?.value)).toEqual(shown);
    for (const l of listings) {
      if (l.kind !== 'hotel') throw new Error(`expected a hotel, got ${l.kind}`);
      expect(Number(l.price?.value)).toBeGreaterThan(0);
      expect(l.currency?.value).toBe('USD');
      expect(l.star_rating?.value).toBeGreaterThanOrEqual(1);
      expect(l.star_rating?.value).toBeLessThanOrEqual(5);
      expect(l.location?.value).toBeTruthy();
      expect(l.amenities?.value.length).toBeGreaterThan(0);
    }
    await expectFieldsCheckable(listings);
  });

  it('reads a hotel detail page as one hotel, the related hotels beside it kept apart', async () => {
    const home = await understand(`${sandbox.originOf('hotels')}/`);
    const first = home.find((l) => l.kind === 'hotel');
    const href = await page.locator('main a[href^="/hotels/"]').first().getAttribute('href');
    const listings = await understand(`${sandbox.originOf('hotels')}${href ?? ''}`);
    const heading = await page.locator('h1').innerText();
    expect(first).toBeDefined();
    expect(listings[0]).toMatchObject({ kind: 'hotel', origin: 'page-text', name: { value: heading } });
    const main = listings[0]?.xpath ?? '';
    expect(listings.length).toBeGreaterThan(1);
    for (const related of listings.slice(1)) expect(related.xpath.startsWith(main)).toBe(false);
    await expectFieldsCheckable(listings);
  });

  it('reads a shop category grid into products with price and stock, and a product page with its SKU', async () => {
    const grid = await understand(`${sandbox.originOf('shop')}/category/tents`);
    const cards = await page.locator('main li h2').allInnerTexts();
    expect(grid.map((l) => l.kind === 'product' && l.name?.value)).toEqual(cards);
    const stock = new Set(grid.map((l) => (l.kind === 'product' ? l.availability?.value : undefined)));
    expect([...stock].sort()).toEqual(['InStock', 'OutOfStock']);
    await expectFieldsCheckable(grid);

    const href = await page.locator('main li h2 a').first().getAttribute('href');
    const [product] = await understand(`${sandbox.originOf('shop')}${href ?? ''}`);
    const skuShown = await page.locator('text=/SKU/').first().innerText();
    expect(product).toMatchObject({ kind: 'product', name: { value: await page.locator('h1').innerText() } });
    expect(product?.kind === 'product' && skuShown.includes(product.sku?.value ?? '(none)')).toBe(true);
    await expectFieldsCheckable(product ? [product] : []);
  });

  it('measures selector stability against a reload: full on a stable page, lower confidence when the cards moved', async () => {
    const url = `${sandbox.originOf('shop')}/category/tents`;
    const first = await snapshotOf(url);
    const reload = await snapshotOf(url);
    const request = { runId: randomUUID(), url, domSnapshot: first };
    const stable = await bus.request(understandPage, { ...request, reloadSnapshot: reload });
    expect(stable.listings?.length).toBeGreaterThan(2);
    expect(stable.listings?.every((l) => l.stability === 1)).toBe(true);

    const other = await snapshotOf(`${url}/page/2`);
    const plain = await bus.request(understandPage, request);
    const drifted = await bus.request(understandPage, { ...request, reloadSnapshot: other });
    const lower = drifted.listings?.filter((l, i) => l.confidence < (plain.listings?.[i]?.confidence ?? 0));
    expect(lower?.length).toBeGreaterThan(0);
    expect(drifted.listings?.every((l) => (l.stability ?? 1) < 1)).toBe(true);
  });
});
