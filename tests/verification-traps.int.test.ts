import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CITY_PAGE,
  COUNTRY_PAGE,
  KOREAN_PAGE,
  SIDEBAR_PAGE,
} from '../apps/verifier/src/core/statement/snapshots.fixtures.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';

const PAGES: Readonly<Record<string, string>> = {
  '/tent': SIDEBAR_PAGE,
  '/velmora': COUNTRY_PAGE,
  '/tassen': CITY_PAGE,
  '/ko/tent': KOREAN_PAGE,
};

/** The trap pages on loopback, as a user's own pages served on the same machine. */
async function startTrapSite(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${String(port)}`, server };
}

/** The released answer's text, or '' when nothing was released — and then the run says why. */
function released(run: RunCompletion): string {
  if (run.outcome === 'answered') return run.answer?.text ?? '';
  expect(run.failures.length).toBeGreaterThan(0);
  return '';
}

/**
 * End to end through NATS with real Chromium: the traps a careless verifier falls into, asked as
 * a user asks them (`urls` = `forage ask --url`). Nothing wrong is released: each run answers
 * right, verified, or says what it could not verify.
 */
describe('verification traps asked end to end', () => {
  let stack: InProcessStack;
  let site: { origin: string; server: Server };

  beforeAll(async () => {
    site = await startTrapSite();
    stack = await startInProcessStack({ allowOrigins: [site.origin] });
    await waitAllHealthy(stack.services);
  }, 240_000);

  afterAll(async () => {
    await stack.stop();
    await new Promise<void>((resolve) =>
      site.server.close(() => {
        resolve();
      }),
    );
  }, 60_000);

  it('never gives a "related products" rail’s price as the price of the product asked about', async () => {
    const run = await askOverHttp(stack.gatewayUrl, 'What is the price of this product?', {
      urls: [`${site.origin}/tent`],
    });
    expect(run.completed.outcome).not.toBe('failed');
    expect(released(run.completed)).not.toMatch(/199|59\.00/);
    for (const c of run.completed.answer?.citations ?? []) expect(c.url).toBe(`${site.origin}/tent`);
  }, 240_000);

  it('never releases the first hop’s entity’s value as the answer to a nested question', async () => {
    const run = await askOverHttp(stack.gatewayUrl, 'What is the population of the capital of Velmora?', {
      urls: [`${site.origin}/velmora`],
    });
    expect(run.completed.outcome).not.toBe('failed');
    expect(released(run.completed)).not.toContain('4,120,300');
  }, 240_000);

  it('never gives a Korean page’s price as its SKU', async () => {
    const run = await askOverHttp(stack.gatewayUrl, 'What is the SKU of this product?', {
      urls: [`${site.origin}/ko/tent`],
    });
    expect(run.completed.outcome).not.toBe('failed');
    expect(released(run.completed)).not.toMatch(/35,000|2,1/);
  }, 240_000);
});
