import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { generateSandbox } from './generate.js';
import { startSandbox, type RunningSandbox } from './server.js';

/** Raw HTTP for what fetch hides: HEAD bodies and oversized uploads. */
function rawRequest(input: {
  url: string;
  method: string;
  headers?: Record<string, string | number>;
  body?: string;
}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(input.url, { method: input.method, headers: input.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end(input.body);
  });
}

function isListening(origin: string): Promise<boolean> {
  return rawRequest({ url: `${origin}/`, method: 'GET' }).then(
    () => true,
    () => false,
  );
}

describe('sandbox servers', () => {
  let sandbox: RunningSandbox;
  const web = generateSandbox();

  beforeAll(async () => {
    sandbox = await startSandbox();
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('serve each site on its own loopback origin', () => {
    expect(sandbox.sites.map((s) => s.name)).toEqual(['wiki', 'hotels', 'shop']);
    expect(new Set(sandbox.sites.map((s) => s.origin)).size).toBe(3);
    for (const site of sandbox.sites) expect(site.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.originOf('shop')).toBe(sandbox.sites[2]?.origin);
  });

  it('serve the generated pages byte for byte, with content type and length', async () => {
    const country = web.world.countries[0];
    const page = web.sites[0]?.pages.get(`/wiki/${country?.name ?? ''}`);
    const response = await fetch(`${sandbox.originOf('wiki')}/wiki/${country?.name ?? ''}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await response.text();
    expect(body).toBe(page?.body);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(body));
  });

  it('answer HEAD with headers only', async () => {
    const head = await rawRequest({ url: `${sandbox.originOf('shop')}/products`, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(5000);
  });

  it('answer 404 for unknown paths', async () => {
    const response = await fetch(`${sandbox.originOf('hotels')}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  it('serve robots.txt and a sitemap with this origin', async () => {
    const origin = sandbox.originOf('wiki');
    expect(await (await fetch(`${origin}/robots.txt`)).text()).toContain('Disallow: /private/');
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${origin}/</loc>`);
    expect(sitemap).not.toContain('/private/');
  });

  it('filter and paginate hotel search on the server', async () => {
    const origin = sandbox.originOf('hotels');
    const city = web.world.hotels[0];
    const expected = web.world.hotels.filter(
      (h) => h.citySlug === city?.citySlug && h.pricePerNightUsd <= 250,
    );
    const filtered = await (await fetch(`${origin}/search?city=${city?.citySlug ?? ''}&maxPrice=250`)).text();
    const shown = [...filtered.matchAll(/<li class="card result"><h2><a href="([^"]+)">/g)].map((m) => m[1]);
    expect(shown.sort()).toEqual(expected.map((h) => `/hotels/${h.slug}`).sort());

    const first = await (await fetch(`${origin}/search`)).text();
    const next = /<a rel="next" href="([^"]+)">Next<\/a>/.exec(first)?.[1]?.replace(/&amp;/g, '&');
    expect(next).toBe('/search?page=2');
    const second = await fetch(`${origin}${next ?? ''}`);
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('Page 2 of 6');
    expect((await fetch(`${origin}/search?maxPrice=abc`)).status).toBe(400);
  });

  it('accept the contact form by POST and echo it escaped', async () => {
    const response = await fetch(`${sandbox.originOf('shop')}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Grace <b>',
        email: 'grace@example.org',
        message: 'Hello & goodbye',
      }),
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('Thank you, Grace &lt;b&gt;');
    expect(body).toMatch(/Your reference number is <strong>GL-[0-9A-Z]{7}<\/strong>/);
  });

  it('refuse a contact form larger than 16 KiB with 413', async () => {
    const response = await rawRequest({
      url: `${sandbox.originOf('shop')}/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `name=A&email=a%40b.co&message=${'x'.repeat(20_000)}`,
    });
    expect(response.status).toBe(413);
  });

  it('answer 405 to a POST on a static page', async () => {
    const response = await fetch(`${sandbox.originOf('wiki')}/`, { method: 'POST', body: 'x=1' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('stopping the sandbox', () => {
  it('leaves nothing listening, even with a keep-alive connection open', async () => {
    const sandbox = await startSandbox({ seed: 3 });
    const origins = sandbox.sites.map((s) => s.origin);
    await (await fetch(`${origins[0] ?? ''}/`)).text();
    expect(await Promise.all(origins.map(isListening))).toEqual([true, true, true]);
    await sandbox.stop();
    expect(await Promise.all(origins.map(isListening))).toEqual([false, false, false]);
  });

  it('listens on the ports it is given', async () => {
    const probe = await startSandbox();
    const ports = probe.sites.map((s) => Number(new URL(s.origin).port));
    await probe.stop();
    const sandbox = await startSandbox({ ports: { wiki: ports[0], hotels: ports[1], shop: ports[2] } });
    try {
      expect(sandbox.sites.map((s) => s.origin)).toEqual(probe.sites.map((s) => s.origin));
    } finally {
      await sandbox.stop();
    }
  });

  it('fails to start, and closes what it opened, when a port is taken', async () => {
    const first = await startSandbox();
    const wikiPort = Number(new URL(first.originOf('wiki')).port);
    try {
      await expect(startSandbox({ ports: { shop: wikiPort } })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.stop();
    }
  });
});
