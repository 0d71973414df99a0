import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/**
 * A user's own product page on loopback (`forage ask --url …`), which says nothing of the product
 * code asked for. It links to a page of its own site and to another site; the sandbox web is
 * indexed beside it. The run reads the page and its own site's link, ends with what it read and
 * why nothing answered, and reads no other site: no search, no sandbox page, no other origin.
 */
const PRODUCT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ridge 2 tent</title></head>
<body>
<main>
  <h1>Ridge 2 tent</h1>
  <p>A two-person tent for the hills: two doors, two porches and a pole set that pitches in minutes.</p>
  <p>Price: €249.00</p>
  <p><a href="/care">Product care</a></p>
  <p><a href="OTHER/products/ridge-2">The Ridge 2 tent at another shop</a></p>
</main>
</body></html>`;

const CARE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Product care</title></head>
<body><main><h1>How to care for your tent</h1>
<p>Dry your tent before you pack it away, and keep the zips clean of sand.</p></main></body></html>`;

interface Site {
  readonly origin: string;
  readonly hits: string[];
  readonly server: Server;
}

async function startSite(pages: Record<string, () => string>): Promise<Site> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const page = pages[path];
    if (page) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, hits, server };
}

async function stopSite(site: Site): Promise<void> {
  site.server.closeAllConnections();
  await new Promise((resolve) => site.server.close(resolve));
}

interface StepEvent {
  step: string;
  status: string;
  detail: string;
}

describe('a question about the page the user gave stays on that page', () => {
  let shop: Site;
  let other: Site;
  let stack: InProcessStack;
  let completed: RunCompletion;
  let steps: StepEvent[];

  beforeAll(async () => {
    other = await startSite({ '/products/ridge-2': () => PRODUCT.replace('€249.00', '€239.00') });
    shop = await startSite({
      '/ridge-2': () => PRODUCT.replace('OTHER', other.origin),
      '/care': () => CARE,
    });
    stack = await startInProcessStack({ allowOrigins: [shop.origin, other.origin] });
    await waitAllHealthy(stack.services);
    const run = await askOverHttp(stack.gatewayUrl, 'What is the SKU of this product?', {
      urls: [`${shop.origin}/ridge-2`],
    });
    completed = run.completed;
    steps = run.events.filter((e) => e.event === 'step').map((e) => e.data as StepEvent);
  }, 240_000);

  afterAll(async () => {
    await stack.stop();
    await stopSite(shop);
    await stopSite(other);
  }, 60_000);

  it('releases nothing and says what it read, why nothing answered, and that it searched nowhere else', () => {
    const trace = steps.map((s) => `${s.step} ${s.status}: ${s.detail}`).join('\n');
    expect({ outcome: completed.outcome, trace }).toEqual({
      outcome: expect.stringMatching(/^(no_answer|unverified)$/) as unknown,
      trace,
    });
    expect(completed.answer).toBeNull();
    const reasons = completed.failures.map((f) => f.reason);
    expect(reasons).toContainEqual(expect.stringContaining(`${shop.origin}/ridge-2 — read (HTTP 200)`));
    expect(reasons).toContainEqual(
      `not searched elsewhere: the question is about the page given (${shop.origin}/ridge-2)`,
    );
  });

  it('reads no other site: no search, nothing from the sandbox or the other shop', () => {
    expect(steps.filter((s) => s.step === 'search')).toEqual([]);
    const read = steps.filter((s) => s.step === 'extract' && s.status === 'succeeded').map((s) => s.detail);
    expect(read.length).toBeGreaterThan(0);
    for (const detail of read) expect(detail.startsWith(shop.origin)).toBe(true);
    expect(other.hits).toEqual([]);
    const sandbox = stack.sandbox.sites.map((s) => s.origin);
    for (const s of steps) for (const origin of sandbox) expect(s.detail).not.toContain(origin);
  });

  it('follows the page’s own link on its site', () => {
    expect(shop.hits).toContain('/ridge-2');
    expect(shop.hits).toContain('/care');
  });
});
