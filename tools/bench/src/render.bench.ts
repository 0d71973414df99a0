/**
 * bench:render — pages/s and latency of rendering through the dom-extraction service (request in
 * over NATS, snapshot out: egress guard, robots.txt, settle wait, live DOM with shadow roots and
 * frames, listener scan, full-page PNG screenshot over CDP with fast encoding, encrypted evidence
 * puts, main content, durable log record) beside a bare playwright-core loop (goto, content,
 * Playwright's full-page PNG screenshot) and Crawlee's PlaywrightCrawler (its defaults; content and
 * the same screenshot in the handler), on the same 200 generated local pages, the same Chromium
 * and flags, at concurrency 1, 4 and 8, in one run. At concurrency 4 a second bare loop takes the
 * service's kind of screenshot, to show the service's own overhead on equal work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchNatsServer } from '@forage/messaging';
import { loadDomExtractionConfig } from '@forage/app-dom-extraction';
import { startBareLoop } from './render/bare-playwright.js';
import { crawleePass } from './render/crawlee-runner.js';
import { benchPages } from './render/pages.js';
import { figures, line, type SideFigures } from './render/report.js';
import { serveBenchSite } from './render/site.js';
import { startServiceUnderTest } from './render/through-service.js';

const CONCURRENCY = (process.env['BENCH_CONCURRENCY'] ?? '1,4,8').split(',').map(Number);
const PAGES = Number(process.env['BENCH_PAGES'] ?? 200);

async function main(): Promise<void> {
  const pages = benchPages(PAGES);
  const site = await serveBenchSite(pages);
  const urls = pages.map((p) => `${site.origin}${p.path}`);
  const sizes = pages.map((p) => p.html.length / 1_024);
  console.log(
    `${pages.length} pages on ${site.origin}: ${Math.min(...sizes).toFixed(0)}–${Math.max(...sizes).toFixed(0)} KB (mean ${(sizes.reduce((a, b) => a + b, 0) / sizes.length).toFixed(0)} KB), ${pages.filter((p) => p.data !== null).length} rendered by script`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'forage-bench-render-'));
  const nats = await launchNatsServer({ storeDir: dir });
  const executablePath = loadDomExtractionConfig({ FORAGE_EVIDENCE_KEY: 'ab'.repeat(32) }).CHROMIUM_PATH;
  const at4: Record<string, SideFigures> = {};
  let memPerPage = Number.NaN;
  try {
    for (const c of CONCURRENCY) {
      console.log(`concurrency ${c}`);
      const service = await startServiceUnderTest({
        natsUrl: nats.url,
        siteOrigin: site.origin,
        maxPages: c,
      });
      await service.pass(urls.slice(0, 2 * c), c);
      const serviceMemory = service.memory();
      const ours = await service.pass(urls, c);
      const mem = await serviceMemory.stop();
      await service.stop();
      const oursFigures = figures(ours, urls.length);
      console.log(line('forage (through the service)', oursFigures, ours.firstError));

      const bare = await startBareLoop({ executablePath, concurrency: c, screenshot: 'playwright' });
      await bare.pass(urls.slice(0, 2 * c));
      const bareMemory = bare.memory();
      const barePass = await bare.pass(urls);
      const bareMem = await bareMemory.stop();
      await bare.close();
      const bareFigures = figures(barePass, urls.length);
      console.log(line('bare playwright-core loop', bareFigures, barePass.firstError));

      if (c === 4) {
        const sameShot = await startBareLoop({ executablePath, concurrency: c, screenshot: 'cdp-fast' });
        await sameShot.pass(urls.slice(0, 2 * c));
        const sameShotPass = await sameShot.pass(urls);
        await sameShot.close();
        const sameShotFigures = figures(sameShotPass, urls.length);
        at4['bareFast'] = sameShotFigures;
        console.log(line("bare loop, forage's screenshot", sameShotFigures, sameShotPass.firstError));
      }

      const crawlee = await crawleePass({ urls, executablePath, concurrency: c });
      const crawleeFigures = figures(crawlee, urls.length);
      console.log(line('crawlee PlaywrightCrawler', crawleeFigures, crawlee.firstError));

      console.log(
        `  chromium memory per open page: forage ${mem.pssPerPageMb.toFixed(1)} MB (PSS of the browser tree / ${c} pages; plain RSS sum ${mem.rssSumPerPageMb.toFixed(1)} MB), bare ${bareMem.pssPerPageMb.toFixed(1)} MB (RSS sum ${bareMem.rssSumPerPageMb.toFixed(1)} MB)`,
      );
      if (c === 4) {
        at4['ours'] = oursFigures;
        at4['bare'] = bareFigures;
        at4['crawlee'] = crawleeFigures;
        memPerPage = mem.pssPerPageMb;
      }
    }
  } finally {
    await nats.stop();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const ours = at4['ours']?.pagesPerS ?? Number.NaN;
  const bare = at4['bare']?.pagesPerS ?? Number.NaN;
  const crawlee = at4['crawlee']?.pagesPerS ?? Number.NaN;
  const bareFast = at4['bareFast']?.pagesPerS ?? Number.NaN;
  console.log(
    `At concurrency 4 the service does ${((ours / bareFast) * 100).toFixed(0)}% of the pages/s of a bare loop taking the same kind of screenshot (the service's own overhead); against the plain bare loop (Playwright's screenshot) it does ${((ours / bare) * 100).toFixed(0)}%.`,
  );
  console.log(
    `RESULT c4_pages_per_s=${ours.toFixed(2)} bare_c4_pages_per_s=${bare.toFixed(2)} crawlee_c4_pages_per_s=${crawlee.toFixed(2)} ratio_bare=${(ours / bare).toFixed(2)} ratio_crawlee=${(ours / crawlee).toFixed(2)} mem_per_page_mb=${memPerPage.toFixed(1)}`,
  );
}

await main();
