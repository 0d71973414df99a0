import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PageSnapshot } from '@forage/contracts';
import type { RunningNatsServer } from '@forage/messaging';
import { DocumentStore } from '@forage/retrieval';
import { startCrawlTestSite, startTestNats, tempDir, type CrawlTestSite } from '@forage/testing';
import { loadDomExtractionConfig } from '../apps/dom-extraction/src/config.js';
import { startDomExtractionService } from '../apps/dom-extraction/src/service.js';
import { crawlCommand, EX_TEMPFAIL } from '../apps/cli/src/commands/crawl.js';
import { indexDirOf } from '../apps/cli/src/commands/index.js';
import { mapCommand } from '../apps/cli/src/commands/map.js';
import { connectCrawlRenderer } from '../apps/cli/src/crawl/adapters/stack-renderer.js';
import { EX_UNAVAILABLE } from '../apps/cli/src/commands/exit-codes.js';

interface PageLine {
  url: string;
  status: string;
  reason?: string;
  file?: string;
  depth: number;
  evidence?: string[];
  links?: string[];
}

const readPages = (dir: string): PageLine[] =>
  readFileSync(join(dir, 'pages.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as PageLine);

function markdownFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.md')) found.push(join(d, e.name));
    }
  };
  if (existsSync(join(dir, 'pages'))) walk(join(dir, 'pages'));
  return found;
}

/**
 * `forage crawl` and `forage map` against generated local sites, pages rendered by a real
 * dom-extraction (real Chromium) over a real nats-server: scope, depth, include/exclude, robots.txt,
 * a blocked page, sitemaps, and resuming after an interruption and after the stack went away.
 */
describe('forage crawl and forage map', () => {
  const dir = tempDir('forage-crawl-');
  let nats: RunningNatsServer;
  let service: Awaited<ReturnType<typeof startDomExtractionService>>;
  let renderer: Awaited<ReturnType<typeof connectCrawlRenderer>>;
  let site: CrawlTestSite;
  let small: CrawlTestSite;

  beforeAll(async () => {
    site = await startCrawlTestSite({ sections: 10, items: 29 });
    small = await startCrawlTestSite({ sections: 2, items: 4 });
    nats = await startTestNats();
    service = await startDomExtractionService(
      loadDomExtractionConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex'),
        EGRESS_ALLOWLIST: `${site.origin},${small.origin}`,
        DOMAIN_MIN_DELAY_MS: '0',
        DOMAIN_MAX_CONCURRENCY: '4',
        EXTRACT_SETTLE_QUIET_MS: '20',
      }),
    );
    renderer = await connectCrawlRenderer(nats.url);
  }, 120_000);

  afterAll(async () => {
    await renderer.close();
    await service.stop();
    await nats.stop();
    await site.stop();
    await small.stop();
    dir.remove();
  });

  const crawl = (input: {
    target: CrawlTestSite;
    out: string;
    render: (url: string) => Promise<PageSnapshot>;
    signal?: AbortSignal;
    index?: boolean;
    retryDelayMs?: number;
  }) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = crawlCommand({
      options: {
        root: `${input.target.origin}/`,
        maxDepth: 2,
        maxPages: 1_000,
        include: [],
        exclude: ['/skip/*'],
        sameSite: false,
        sitemaps: true,
        concurrency: 4,
      },
      out: input.out,
      dataDir: join(dir.path, 'data'),
      allow: [input.target.origin],
      index: input.index ?? false,
      json: true,
      isTTY: false,
      render: input.render,
      signal: input.signal ?? new AbortController().signal,
      write: (l) => out.push(l),
      warn: (l) => err.push(l),
      warnRaw: (t) => err.push(t),
      ...(input.retryDelayMs === undefined ? {} : { retryDelayMs: input.retryDelayMs }),
    });
    return code.then((c) => ({ code: c, out, err }));
  };

  it('crawls a 300-page site within depth and patterns, stopped halfway and resumed: every page written once, none fetched twice', async () => {
    const out = join(dir.path, 'big');
    const stop = new AbortController();
    let asked = 0;
    const first = await crawl({
      target: site,
      out,
      signal: stop.signal,
      render: (url) => {
        if (++asked === 120) stop.abort();
        return renderer.render(url);
      },
    });
    expect(first.code).toBe(EX_TEMPFAIL);
    const halfway = readPages(out).length;
    expect(halfway).toBeGreaterThanOrEqual(100);
    expect(halfway).toBeLessThan(200);
    // progress went to stderr as JSON lines
    expect(first.err.some((l) => l.startsWith('{"event":"progress"'))).toBe(true);

    const second = await crawl({ target: site, out, render: renderer.render });
    expect(second.code).toBe(0);
    expect(second.err.join('\n')).toMatch(/resuming: \d+ pages already done/);

    const pages = readPages(out);
    const urls = pages.map((p) => p.url);
    expect(new Set(urls).size).toBe(urls.length);
    const ok = pages.filter((p) => p.status === 'ok');
    expect(ok.map((p) => new URL(p.url).pathname).sort()).toEqual([...site.contentPaths].sort());
    for (const p of ok) {
      expect(p.evidence?.[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(p.depth).toBeLessThanOrEqual(2);
    }
    // one Markdown file per written page, each with the page's own text
    const files = markdownFiles(out);
    expect(files).toHaveLength(ok.length);
    const item = ok.find((p) => p.url.endsWith('/section/3/item/7'));
    expect(readFileSync(join(out, item?.file ?? 'missing'), 'utf8')).toMatch(
      /# Item 3-7[\s\S]*Entry 94\.0 describes/,
    );

    // the 403 page and the robots-disallowed page are listed as blocked, never written as content
    const blocked = pages.filter((p) => p.status !== 'ok');
    expect(blocked.map((p) => [new URL(p.url).pathname, p.status]).sort()).toEqual([
      ['/members', 'blocked'],
      ['/private/ledger', 'blocked'],
    ]);
    expect(blocked.find((p) => p.url.endsWith('/members'))?.reason).toMatch(/http_403/);
    expect(blocked.find((p) => p.url.endsWith('/private/ledger'))?.reason).toMatch(/robots/);
    expect(site.requests.get('/private/ledger')).toBeUndefined();

    // nothing beyond the depth limit or excluded was fetched; nothing was fetched twice
    for (const [path, count] of site.requests) {
      expect(path.startsWith('/deep/') || path.startsWith('/skip/')).toBe(false);
      if (path !== '/robots.txt' && path !== '/sitemap.xml' && path !== '/favicon.ico')
        expect([path, count]).toEqual([path, 1]);
    }
    // the stack's /metrics counts the crawl's pages by host and outcome: each page once
    const metrics = await (await fetch(`http://127.0.0.1:${service.opsPort}/metrics`)).text();
    const counted = (outcome: string): number =>
      Number(
        new RegExp(
          `forage_crawl_pages_total\\{[^}]*host="${new URL(site.origin).host}"[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`,
        ).exec(metrics)?.[1] ?? 0,
      );
    expect([counted('ok'), counted('blocked_http_403'), counted('blocked_robots')]).toEqual([
      ok.length,
      1,
      1,
    ]);
    expect(JSON.parse(second.out[0] ?? '{}')).toMatchObject({
      done: ok.length + 2,
      failed: 2,
      pending: 0,
      stopped: false,
    });
  }, 600_000);

  it('stops when the stack goes away, and resumes once it is back, adding the crawl to the local index', async () => {
    const out = join(dir.path, 'small');
    let served = 0;
    const first = await crawl({
      target: small,
      out,
      retryDelayMs: 0,
      render: (url) => {
        if (++served > 5) return Promise.reject(new Error('no responders: the stack is down'));
        return renderer.render(url);
      },
    });
    expect(first.code).toBe(EX_UNAVAILABLE);
    expect(first.err.join('\n')).toMatch(
      /the stack did not answer[\s\S]*run the same command again to resume/,
    );
    const before = readPages(out).length;
    expect(before).toBeGreaterThan(0);

    const second = await crawl({ target: small, out, render: renderer.render, index: true });
    expect(second.code).toBe(0);
    const pages = readPages(out);
    expect(new Set(pages.map((p) => p.url)).size).toBe(pages.length);
    expect(
      pages
        .filter((p) => p.status === 'ok')
        .map((p) => new URL(p.url).pathname)
        .sort(),
    ).toEqual([...small.contentPaths].sort());
    for (const path of small.contentPaths) expect(small.requests.get(path)).toBe(1);
    const docs = await new DocumentStore(indexDirOf(join(dir.path, 'data'))).load();
    expect(docs.map((d) => d.source).sort()).toEqual(
      small.contentPaths.map((p) => `${small.origin}${p}`).sort(),
    );
    expect(docs.find((d) => d.source.endsWith('/orphan'))?.text).toMatch(/cedar harbor/);
  }, 300_000);

  it('maps the same site from its sitemap and links without rendering, marking what robots.txt disallows', async () => {
    const lines: string[] = [];
    const before = new Map(site.requests);
    const code = await mapCommand({
      options: {
        root: `${site.origin}/`,
        maxDepth: 2,
        maxPages: 5_000,
        include: [],
        exclude: ['/skip/*'],
        sameSite: false,
        sitemaps: true,
        concurrency: 8,
      },
      allow: [site.origin],
      json: true,
      write: (l) => lines.push(l),
      warn: () => undefined,
    });
    expect(code).toBe(0);
    const map = JSON.parse(lines[0] ?? '{}') as {
      count: number;
      urls: { url: string; depth: number; source: string; allowed: boolean }[];
    };
    const paths = map.urls.map((u) => new URL(u.url).pathname);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...site.contentPaths, '/members', '/private/ledger'].sort());
    expect(map.urls.find((u) => u.url.endsWith('/orphan'))?.source).toBe('sitemap');
    expect(map.urls.find((u) => u.url.endsWith('/private/ledger'))?.allowed).toBe(false);
    expect(map.urls.find((u) => u.url.endsWith('/section/1/item/2'))).toMatchObject({
      depth: 2,
      source: 'link',
    });
    // pages at the depth limit are listed, not fetched; a disallowed one is never fetched
    expect(site.requests.get('/section/1/item/2')).toBe(before.get('/section/1/item/2'));
    expect(site.requests.get('/private/ledger')).toBeUndefined();
  }, 120_000);
});
