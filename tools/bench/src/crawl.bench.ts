/**
 * bench:crawl — `forage crawl` (pages rendered by the dom-extraction service over a real
 * nats-server: robots.txt, egress guard, evidence stored and logged, main content as Markdown
 * files plus pages.jsonl) beside Crawlee's PlaywrightCrawler on the same generated local site of
 * more than 1,000 pages, at the same concurrency, the same depth limit and the same exclusion.
 * Memory is the peak RSS of this process's whole tree (Node, Chromium, nats-server) during each pass.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawlCommand } from '@forage/app-cli';
import { loadDomExtractionConfig, treeRssSumBytes } from '@forage/app-dom-extraction';
import { launchNatsServer } from '@forage/messaging';
import { startCrawlTestSite } from '@forage/testing';
import { crawleeCrawl } from './crawl/crawlee-crawl.js';
import { startServiceUnderTest } from './render/through-service.js';

const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 4);
const SECTIONS = Number(process.env['BENCH_SECTIONS'] ?? 20);
const ITEMS = Number(process.env['BENCH_ITEMS'] ?? 50);
const DEPTH = 2;
const EXCLUDE = '/skip/';

/** Peak RSS of this process tree, sampled every 500 ms until stopped. */
function peakRss(): { stop: () => number } {
  let peak = treeRssSumBytes(process.pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssSumBytes(process.pid));
  }, 500);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treeRssSumBytes(process.pid)) / 1024 / 1024;
    },
  };
}

async function main(): Promise<void> {
  const site = await startCrawlTestSite({ sections: SECTIONS, items: ITEMS });
  const root = `${site.origin}/`;
  const dir = mkdtempSync(join(tmpdir(), 'forage-bench-crawl-'));
  const nats = await launchNatsServer({ storeDir: join(dir, 'nats') });
  const executablePath = loadDomExtractionConfig({ FORAGE_EVIDENCE_KEY: 'ab'.repeat(32) }).CHROMIUM_PATH;
  console.log(
    `site ${root}: ${site.contentPaths.length - 1} pages within depth ${DEPTH} by links, excluding ${EXCLUDE}*; concurrency ${CONCURRENCY}`,
  );
  try {
    const service = await startServiceUnderTest({
      natsUrl: nats.url,
      siteOrigin: site.origin,
      maxPages: CONCURRENCY,
    });
    const { connectCrawlRenderer } = await import('@forage/app-cli');
    const renderer = await connectCrawlRenderer(nats.url);
    const memory = peakRss();
    const started = performance.now();
    const out = join(dir, 'forage-out');
    const lines: string[] = [];
    const code = await crawlCommand({
      options: {
        root,
        maxDepth: DEPTH,
        maxPages: 100_000,
        include: [],
        exclude: [`${EXCLUDE}*`],
        sameSite: false,
        sitemaps: false,
        concurrency: CONCURRENCY,
      },
      out,
      dataDir: join(dir, 'data'),
      allow: [site.origin],
      index: false,
      json: true,
      isTTY: false,
      render: renderer.render,
      signal: new AbortController().signal,
      write: (l) => lines.push(l),
      warn: () => undefined,
      warnRaw: () => undefined,
    });
    const oursMs = performance.now() - started;
    const oursRss = memory.stop();
    await renderer.close();
    await service.stop();
    const pages = readFileSync(join(out, 'pages.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim()).length;
    const summary = JSON.parse(lines[0] ?? '{}') as { failed?: number };
    const ours = pages / (oursMs / 1000);
    console.log(
      `forage crawl: exit ${code}, ${pages} pages (${summary.failed ?? '?'} blocked or failed) in ${(oursMs / 1000).toFixed(1)} s = ${ours.toFixed(2)} pages/s, peak RSS ${oursRss.toFixed(0)} MB`,
    );

    const peerMemory = peakRss();
    const peerStarted = performance.now();
    const peer = await crawleeCrawl({
      root,
      executablePath,
      concurrency: CONCURRENCY,
      maxDepth: DEPTH,
      exclude: `${root.slice(0, -1)}${EXCLUDE}**`,
      storage: join(dir, 'crawlee'),
    });
    const peerMs = performance.now() - peerStarted;
    const peerRss = peerMemory.stop();
    const theirs = peer.pages / (peerMs / 1000);
    console.log(
      `crawlee PlaywrightCrawler: ${peer.pages} pages (${peer.failures} failed) in ${(peerMs / 1000).toFixed(1)} s = ${theirs.toFixed(2)} pages/s, peak RSS ${peerRss.toFixed(0)} MB`,
    );
    console.log(
      `RESULT pages_per_s=${ours.toFixed(2)} peer_pages_per_s=${theirs.toFixed(2)} rss_mb=${oursRss.toFixed(0)} peer_rss_mb=${peerRss.toFixed(0)} pages=${pages} peer_pages=${peer.pages}`,
    );
  } finally {
    await nats.stop();
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
