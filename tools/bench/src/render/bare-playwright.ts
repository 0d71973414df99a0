import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '@forage/browser';
import { readProcessTable } from '@forage/app-dom-extraction';
import { runConcurrently, type PassResult } from './concurrently.js';
import { sampleMemory, type MemorySampler } from './memory.js';

/**
 * The baseline: playwright-core alone on the same Chromium and flags, one context, one reused page
 * per worker; per URL `goto` (until load), `page.content()` and a full-page PNG screenshot. No
 * egress guard, settle wait, listener scan, evidence store, main content, log record or messaging.
 */
export interface BareLoop {
  pass(urls: readonly string[]): Promise<PassResult>;
  memory(): MemorySampler;
  close(): Promise<void>;
}

/**
 * `screenshot: 'playwright'` is `page.screenshot({ fullPage: true })` (PNG, Playwright's default);
 * `'cdp-fast'` is what the service does (CDP `Page.captureScreenshot`, PNG with `optimizeForSpeed`),
 * to show the service's own overhead on equal work.
 */
export async function startBareLoop(input: {
  executablePath: string;
  concurrency: number;
  screenshot: 'playwright' | 'cdp-fast';
}): Promise<BareLoop> {
  const browser: Browser = await chromium.launch({
    executablePath: input.executablePath,
    args: [...CHROMIUM_ARGS],
  });
  const context = await browser.newContext();
  const pages: Page[] = await Promise.all(Array.from({ length: input.concurrency }, () => context.newPage()));
  const cdps: CDPSession[] = await Promise.all(pages.map((page) => context.newCDPSession(page)));
  const browserPid = readProcessTable().find(
    (p) => p.ppid === process.pid && /chrom/.test(p.comm) && p.state !== 'Z',
  )?.pid;
  return {
    pass: (urls) =>
      runConcurrently(urls, input.concurrency, async (url, worker) => {
        const page = pages[worker];
        if (!page) throw new Error(`no page for worker ${worker}`);
        await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
        await page.content();
        const cdp = cdps[worker];
        if (input.screenshot === 'playwright' || !cdp) await page.screenshot({ fullPage: true, type: 'png' });
        else await fastScreenshot(cdp);
      }),
    memory: () =>
      sampleMemory({
        browserPids: () => (browserPid === undefined ? [] : [browserPid]),
        openPages: () => pages.length,
      }),
    close: () => browser.close(),
  };
}

async function fastScreenshot(cdp: CDPSession): Promise<Buffer> {
  const metrics = await cdp.send('Page.getLayoutMetrics');
  const shot = await cdp.send('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
    captureBeyondViewport: true,
    clip: {
      x: 0,
      y: 0,
      width: Math.ceil(metrics.cssContentSize.width),
      height: Math.min(16_384, Math.ceil(metrics.cssContentSize.height)),
      scale: 1,
    },
  });
  return Buffer.from(shot.data, 'base64');
}
