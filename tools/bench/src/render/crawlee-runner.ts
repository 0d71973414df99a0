import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Configuration, log, PlaywrightCrawler } from 'crawlee';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '@forage/browser';
import type { PassResult } from './concurrently.js';

/**
 * Crawlee's PlaywrightCrawler with its default settings (autoscaled pool, session pool, browser
 * pool with fingerprints, default timeouts), launched on the same Chromium with the same flags;
 * only the concurrency is pinned (min = max = `concurrency`) so the figures compare. Per URL its
 * own navigation (until load), then in the handler `page.content()` and a full-page PNG screenshot.
 */
export async function crawleePass(input: {
  urls: readonly string[];
  executablePath: string;
  concurrency: number;
}): Promise<PassResult> {
  log.setLevel(log.LEVELS.OFF);
  const storage = mkdtempSync(join(tmpdir(), 'forage-bench-crawlee-'));
  const config = new Configuration({
    persistStorage: false,
    purgeOnStart: true,
    storageClientOptions: { localDataDirectory: storage },
  });
  const started = new Map<string, number>();
  const latenciesMs: number[] = [];
  let failures = 0;
  let firstError: string | null = null;
  const crawler = new PlaywrightCrawler(
    {
      launchContext: {
        launcher: chromium,
        launchOptions: { executablePath: input.executablePath, args: [...CHROMIUM_ARGS] },
      },
      minConcurrency: input.concurrency,
      maxConcurrency: input.concurrency,
      preNavigationHooks: [
        ({ request }) => {
          started.set(request.url, performance.now());
        },
      ],
      requestHandler: async ({ page, request }) => {
        await page.content();
        await page.screenshot({ fullPage: true, type: 'png' });
        latenciesMs.push(performance.now() - (started.get(request.url) ?? performance.now()));
      },
      failedRequestHandler: ({ request }) => {
        failures++;
        firstError ??= request.errorMessages[0] ?? 'failed';
      },
    },
    config,
  );
  const startedAt = performance.now();
  try {
    await crawler.run([...input.urls]);
  } finally {
    rmSync(storage, { recursive: true, force: true });
  }
  return { wallMs: performance.now() - startedAt, latenciesMs, failures, firstError };
}
