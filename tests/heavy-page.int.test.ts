import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { extractPage } from '@forage/contracts';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { Bus, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { loadActionExecutionConfig } from '../apps/action-execution/src/config.js';
import { startActionExecutionService } from '../apps/action-execution/src/service.js';
import { loadDomExtractionConfig } from '../apps/dom-extraction/src/config.js';
import { startDomExtractionService } from '../apps/dom-extraction/src/service.js';
import { createBusActivities } from '../apps/orchestrator/src/adapters/bus-activities.js';
import { loadOrchestratorConfig } from '../apps/orchestrator/src/config.js';

/** The budget a page gets to render, the first time and when the run acts on it. */
const RENDER_BUDGET_MS = 8_000;

/**
 * A heavy page that never finishes loading: thousands of paragraphs, and an image whose response
 * never ends, so the browser's `load` event never comes. Two collapsed sections open on click.
 */
const HEAVY = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ridge 2 tent — full specification</title></head>
<body><main>
<h1>Ridge 2 tent</h1>
<p>The Ridge 2 is a two-person tent for the hills, with two doors and two porches.</p>
<img src="/never.png" alt="">
<button id="a" type="button" aria-expanded="false" aria-controls="pa">Materials</button>
<section id="pa" hidden><p>Flysheet: 20D ripstop nylon, silicone coated on both sides.</p></section>
<button id="b" type="button" aria-expanded="false" aria-controls="pb">Guarantee</button>
<section id="pb" hidden><p>Guarantee: five years on the poles and the flysheet seams.</p></section>
${Array.from({ length: 3_000 }, (_, i) => `<p>Care note ${String(i + 1)}: dry the tent fully before you store it for long.</p>`).join('\n')}
</main>
<script>
  for (const id of ['a', 'b']) {
    document.getElementById(id).addEventListener('click', (e) => {
      document.getElementById(e.target.getAttribute('aria-controls')).hidden = false;
      e.target.setAttribute('aria-expanded', 'true');
    });
  }
</script>
</body></html>`;

interface HeavySite {
  readonly origin: string;
  readonly hits: string[];
  readonly server: Server;
}

async function startHeavySite(): Promise<HeavySite> {
  const hits: string[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    if (path === '/tent') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HEAVY);
    else if (path === '/never.png') {
      // headers and a first byte, then nothing: the image, and so the page's load, never completes
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
      res.write(Buffer.alloc(1));
      hanging.push(res);
    } else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, hits, server };
}

describe('a heavy page that never finishes loading is read and acted on as it is', () => {
  let site: HeavySite;
  let nats: RunningNatsServer;
  let services: RunningService[];
  let nc: NatsConnection;
  let store: EvidenceStore;
  const key = randomBytes(32).toString('hex');

  beforeAll(async () => {
    site = await startHeavySite();
    nats = await startTestNats();
    const env = {
      NATS_URL: nats.url,
      OPS_PORT: '0',
      LOG_LEVEL: 'silent',
      FORAGE_EVIDENCE_KEY: key,
      EGRESS_ALLOWLIST: site.origin,
    };
    services = [
      await startDomExtractionService(loadDomExtractionConfig(env)),
      await startActionExecutionService(loadActionExecutionConfig(env)),
    ];
    nc = await connect({ servers: nats.url });
    store = await EvidenceStore.open(nc, { key: parseEvidenceKey(key), retentionMs: 3_600_000 });
  }, 90_000);

  afterAll(async () => {
    await nc.close();
    for (const service of services) await service.stop();
    await nats.stop();
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
  });

  it('dom-extraction reads the page as it is when its load never comes, within its budget', async () => {
    const bus = new Bus(nc, { timeoutMs: 60_000 });
    const page = await bus.request(extractPage, {
      runId: randomUUID(),
      url: `${site.origin}/tent`,
      screenshot: false,
      timeoutMs: RENDER_BUDGET_MS,
    });
    expect(page.outcome.kind).toBe('ok');
    expect(page.status).toBe(200);
    expect(page.mainContent?.text).toContain('two-person tent for the hills');
    const html = await store.getText(page.evidence.domSnapshot);
    expect(html).toContain('Care note 3000');
  }, 120_000);

  it('acts on the page the session is on: opened once with the render budget, then acted on as it is', async () => {
    const acts = createBusActivities({
      bus: new Bus(nc, { timeoutMs: 60_000 }),
      evidence: store,
      config: loadOrchestratorConfig({
        FORAGE_EVIDENCE_KEY: key,
        ORCH_EXTRACT_TIMEOUT_MS: String(RENDER_BUDGET_MS),
      }),
      runId: randomUUID(),
      attempt: 0,
    });
    const url = `${site.origin}/tent`;
    const before = site.hits.filter((h) => h === '/tent').length;
    const first = await acts.act({
      url,
      actions: [{ type: 'click', target: { xpath: '//*[@id="a"]' } }],
      described: ['open "Materials"'],
    });
    expect(first.done).toEqual(['open "Materials"']);
    expect(await store.getText(first.domSnapshot)).toMatch(/<section id="pa">\s*<p>Flysheet/);

    const second = await acts.act({
      url,
      actions: [{ type: 'click', target: { xpath: '//*[@id="b"]' } }],
      described: ['open "Guarantee"'],
    });
    expect(second.done).toEqual(['open "Guarantee"']);
    const after = await store.getText(second.domSnapshot);
    // the second click worked on the page as the first left it: both sections are open
    expect(after).toMatch(/<section id="pa">\s*<p>Flysheet/);
    expect(after).toMatch(/<section id="pb">\s*<p>Guarantee/);
    // one navigation for both acts
    expect(site.hits.filter((h) => h === '/tent').length - before).toBe(1);
  }, 150_000);
});
