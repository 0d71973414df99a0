import { randomUUID } from 'node:crypto';
import { extractPage, type PageSnapshot } from '@forage/contracts';
import { Bus } from '@forage/messaging';
import { connectToStack } from '../../stack/connect.js';

/**
 * Renders crawl pages through the running stack's dom-extraction (`dom.extract.v1`: its egress
 * guard, robots.txt and per-host politeness apply), asking for each page's links; one run id per
 * crawl, so its pages are grouped in the log. `close()` when done.
 */
export async function connectCrawlRenderer(
  natsUrl: string,
): Promise<{ render: (url: string) => Promise<PageSnapshot>; close: () => Promise<void> }> {
  const connection = await connectToStack(natsUrl, 'extract');
  const bus = new Bus(connection, { timeoutMs: 90_000 });
  const runId = randomUUID();
  return {
    render: (url) =>
      bus.request(extractPage, { runId, url, screenshot: false, timeoutMs: 60_000, links: true }),
    close: () => connection.drain(),
  };
}
