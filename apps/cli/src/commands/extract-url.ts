import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { extractPage, type PageSnapshot } from '@forage/contracts';
import { Bus, RemoteError } from '@forage/messaging';
import type { Progress } from '../cli/progress.js';
import type { ExtractFormat } from './extract.js';
import { connectToStack } from '../stack/connect.js';
import { EX_NOPERM, EX_UNAVAILABLE } from './exit-codes.js';

/** sysexits: the stack is not running or a page could not be rendered; an egress refusal. */
export { EX_NOPERM, EX_UNAVAILABLE };

/** Renders one URL: the running stack's dom-extraction reply, or the error that stopped it. */
export type RenderUrl = (url: string) => Promise<PageSnapshot>;

/** A RenderUrl over the running stack's NATS (what stack.json names); `close()` when done. */
export async function connectRenderer(
  natsUrl: string,
): Promise<{ render: RenderUrl; close: () => Promise<void> }> {
  const connection: NatsConnection = await connectToStack(natsUrl, 'extract');
  const bus = new Bus(connection, { timeoutMs: 90_000 });
  // one run id per command, so its pages are grouped in the log
  const runId = randomUUID();
  return {
    render: (url) => bus.request(extractPage, { runId, url, screenshot: false, timeoutMs: 60_000 }),
    close: () => connection.drain(),
  };
}

/**
 * `forage extract URL…`: each URL rendered by the stack's dom-extraction (egress guard,
 * robots.txt and per-domain politeness apply) and its main content printed in the same formats
 * as for files. A refusal is printed with its code and reason (which names the address class and
 * the setting that would allow it) and sets the exit code; it never prints an empty page.
 */
export async function extractUrls(input: {
  urls: readonly string[];
  format: ExtractFormat;
  render: RenderUrl;
  write: (line: string) => void;
  warn: (line: string) => void;
  progress: Progress;
}): Promise<number> {
  let code = 0;
  let written = 0;
  for (const url of input.urls) {
    let page: PageSnapshot;
    try {
      page = await input.render(url);
    } catch (err) {
      input.progress.tick();
      if (err instanceof RemoteError) {
        input.warn(`forage extract: ${url}: ${err.code}: ${err.message.replace(/^[\w.]+: [\w_]+: /, '')}`);
        code = Math.max(code, err.code === 'egress_denied' ? EX_NOPERM : EX_UNAVAILABLE);
      } else {
        input.warn(`forage extract: ${url}: ${err instanceof Error ? err.message : String(err)}`);
        code = Math.max(code, EX_UNAVAILABLE);
      }
      continue;
    }
    input.progress.tick();
    if (page.outcome.kind === 'blocked') {
      const { reason, detail } = page.outcome;
      input.warn(`forage extract: ${url}: blocked (${reason}): ${detail}`);
      code = Math.max(code, reason === 'egress' || reason === 'robots' ? EX_NOPERM : EX_UNAVAILABLE);
      continue;
    }
    const content = page.mainContent;
    if (!content) {
      input.warn(`forage extract: ${url}: no main content was extracted (HTTP ${page.status})`);
      code = Math.max(code, EX_UNAVAILABLE);
      continue;
    }
    if (input.format === 'json') {
      input.write(
        JSON.stringify({
          url,
          finalUrl: page.finalUrl,
          status: page.status,
          title: content.title || page.title,
          text: content.text,
          markdown: content.markdown,
        }),
      );
    } else {
      if (written > 0) input.write('');
      input.write(`==> ${url} <==`);
      input.write(input.format === 'markdown' ? content.markdown : content.text);
    }
    written++;
  }
  return code;
}
