import type { PageSnapshot } from '@forage/contracts';
import { RemoteError } from '@forage/messaging';
import { pageFailureOf, stackDidNotAnswer } from './stack-failure.js';
import { Frontier, type FoundUrl, type FrontierCounts } from './frontier.js';
import { failedPage, judgePage } from './page-outcome.js';
import { isFailed, type CrawledPage } from './page-record.js';
import { scopeOf, type CrawlScope } from './scope.js';

export interface CrawlOptions extends CrawlScope {
  readonly maxDepth: number;
  readonly maxPages: number;
  /** Pages asked of dom-extraction at once (its own per-host politeness still applies). */
  readonly concurrency: number;
  /** Admit the pages the site's sitemaps list (at depth 1) as well as those found by links (with `readSitemaps`). */
  readonly sitemaps: boolean;
}

export interface CrawlSummary extends FrontierCounts {
  /** Pages finished by this run (the rest were finished by earlier runs of the same crawl). */
  readonly visited: number;
  /** The crawl stopped before its frontier was empty (interrupted, or the stack went away). */
  readonly stopped: boolean;
  readonly stopReason?: string;
}

/**
 * Where a crawl keeps its durable state (a folder for `forage crawl`, a KV bucket for the gateway).
 * Every admitted URL is appended before it is visited and every finished page after its Markdown
 * is written: what a journal holds is exactly what a resumed crawl restores.
 */
export interface CrawlJournal {
  /** The start page (and its sitemaps) were admitted by an earlier run. */
  readonly seeded: boolean;
  markSeeded(): Promise<void>;
  appendFound(found: readonly FoundUrl[]): Promise<void>;
  /** The page's Markdown, under the file name its record will carry. */
  writeMarkdown(file: string, markdown: string): Promise<void>;
  /** The page is finished: its record is its done marker. */
  appendPage(page: CrawledPage): Promise<void>;
}

/** The stack could not be asked at all (not a page's own failure): the crawl stops, resumable. */
class StackUnavailableError extends Error {
  override readonly name = 'StackUnavailableError';
}

/** `readWritten` of one page: the page's own failure (a service's error, a fault reading it) is kept on its record; a stack that did not answer stops the crawl. */
async function readFurther(
  read: NonNullable<Parameters<typeof crawlSite>[0]['readWritten']>,
  page: PageSnapshot,
  record: CrawledPage,
): Promise<NonNullable<CrawledPage['extraction']>> {
  try {
    return await read(page, record);
  } catch (err) {
    if (stackDidNotAnswer(err))
      throw new StackUnavailableError(err instanceof Error ? err.message : String(err));
    return { complete: false, error: pageFailureOf(err) };
  }
}

/** Tries per page when the stack itself did not answer (a restart of `forage up` takes a few seconds). */
const STACK_TRIES = 3;

/**
 * Crawls a site through `render` (the stack's dom-extraction), breadth first, `concurrency` pages
 * at a time. Every admitted URL is journaled before it is visited and every finished page after
 * its Markdown is written, so a crawl stopped at any point resumes without visiting a finished
 * page again. On `signal` it stops taking pages and lets those under way finish.
 */
export async function crawlSite(input: {
  options: CrawlOptions;
  journal: CrawlJournal;
  restored: { found: readonly FoundUrl[]; pages: readonly CrawledPage[] };
  render: (url: string) => Promise<PageSnapshot>;
  /** The URLs the site's sitemaps list, at most `max` (read only when `options.sitemaps`). */
  readSitemaps?: (input: { root: string; max: number }) => Promise<string[]>;
  signal: AbortSignal;
  now?: () => Date;
  onPage?: (page: CrawledPage, counts: FrontierCounts) => void;
  /**
   * Reads a written page further before it is marked done (`forage crawl --schema`); what it
   * returns is kept on the page's record. A page's own failure (a service's error, a fault reading
   * it) is kept as the extraction's error; a stack that did not answer stops the crawl, and the
   * page is visited again on resume.
   */
  readWritten?: (page: PageSnapshot, record: CrawledPage) => Promise<NonNullable<CrawledPage['extraction']>>;
  /** Waits between tries when the stack did not answer. */
  retryDelayMs?: number;
}): Promise<CrawlSummary> {
  const { options, journal, signal } = input;
  const now = input.now ?? (() => new Date());
  const inScope = scopeOf(options);
  const frontier = new Frontier(options, inScope);
  frontier.restore(
    input.restored.found,
    input.restored.pages.map((p) => ({ url: p.url, finalUrl: p.finalUrl, failed: isFailed(p) })),
  );
  if (!journal.seeded) {
    await journal.appendFound(frontier.offer([{ url: options.root, depth: 0 }]));
    if (options.sitemaps && options.maxDepth >= 1 && input.readSitemaps) {
      const listed = await input.readSitemaps({ root: options.root, max: options.maxPages });
      await journal.appendFound(frontier.offer(listed.map((url) => ({ url, depth: 1, from: 'sitemap' }))));
    }
    await journal.markSeeded();
  }

  let visited = 0;
  let stopReason: string | undefined;
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((r) => (wake = r));
  const notify = (): void => {
    wake();
    changed = new Promise<void>((r) => (wake = r));
  };
  const onAbort = (): void => {
    stopReason ??= 'interrupted';
    notify();
  };
  signal.addEventListener('abort', onAbort, { once: true });

  const visit = async (taken: FoundUrl): Promise<void> => {
    let page: PageSnapshot | undefined;
    let failure: CrawledPage | undefined;
    // found nearer the start while it was under way: its links count from there
    const current = (): FoundUrl => ({
      ...taken,
      depth: Math.min(taken.depth, frontier.depthOf(taken.url) ?? taken.depth),
    });
    let found = current();
    for (let attempt = 1; page === undefined && failure === undefined; attempt++) {
      try {
        page = await input.render(found.url);
      } catch (err) {
        if (err instanceof RemoteError) {
          failure = failedPage({
            found,
            code: err.code,
            message: err.message,
            fetchedAt: now().toISOString(),
          });
        } else if (attempt >= STACK_TRIES || signal.aborted) {
          throw new StackUnavailableError(err instanceof Error ? err.message : String(err));
        } else await new Promise((r) => setTimeout(r, (input.retryDelayMs ?? 2_000) * attempt));
      }
    }
    found = current();
    let record: CrawledPage;
    if (page === undefined) record = failure as CrawledPage;
    else {
      const judged = judgePage({ found, page, fetchedAt: now().toISOString() });
      record = judged.record;
      if (page.finalUrl !== found.url) frontier.markRedirect(page.finalUrl);
      if (judged.kind === 'write') {
        await journal.writeMarkdown(judged.record.file ?? '', judged.markdown);
        if (input.readWritten)
          record = { ...record, extraction: await readFurther(input.readWritten, page, record) };
        if (inScope(page.finalUrl).in && found.depth < options.maxDepth) {
          const links = (page.links ?? []).map((url) => ({ url, depth: found.depth + 1, from: found.url }));
          // journaled before the page is marked done, so no link is lost to a crash in between
          await journal.appendFound(frontier.offer(links));
        }
      }
    }
    await journal.appendPage(record);
    frontier.finish(found.url, isFailed(record));
    visited++;
    input.onPage?.(record, frontier.counts());
  };

  const worker = async (): Promise<void> => {
    while (!signal.aborted && stopReason === undefined) {
      const next = frontier.take();
      if (!next) {
        if (frontier.finished) return;
        await changed;
        continue;
      }
      try {
        await visit(next);
      } catch (err) {
        frontier.release(next.url);
        stopReason ??=
          err instanceof StackUnavailableError ? `the stack did not answer: ${err.message}` : String(err);
        if (!(err instanceof StackUnavailableError)) throw err;
      } finally {
        notify();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, () => worker()));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  const counts = frontier.counts();
  const stopped = !frontier.finished || counts.pending > 0;
  return { ...counts, visited, stopped, ...(stopped && stopReason ? { stopReason } : {}) };
}
