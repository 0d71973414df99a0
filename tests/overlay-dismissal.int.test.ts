import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from '@nats-io/transport-node';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/**
 * A product page under a consent modal, as sites build them: a fixed, full-screen veil holding a
 * `role="dialog" aria-modal="true"` box whose buttons say nothing Forage has a word for ("Sounds
 * good", and "Let me choose", which opens a preferences panel). The economic indicators are
 * fetched from the server only when a reader clicks "Show economic indicators" — a click the veil intercepts
 * until the modal is gone. The server counts both clicks, so the test sees what the browser did.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Veldoria</title>
<style>
  .veil { position: fixed; inset: 0; z-index: 100; background: rgba(0, 0, 0, 0.6);
          display: flex; align-items: center; justify-content: center; }
  .box { background: #fff; padding: 2rem; max-width: 30rem; }
</style></head>
<body>
<main>
  <h1>Veldoria</h1>
  <p>Veldoria is a small landlocked republic in the eastern highlands, known for its terraced vineyards and glass works.</p>
  <button id="toggle" type="button" aria-expanded="false" aria-controls="indicators">Show economic indicators</button>
  <section id="indicators" hidden></section>
</main>
<div class="veil" id="veil">
  <div class="box" role="dialog" aria-modal="true" aria-labelledby="choices-title">
    <h2 id="choices-title">Your choices</h2>
    <p>We and our partners store and read information on your device to measure visits and show offers.</p>
    <button id="fine" type="button">Sounds good</button>
    <button id="pick" type="button" aria-expanded="false" aria-controls="prefs">Let me choose</button>
    <div id="prefs" hidden><label><input type="checkbox" checked> Measurement</label></div>
  </div>
</div>
<script>
  document.getElementById('fine').addEventListener('click', () => {
    fetch('/consent', { method: 'POST' });
    document.getElementById('veil').remove();
  });
  document.getElementById('pick').addEventListener('click', (e) => {
    document.getElementById('prefs').hidden = false;
    e.target.setAttribute('aria-expanded', 'true');
  });
  document.getElementById('toggle').addEventListener('click', async (e) => {
    const body = document.getElementById('indicators');
    body.innerHTML = await (await fetch('/indicators')).text();
    body.hidden = false;
    e.target.setAttribute('aria-expanded', 'true');
  });
</script>
</body></html>`;

const INDICATORS =
  '<p>The GDP per capita of Veldoria was $31,250 in 2024. Unemployment stood at 5.1% and consumer prices rose by 2.3% that year.</p>';

interface ConsentSite {
  readonly origin: string;
  readonly hits: string[];
  readonly server: Server;
}

async function startConsentSite(): Promise<ConsentSite> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(`${req.method ?? 'GET'} ${path}`);
    if (path === '/wiki/veldoria') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (path === '/indicators') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(INDICATORS);
    } else if (path === '/consent') {
      res.writeHead(204).end();
    } else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, hits, server };
}

interface StepEvent {
  step: string;
  status: string;
  detail: string;
}

describe('a consent modal over the content, dismissed by its semantics in a real browser', () => {
  let site: ConsentSite;
  let stack: InProcessStack;
  let run: { runId: string; events: { event: string; data: unknown }[]; completed: RunCompletion };
  let steps: StepEvent[];

  beforeAll(async () => {
    site = await startConsentSite();
    stack = await startInProcessStack({ allowOrigins: [site.origin] });
    await waitAllHealthy(stack.services);
    run = await askOverHttp(
      stack.gatewayUrl,
      `What is the GDP per capita of Veldoria on ${site.origin}/wiki/veldoria?`,
    );
    steps = run.events.filter((e) => e.event === 'step').map((e) => e.data as StepEvent);
  }, 180_000);

  afterAll(async () => {
    await stack.stop();
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
  }, 60_000);

  it('answers from the indicators the modal covered, citing the page after the clicks', () => {
    const trace = steps.map((s) => `${s.step} ${s.status}: ${s.detail}`).join('\n');
    expect({ outcome: run.completed.outcome, answer: run.completed.answer?.text, trace }).toEqual({
      outcome: 'answered',
      answer: expect.stringContaining('31,250') as unknown,
      trace,
    });
    const citation = run.completed.answer?.citations[0];
    expect(citation?.url).toBe(`${site.origin}/wiki/veldoria`);
    expect(citation?.snippet).toContain('31,250');
  });

  it('the cited capture is the page with the modal gone and the indicators shown', async () => {
    const ref = run.completed.answer?.citations[0]?.evidence.domSnapshot;
    if (!ref) throw new Error('no citation');
    const nc = await connect({ servers: stack.nats.url });
    try {
      const store = await EvidenceStore.open(nc, {
        key: parseEvidenceKey(stack.evidenceKey),
        retentionMs: 86_400_000,
      });
      const dom = await store.getText(ref);
      expect(dom).not.toContain('aria-modal');
      expect(dom).toContain('$31,250');
    } finally {
      await nc.close();
    }
  });

  it('dismissed the modal with its button before opening the indicators, as one recorded act', () => {
    const act = steps.find((s) => s.step === 'act' && s.status === 'succeeded');
    expect(act?.detail).toContain('dismiss the overlay ("Sounds good")');
    expect(act?.detail).toContain('open "Show economic indicators"');
    // the preferences button inside the modal is not page content to disclose
    expect(steps.some((s) => s.detail.includes('Let me choose'))).toBe(false);
  });

  it('the browser really clicked through: consent first, then the indicators were fetched', () => {
    const consent = site.hits.indexOf('POST /consent');
    const indicators = site.hits.indexOf('GET /indicators');
    expect(consent).toBeGreaterThan(-1);
    expect(indicators).toBeGreaterThan(consent);
  });
});
