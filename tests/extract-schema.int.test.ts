import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  crawledPageSchema,
  crawlPageExtractionSchema,
  crawlViewSchema,
  createCrawlResponseSchema,
  extractResponseSchema,
  type ExtractedField,
  type ExtractResponse,
  type FieldSchema,
} from '@forage/contracts';
import { readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { GatewayHttpPort } from '@forage/mcp';
import { extractUrlsWithSchema } from '../apps/cli/src/commands/extract-schema.js';
import { crawlCommand } from '../apps/cli/src/commands/crawl.js';
import { connectCrawlRenderer } from '../apps/cli/src/crawl/adapters/stack-renderer.js';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';

/**
 * `POST /v1/extract {url, schema}` through real services (nats-server, Chromium, PGlite): pages
 * this test serves on loopback are read into a user's JSON Schema — a product grid into an array of
 * objects, a details page into nested objects beside a related-products rail — and each field comes
 * back with its value, its Source and the verifier's verdict at its XPath. A required field the page
 * does not state is missing, never invented.
 */
const page = (title: string, body: string, aside = ''): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main>${aside}</body></html>`;

const CARDS = [
  ['Trail Lamp', '24.00', 'TL-100'],
  ['Canyon Lantern', '31.50', 'CL-220'],
  ['Pocket Torch', '12.90', 'PT-310'],
  ['River Headlamp', '45.00', 'RH-440'],
] as const;

const PAGES: Record<string, string> = {
  '/grid': page(
    'Camp lights',
    `<p>Lights for tents and trails.</p><ul class="grid">${CARDS.map(
      ([name, price, sku]) =>
        `<li class="card"><h3><a href="/p/${sku}">${name}</a></h3><span class="price">$${price}</span><small class="sku">SKU: ${sku}</small><button type="button">Add to cart</button></li>`,
    ).join('')}</ul>`,
  ),
  '/details': page(
    'Field Stove 2',
    `<div class="buy"><span class="price">$64.00</span><button type="button">Add to cart</button></div>
     <p>Two burners, wind shield included.</p>
     <dl><dt>SKU</dt><dd>FS-2000</dd><dt>Weight</dt><dd>1.4 kg</dd></dl>`,
    `<aside><h2>Related products</h2><div class="row">
       <div class="tile"><a href="/p/1">Pot Set</a><span class="price">$20.00</span></div>
       <div class="tile"><a href="/p/2">Fuel Can</a><span class="price">$8.00</span></div>
       <div class="tile"><a href="/p/3">Wind Shield</a><span class="price">$12.00</span></div></div></aside>`,
  ),
};

PAGES['/shop'] = page(
  'Camp shop',
  '<p>Our stoves and lights: <a href="/details">Field Stove 2</a>, <a href="/grid">camp lights</a>.</p>',
);

const GRID_SCHEMA = {
  type: 'object',
  properties: {
    products: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'price'],
        properties: { name: { type: 'string' }, price: { type: 'number' }, sku: { type: 'string' } },
      },
    },
  },
};

const DETAILS_SCHEMA = {
  type: 'object',
  required: ['name', 'price', 'sku', 'warranty'],
  properties: {
    name: { type: 'string' },
    price: { type: 'number', description: 'the price of the product' },
    sku: { type: 'string' },
    specs: { type: 'object', properties: { weight: { type: 'string' } } },
    warranty: { type: 'string', description: 'how long the warranty lasts' },
    related: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } },
    },
  },
};

describe('extract with a schema: every field with its value, its Source and its verdict', () => {
  let server: Server;
  let origin: string;
  let stack: InProcessStack;
  const replies = new Map<string, ExtractResponse>();
  /** Requests the site answered, by path. */
  const hits = new Map<string, number>();

  const extract = async (path: string, schema: unknown): Promise<Response> =>
    fetch(`${stack.gatewayUrl}/v1/extract`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${origin}${path}`, schema }),
    });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const found = PAGES[path];
      if (found) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(found);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    stack = await startInProcessStack({ allowOrigins: [origin], orchestrator: false });
    await waitAllHealthy(stack.services);
    for (const [path, schema] of [
      ['/grid', GRID_SCHEMA],
      ['/details', DETAILS_SCHEMA],
    ] as const) {
      const res = await extract(path, schema);
      const body: unknown = await res.json();
      if (res.status !== 200) throw new Error(`${path}: ${String(res.status)} ${JSON.stringify(body)}`);
      replies.set(path, extractResponseSchema.parse(body));
    }
  }, 300_000);

  afterAll(async () => {
    await stack.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }, 60_000);

  const fieldsOf = (path: string): Map<string, ExtractedField> =>
    new Map((replies.get(path)?.extraction?.fields ?? []).map((f) => [f.path, f]));
  const tagAt = (f: ExtractedField | undefined): string | undefined =>
    f?.source?.xpath
      .split('/')
      .at(-1)
      ?.replace(/\[\d+\]$/, '');

  it('reads a product grid into an array of objects, each field verified at its card’s node', () => {
    const reply = replies.get('/grid');
    expect(reply?.extraction?.data).toEqual({
      products: CARDS.map(([name, price, sku]) => ({ name, price: Number(price), sku })),
    });
    const fields = fieldsOf('/grid');
    CARDS.forEach(([name, price], i) => {
      const nameField = fields.get(`products[${String(i)}].name`);
      const priceField = fields.get(`products[${String(i)}].price`);
      expect([nameField?.status, nameField?.value, nameField?.source?.url]).toEqual([
        'verified',
        name,
        `${origin}/grid`,
      ]);
      expect([priceField?.status, priceField?.text, tagAt(priceField)]).toEqual([
        'verified',
        `$${price}`,
        'span',
      ]);
      expect(priceField?.source?.xpath).toContain(`/li[${String(i + 1)}]/`);
      expect(priceField?.source?.domSnapshot.sha256).toBe(reply?.evidence.domSnapshot.sha256);
    });
  });

  it('reads a details page into nested objects, each field verified at its node', () => {
    const fields = fieldsOf('/details');
    expect(replies.get('/details')?.extraction?.data).toMatchObject({
      name: 'Field Stove 2',
      price: 64,
      sku: 'FS-2000',
      specs: { weight: '1.4 kg' },
    });
    expect(['name', 'price', 'sku', 'specs.weight'].map((p) => [p, fields.get(p)?.status])).toEqual(
      ['name', 'price', 'sku', 'specs.weight'].map((p) => [p, 'verified']),
    );
    expect([tagAt(fields.get('name')), tagAt(fields.get('price'))]).toEqual(['h1', 'span']);
    expect(fields.get('price')?.source?.xpath).toMatch(/\/main\[1\]\//);
  });

  it('reports a required field the page does not state as missing, with the reason, and the extraction as incomplete', () => {
    const extraction = replies.get('/details')?.extraction;
    expect(fieldsOf('/details').get('warranty')).toMatchObject({
      status: 'missing',
      required: true,
      reason: expect.stringMatching(/warranty/) as unknown,
    });
    expect(extraction?.data).not.toHaveProperty('warranty');
    expect(extraction?.complete).toBe(false);
  });

  it('does not mistake the related-products rail for the item: its cards are the related items', () => {
    const fields = fieldsOf('/details');
    expect(fields.get('price')?.value).toBe(64);
    const related = [0, 1, 2].map((i) => [
      fields.get(`related[${String(i)}].name`)?.value,
      fields.get(`related[${String(i)}].price`)?.value,
    ]);
    expect(related).toEqual([
      ['Pot Set', 20],
      ['Fuel Can', 8],
      ['Wind Shield', 12],
    ]);
    expect(fields.get('related[0].price')?.source?.xpath).toMatch(/\/aside\[1\]\//);
  });

  it('forage extract URL --schema FILE prints one JSON line per page with the verified data and every field', async () => {
    const dir = tempDir('forage-schema-');
    const schemaFile = join(dir.path, 'schema.json');
    writeFileSync(schemaFile, JSON.stringify(DETAILS_SCHEMA));
    const lines: string[] = [];
    const warnings: string[] = [];
    try {
      const code = await extractUrlsWithSchema({
        urls: [`${origin}/details`],
        schemaFile,
        gatewayUrl: stack.gatewayUrl,
        write: (line) => lines.push(line),
        warn: (line) => warnings.push(line),
        progress: { tick: () => undefined, finish: () => undefined },
      });
      expect({ code, warnings }).toEqual({ code: 0, warnings: [] });
    } finally {
      dir.remove();
    }
    const printed = JSON.parse(lines[0] ?? '{}') as {
      data?: unknown;
      complete?: boolean;
      fields?: ExtractedField[];
    };
    expect(printed.data).toMatchObject({ name: 'Field Stove 2', price: 64 });
    expect(printed.complete).toBe(false);
    expect(printed.fields?.find((f) => f.path === 'warranty')?.status).toBe('missing');
  }, 120_000);

  it('the MCP extract tool takes the schema as its argument and returns the same extraction', async () => {
    const client = new Client({ name: 'forage-test-extract-schema', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/mcp`)));
    try {
      const result = (await client.callTool(
        { name: 'extract', arguments: { url: `${origin}/details`, schema: DETAILS_SCHEMA } },
        undefined,
        { timeout: 120_000 },
      )) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const structured = result.structuredContent as
        { data?: unknown; fields?: ExtractedField[] } | undefined;
      expect(structured?.data).toMatchObject({ name: 'Field Stove 2', price: 64, sku: 'FS-2000' });
      expect(structured?.fields?.find((f) => f.path === 'warranty')?.status).toBe('missing');
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      expect(text).toMatch(
        /^- price \(required\): verified 64 at \/html\[1\]\/body\[1\]\/main\[1\]\/div\[1\]\/span\[1\]$/m,
      );
    } finally {
      await client.close();
    }
  }, 120_000);

  it('forage crawl --schema reads every written page into the schema from the capture the crawl made, each into a .json beside its Markdown', async () => {
    const dir = tempDir('forage-crawl-schema-');
    const renderer = await connectCrawlRenderer(stack.nats.url, { evidenceKey: stack.evidenceKey });
    const read = renderer.readIntoSchema;
    const lines: string[] = [];
    const out = join(dir.path, 'out');
    const productSchema: FieldSchema = {
      type: 'object',
      required: ['name', 'price'],
      properties: { name: { type: 'string' }, price: { type: 'number' }, sku: { type: 'string' } },
    };
    const detailsBefore = hits.get('/details') ?? 0;
    try {
      if (!read) throw new Error('the renderer reads no schema with the evidence key given');
      const code = await crawlCommand({
        options: {
          root: `${origin}/shop`,
          maxDepth: 1,
          maxPages: 10,
          include: [],
          exclude: ['/grid'],
          sameSite: true,
          sitemaps: false,
          concurrency: 2,
        },
        out,
        dataDir: join(dir.path, 'data'),
        allow: [origin],
        index: false,
        json: true,
        isTTY: false,
        render: renderer.render,
        schema: { schema: productSchema, read },
        signal: new AbortController().signal,
        write: (l) => lines.push(l),
        warn: () => undefined,
        warnRaw: () => undefined,
      });
      expect(code).toBe(0);
      const pages = readFileSync(join(out, 'pages.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => crawledPageSchema.parse(JSON.parse(l)));
      const byPath = new Map(pages.map((p) => [new URL(p.url).pathname, p]));
      expect([...byPath.keys()].sort()).toEqual(['/details', '/shop']);
      const details = byPath.get('/details');
      expect(details?.extraction).toEqual({
        file: 'pages/127.0.0.1_' + new URL(origin).port + '/details.json',
        complete: true,
      });
      const written = JSON.parse(readFileSync(join(out, details?.extraction?.file ?? ''), 'utf8')) as {
        url: string;
        logRecordId: string;
        data: unknown;
        fields: ExtractedField[];
      };
      expect(written.url).toBe(`${origin}/details`);
      expect(written.logRecordId).toBe(details?.logRecordId);
      expect(written.data).toEqual({ name: 'Field Stove 2', price: 64, sku: 'FS-2000' });
      const price = written.fields.find((f) => f.path === 'price');
      expect([price?.status, price?.source?.domSnapshot.sha256]).toEqual([
        'verified',
        details?.evidence?.[0],
      ]);
      // the shop's front page states no price: the required field is missing, never invented
      const shop = byPath.get('/shop');
      expect(shop?.extraction?.complete).toBe(false);
      const front = JSON.parse(readFileSync(join(out, shop?.extraction?.file ?? ''), 'utf8')) as {
        data: Record<string, unknown>;
        fields: ExtractedField[];
      };
      expect(front.data).not.toHaveProperty('price');
      expect(front.fields.find((f) => f.path === 'price')?.status).toBe('missing');
      expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({
        schema: { complete: 1, incomplete: 1, failed: 0 },
      });
      // each page was fetched once: the schema was read from the crawl's own capture
      expect([hits.get('/details'), hits.get('/shop')]).toEqual([detailsBefore + 1, 1]);
    } finally {
      await renderer.close();
      dir.remove();
    }
  }, 180_000);

  it('POST /v1/crawls with a schema reads each written page into it; GET …/pages/{n}/extraction serves it', async () => {
    const productSchema: FieldSchema = {
      type: 'object',
      required: ['name', 'price'],
      properties: { name: { type: 'string' }, price: { type: 'number' }, sku: { type: 'string' } },
    };
    const started = await fetch(`${stack.gatewayUrl}/v1/crawls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${origin}/shop`, depth: 1, exclude: ['/grid'], schema: productSchema }),
    });
    expect(started.status).toBe(202);
    const { crawlId } = createCrawlResponseSchema.parse(await started.json());
    let view = crawlViewSchema.parse(await (await fetch(`${stack.gatewayUrl}/v1/crawls/${crawlId}`)).json());
    for (const deadline = Date.now() + 90_000; view.status !== 'done' && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 250));
      view = crawlViewSchema.parse(await (await fetch(`${stack.gatewayUrl}/v1/crawls/${crawlId}`)).json());
    }
    expect(view.status).toBe('done');
    const byPath = new Map(view.pages.map((p) => [new URL(p.url).pathname, p]));
    expect([byPath.get('/details')?.extraction?.complete, byPath.get('/shop')?.extraction?.complete]).toEqual(
      [true, false],
    );
    const read = async (n: number | undefined) => {
      const res = await fetch(`${stack.gatewayUrl}/v1/crawls/${crawlId}/pages/${String(n)}/extraction`);
      expect(res.status).toBe(200);
      return crawlPageExtractionSchema.parse(await res.json());
    };
    const details = await read(byPath.get('/details')?.n);
    expect([details.url, details.data]).toEqual([
      `${origin}/details`,
      { name: 'Field Stove 2', price: 64, sku: 'FS-2000' },
    ]);
    expect(details.fields.find((f) => f.path === 'price')?.source?.domSnapshot.sha256).toBe(
      byPath.get('/details')?.evidence?.[0],
    );
    const shop = await read(byPath.get('/shop')?.n);
    expect(shop.fields.find((f) => f.path === 'price')?.status).toBe('missing');
  }, 180_000);

  it('the MCP crawl and get_crawl tools start a crawl with a schema and read a page of it (gateway MCP and forage mcp’s HTTP port)', async () => {
    const client = new Client({ name: 'forage-test-crawl-tools', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/mcp`)));
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args }, undefined, {
        timeout: 60_000,
      })) as CallToolResult;
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      if (result.isError) throw new Error(text);
      return { text, structured: result.structuredContent as Record<string, unknown> };
    };
    try {
      const started = await call('crawl', {
        url: `${origin}/shop`,
        depth: 1,
        exclude: ['/grid'],
        schema: {
          type: 'object',
          required: ['name', 'price'],
          properties: { name: { type: 'string' }, price: { type: 'number' } },
        },
      });
      const crawlId = String(started.structured['crawlId']);
      let followed = await call('get_crawl', { crawlId });
      for (
        const deadline = Date.now() + 90_000;
        followed.structured['status'] !== 'done' && Date.now() < deadline;
      ) {
        await new Promise((r) => setTimeout(r, 250));
        followed = await call('get_crawl', { crawlId });
      }
      const view = crawlViewSchema.parse(followed.structured);
      expect(view.status).toBe('done');
      const n = view.pages.find((p) => p.url === `${origin}/details`)?.n;
      expect(followed.text).toMatch(
        new RegExp(`^- ${String(n)} ok ${origin}/details \\[schema: complete\\]$`, 'm'),
      );
      const page = await call('get_crawl', { crawlId, page: n });
      expect(page.text).toContain('# Field Stove 2');
      expect(page.text).toContain('extraction: {"name":"Field Stove 2","price":64}');
      // forage mcp (stdio) reaches the same crawl through the gateway's HTTP API
      const overHttp = await new GatewayHttpPort({ gatewayUrl: stack.gatewayUrl }).getCrawl({
        crawlId,
        page: n,
      });
      expect(overHttp.page?.extraction?.data).toEqual({ name: 'Field Stove 2', price: 64 });
      expect(overHttp.page?.markdown).toContain('# Field Stove 2');
      await expect(call('get_crawl', { crawlId, page: 99 })).rejects.toThrow(/not_found/);
    } finally {
      await client.close();
    }
  }, 180_000);

  it('refuses a schema beyond the size limit with the typed error, before reading any page', async () => {
    const properties = Object.fromEntries(
      [...Array(201).keys()].map((i) => [`f${String(i)}`, { type: 'string' }]),
    );
    const res = await extract('/details', { type: 'object', properties });
    expect(res.status).toBe(400);
    const reply = (await res.json()) as {
      error: { code: string; issues?: { path: string; message: string }[] };
    };
    expect(reply.error.code).toBe('invalid_request');
    expect(reply.error.issues).toContainEqual({
      path: 'schema',
      message: 'schema_too_large: the schema declares 202 fields; at most 200 are read',
    });
  });
});
