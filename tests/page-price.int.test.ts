import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/**
 * "What is the price of this product?" about a user's own product pages on loopback, rendered in
 * real Chromium: the price only in JSON-LD, only in microdata, only in meta tags, only in visible
 * text under a Korean, German or French label, and beside a related-products rail. Each is
 * answered with the page's own price, verified, and cited at the node that holds it.
 */
const page = (input: { lang: string; title: string; head?: string; body: string; aside?: string }): string =>
  `<!doctype html><html lang="${input.lang}"><head><meta charset="utf-8"><title>${input.title}</title>${input.head ?? ''}</head>
<body><main><h1>${input.title}</h1>${input.body}<button type="button">Add to cart</button></main>${input.aside ?? ''}</body></html>`;

const PAGES: Record<string, { html: string; price: number; node: RegExp }> = {
  '/json-ld': {
    html: page({
      lang: 'en',
      title: 'Canyon Lamp 5',
      body: `<p>A bright lamp for long nights in camp.</p>
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Canyon Lamp 5",
        "sku":"CL-5","offers":{"@type":"Offer","price":"27.40","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>`,
    }),
    price: 27.4,
    node: /script/,
  },
  '/microdata': {
    html: page({
      lang: 'en',
      title: 'Harbor Mug',
      body: `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Harbor Mug</span>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <meta itemprop="price" content="14.50"><meta itemprop="priceCurrency" content="GBP"></div></div>
        <p>Stoneware, 350 ml.</p>`,
    }),
    price: 14.5,
    node: /meta/,
  },
  '/meta-tags': {
    html: page({
      lang: 'en',
      title: 'Delta Sandals',
      head: `<meta property="og:type" content="product"><meta property="product:price:amount" content="61.00">
        <meta property="product:price:currency" content="EUR">`,
      body: '<p>Light sandals for rivers and beaches.</p>',
    }),
    price: 61,
    node: /meta/,
  },
  '/ko': {
    html: page({
      lang: 'ko',
      title: '캠핑 의자 라이트',
      body: '<p>가볍고 튼튼한 접이식 의자입니다.</p><dl><dt>판매가</dt><dd>39,000원</dd><dt>배송비</dt><dd>3,000원</dd></dl>',
    }),
    price: 39000,
    node: /dd/,
  },
  '/de': {
    html: page({
      lang: 'de',
      title: 'Wanderstock Fels',
      body: '<p>Zwei Stöcke aus Aluminium.</p><p>Preis: <span>49,90 €</span></p><p>Versand: 4,95 €</p>',
    }),
    price: 49.9,
    node: /span/,
  },
  '/fr': {
    html: page({
      lang: 'fr',
      title: 'Gourde Rivière',
      body: '<p>Une gourde isotherme de 750 ml.</p><p>Prix : <span>19,90 €</span></p><p>Livraison : 5,00 €</p>',
    }),
    price: 19.9,
    node: /span/,
  },
  '/rail': {
    html: page({
      lang: 'en',
      title: 'Field Stove 2',
      body: `<div><span class="price">$64.00</span></div><p>Two burners, wind shield included.</p>`,
      aside: `<aside><h2>Related products</h2><div class="row">
          <div class="tile"><a href="/p/1">Pot Set</a><span class="price">$20.00</span></div>
          <div class="tile"><a href="/p/2">Fuel Can</a><span class="price">$8.00</span></div>
          <div class="tile"><a href="/p/3">Wind Shield</a><span class="price">$12.00</span></div></div></aside>`,
    }),
    price: 64,
    node: /span/,
  },
};

describe('the price of a page the user gives, wherever the page states it', () => {
  let server: Server;
  let origin: string;
  let stack: InProcessStack;
  const runs = new Map<string, RunCompletion>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const found = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
      if (found) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(found.html);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    stack = await startInProcessStack({ allowOrigins: [origin] });
    await waitAllHealthy(stack.services);
    for (const path of Object.keys(PAGES)) {
      const run = await askOverHttp(stack.gatewayUrl, 'What is the price of this product?', {
        urls: [`${origin}${path}`],
      });
      runs.set(path, run.completed);
    }
  }, 400_000);

  afterAll(async () => {
    await stack.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }, 60_000);

  it.each(Object.keys(PAGES))('%s: the page’s own price, verified, cited at its node', (path) => {
    const expected = PAGES[path];
    const completed = runs.get(path);
    expect({ outcome: completed?.outcome, failures: completed?.failures }).toEqual({
      outcome: 'answered',
      failures: completed?.failures,
    });
    const fact = completed?.report?.facts.find((f) => f.status === 'verified');
    expect(fact?.url).toBe(`${origin}${path}`);
    const digits = (fact?.value ?? '').replace(/[^\d]/g, '');
    expect(Number(digits) / 10 ** decimalsOf(fact?.value ?? '')).toBeCloseTo(expected?.price ?? NaN, 2);
    expect(fact?.xpath.split('/').at(-1)).toMatch(expected?.node ?? /^$/);
  });
});

/** Digits after the decimal separator as written ("49,90 €" → 2, "39,000원" → 0, "$64.00" → 2). */
function decimalsOf(value: string): number {
  const m = /[.,](\d{1,2})(?!\d)/.exec(value);
  return m?.[1]?.length ?? 0;
}
