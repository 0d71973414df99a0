import { Configuration, log, PlaywrightCrawler } from 'crawlee';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '@forage/browser';

/**
 * Crawlee's PlaywrightCrawler crawling from `root` with its defaults (autoscaled pool pinned to
 * `concurrency`, session and browser pools, default timeouts), robots.txt respected, links of the
 * same origin enqueued up to `maxDepth`, `exclude` left out; per page the rendered HTML and title
 * are read and pushed to its dataset (its usual output).
 */
export async function crawleeCrawl(input: {
  root: string;
  executablePath: string;
  concurrency: number;
  maxDepth: number;
  /** A Crawlee glob of URLs not to enqueue. */
  exclude: string;
  storage: string;
}): Promise<{ pages: number; failures: number }> {
  log.setLevel(log.LEVELS.OFF);
  const config = new Configuration({
    persistStorage: false,
    purgeOnStart: true,
    storageClientOptions: { localDataDirectory: input.storage },
  });
  let pages = 0;
  let failures = 0;
  const crawler = new PlaywrightCrawler(
    {
      launchContext: {
        launcher: chromium,
        launchOptions: { executablePath: input.executablePath, args: [...CHROMIUM_ARGS] },
      },
      minConcurrency: input.concurrency,
      maxConcurrency: input.concurrency,
      maxCrawlDepth: input.maxDepth,
      respectRobotsTxtFile: true,
      maxRequestRetries: 0,
      requestHandler: async ({ page, request, enqueueLinks, pushData }) => {
        const html = await page.content();
        await pushData({ url: request.url, title: await page.title(), bytes: html.length });
        await enqueueLinks({ strategy: 'same-origin', exclude: [input.exclude] });
        pages++;
      },
      failedRequestHandler: () => {
        failures++;
        pages++;
      },
    },
    config,
  );
  await crawler.run([input.root]);
  return { pages, failures };
}
