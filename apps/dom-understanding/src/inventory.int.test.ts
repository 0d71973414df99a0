import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { chromium, type Browser, type Page } from 'playwright-core';
import { understandPage, type InventoryElement } from '@forage/contracts';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startSandbox, type RunningSandbox } from '@forage/sandbox';
import { startTestNats } from '@forage/testing';
import { loadDomUnderstandingConfig } from './config.js';
import { startDomUnderstandingService } from './service.js';

describe('element inventory over NATS from a page rendered by Chromium', () => {
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let store: EvidenceStore;
  let sandbox: RunningSandbox;
  let browser: Browser;
  let page: Page;
  let inventory: InventoryElement[];
  let scriptedXpath: string;

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

    const url = `${sandbox.originOf('hotels')}/`;
    await page.goto(url);
    // a paragraph made clickable by script, reported the way dom-extraction reports listener elements
    scriptedXpath = await page.evaluate(() => {
      const p = document.querySelector('main p');
      if (!p) throw new Error('no paragraph');
      p.addEventListener('click', () => undefined);
      const steps: string[] = [];
      for (let el: Element | null = p; el; el = el.parentElement) {
        let i = 1;
        for (let s = el.previousElementSibling; s; s = s.previousElementSibling)
          if (s.tagName === el.tagName) i++;
        steps.unshift(`${el.tagName.toLowerCase()}[${String(i)}]`);
      }
      return `/${steps.join('/')}`;
    });
    const snapshot = await store.put({
      kind: 'dom_snapshot',
      contentType: 'text/html',
      data: Buffer.from(await page.content()),
    });
    const reply = await bus.request(understandPage, {
      runId: randomUUID(),
      url,
      domSnapshot: snapshot,
      scriptedElements: [{ xpath: scriptedXpath, tag: 'p', name: 'intro', events: ['click'] }],
    });
    inventory = reply.inventory ?? [];
  });

  afterAll(async () => {
    await browser.close();
    await sandbox.stop();
    await nc.close();
    await service.stop();
    await nats.stop();
  });

  it("lists the search form with its fields, their options and the form's submit button", async () => {
    const form = inventory.find((e) => e.role === 'form' && e.action === '/search');
    expect(form).toMatchObject({ method: 'get', visible: true });
    const fields = inventory.filter((e) => e.form === form?.id);
    const select = fields.find((e) => e.tag === 'select');
    const shownOptions = await page
      .locator(`xpath=${select?.xpath ?? '/none'}`)
      .locator('option')
      .allInnerTexts();
    expect(select?.options?.map((o) => o.label)).toEqual(shownOptions);
    expect(fields.map((e) => e.type)).toEqual(expect.arrayContaining(['number', 'checkbox', 'submit']));
    expect(fields.find((e) => e.type === 'submit')?.description).toMatch(/^Submits/);
  });

  it('includes the element that reacts only to a script listener, with its events', () => {
    expect(inventory.find((e) => e.xpath === scriptedXpath)).toMatchObject({
      role: 'generic',
      events: ['click'],
    });
  });

  it('ranks locators so the first one finds exactly the element its XPath names in the live page', async () => {
    const visible = inventory.filter((e) => e.visible);
    expect(visible.length).toBeGreaterThan(10);
    for (const element of visible) {
      const [best] = element.locators;
      if (!best) throw new Error(`no locator for ${element.id}`);
      const byBest = page.locator(best.selector);
      expect({ id: element.id, selector: best.selector, count: await byBest.count() }).toEqual({
        id: element.id,
        selector: best.selector,
        count: 1,
      });
      const same = await byBest.evaluate(
        (node, xpath) =>
          node ===
          document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue,
        element.xpath,
      );
      expect({ id: element.id, same }).toEqual({ id: element.id, same: true });
    }
  });
});
