import { resolve } from 'node:path';
import type { FieldSchema, PageSnapshot } from '@forage/contracts';
import { DocumentStore, indexPages, type FetchedPage } from '@forage/retrieval';
import { CrawlFolder, CrawlFolderMismatchError } from '../crawl/adapters/crawl-folder.js';
import { webClient } from '../crawl/adapters/web.js';
import { crawlProgressLine, formatCrawlBar, type CrawlProgress } from '../crawl/core/crawl-progress.js';
import {
  crawlSite,
  pageExtractionOf,
  type CrawledPage,
  type CrawlOptions,
  type CrawlSummary,
} from '@forage/crawl';
import { sitemapUrls } from '../crawl/adapters/sitemaps.js';
import type { SchemaPageReader } from '../crawl/adapters/stack-renderer.js';
import { EX_UNAVAILABLE, EX_USAGE } from './exit-codes.js';
import { indexDirOf } from './index.js';

/** sysexits: the crawl stopped before it was done (rerun the same command to resume). */
export const EX_TEMPFAIL = 75;

export interface CrawlCommandInput {
  readonly options: CrawlOptions;
  readonly out: string;
  readonly dataDir: string;
  readonly allow: readonly string[];
  /** Add the crawled pages to the local index (`forage ask` then answers from them). */
  readonly index: boolean;
  readonly json: boolean;
  readonly isTTY: boolean;
  readonly render: (url: string) => Promise<PageSnapshot>;
  /** `--schema`: each written page is also read into the schema, into a JSON file beside its Markdown. */
  readonly schema?: { readonly schema: FieldSchema; readonly read: SchemaPageReader };
  readonly signal: AbortSignal;
  readonly write: (line: string) => void;
  readonly warn: (line: string) => void;
  /** Raw text to stderr (the progress bar redraws in place). */
  readonly warnRaw: (text: string) => void;
  readonly now?: () => Date;
  /** Waits between tries when the stack did not answer (default 2 s, growing). */
  readonly retryDelayMs?: number;
}

/**
 * `forage crawl <url> --out DIR`: the site's pages rendered by the running stack, one Markdown file
 * each plus `pages.jsonl`; progress on stderr (a bar on a terminal, JSON lines otherwise); the
 * summary on stdout. Rerun with the same folder to resume an interrupted crawl.
 */
export async function crawlCommand(input: CrawlCommandInput): Promise<number> {
  const now = input.now ?? (() => new Date());
  let opened: Awaited<ReturnType<typeof CrawlFolder.open>>;
  try {
    opened = await CrawlFolder.open({ dir: resolve(input.out), root: input.options.root, now: now() });
  } catch (err) {
    if (!(err instanceof CrawlFolderMismatchError)) throw err;
    input.warn(`forage crawl: ${err.message}`);
    return EX_USAGE;
  }
  const resumed = opened.pages.length;
  if (resumed > 0) input.warn(`forage crawl: resuming: ${resumed} pages already done in ${input.out}`);
  const started = Date.now();
  let lastLine = 0;
  const show = (p: CrawlProgress, final = false): void => {
    if (input.isTTY) {
      input.warnRaw(`\r\x1b[2K${formatCrawlBar(p)}${final ? '\n' : ''}`);
      return;
    }
    // JSON lines at most every second (and the last one), so a log stays readable
    if (final || Date.now() - lastLine >= 1_000) {
      lastLine = Date.now();
      input.warn(crawlProgressLine(p));
    }
  };
  let visited = 0;
  const web = webClient(input.allow);
  const summary: CrawlSummary = await crawlSite({
    options: input.options,
    journal: opened.folder,
    restored: opened,
    render: input.render,
    readSitemaps: ({ root, max }) =>
      sitemapUrls({
        web,
        root,
        max,
        note: (line) => {
          input.warn(`forage crawl: ${line}`);
        },
      }),
    signal: input.signal,
    now,
    ...(input.schema ? { readWritten: schemaWriter(opened.folder, input.schema) } : {}),
    ...(input.retryDelayMs === undefined ? {} : { retryDelayMs: input.retryDelayMs }),
    onPage: (page, counts) => {
      visited++;
      if (page.status !== 'ok' && !input.isTTY)
        input.warn(
          JSON.stringify({ event: 'page', url: page.url, status: page.status, reason: page.reason }),
        );
      show({ ...counts, visited, elapsedMs: Date.now() - started });
    },
  });
  show({ ...summary, elapsedMs: Date.now() - started }, true);
  const folder = resolve(input.out);
  const all = await CrawlFolder.open({ dir: folder, root: input.options.root, now: now() });
  let indexed: string | undefined;
  if (input.index)
    indexed = await addToIndex({
      pages: all.pages,
      folder: all.folder,
      dataDir: input.dataDir,
      root: input.options.root,
      now: now(),
    });
  const failed = all.pages.filter((p) => p.status !== 'ok');
  const schema = input.schema ? schemaCounts(all.pages) : undefined;
  if (input.json) {
    input.write(
      JSON.stringify({
        root: input.options.root,
        out: folder,
        ...summary,
        failedPages: failed.map((p) => ({ url: p.url, status: p.status, reason: p.reason })),
        ...(schema ? { schema } : {}),
        ...(indexed ? { indexed } : {}),
      }),
    );
  } else {
    input.write(
      `${summary.done} pages done (${summary.done - summary.failed} written, ${summary.failed} blocked or failed), ${summary.pending + summary.inFlight} left; ${summary.visited} this run → ${folder}`,
    );
    for (const p of failed) input.write(`  ${p.status} ${p.url}: ${p.reason ?? ''}`);
    if (schema)
      input.write(
        `schema: ${schema.complete} pages with every required field verified, ${schema.incomplete} without, ${schema.failed} not read (see each page's .json)`,
      );
    if (indexed) input.write(indexed);
  }
  if (summary.stopped) {
    input.warn(
      `forage crawl: stopped (${summary.stopReason ?? 'interrupted'}); run the same command again to resume`,
    );
    return summary.stopReason?.startsWith('the stack') ? EX_UNAVAILABLE : EX_TEMPFAIL;
  }
  return 0;
}

/** How the written pages fared against the schema (pages written before --schema was given count as not read). */
function schemaCounts(pages: readonly CrawledPage[]): {
  complete: number;
  incomplete: number;
  failed: number;
} {
  const written = pages.filter((p) => p.status === 'ok');
  const complete = written.filter((p) => p.extraction?.complete === true).length;
  const incomplete = written.filter((p) => p.extraction?.file !== undefined && !p.extraction.complete).length;
  return { complete, incomplete, failed: written.length - complete - incomplete };
}

/** Reads a written page into the schema and writes what it read (every field's value, Source, status) beside its Markdown. */
function schemaWriter(
  folder: CrawlFolder,
  schema: NonNullable<CrawlCommandInput['schema']>,
): (page: PageSnapshot, record: CrawledPage) => Promise<NonNullable<CrawledPage['extraction']>> {
  return async (page, record) => {
    const extraction = await schema.read(page, schema.schema);
    const { file, document } = pageExtractionOf({ record, page, extraction });
    await folder.writeJson(file, document);
    return { file, complete: extraction.complete };
  };
}

/** Adds the crawl's written pages to the local index, as one collection named after the start page. */
async function addToIndex(input: {
  pages: readonly CrawledPage[];
  folder: CrawlFolder;
  dataDir: string;
  root: string;
  now: Date;
}): Promise<string> {
  const pages: FetchedPage[] = [];
  for (const p of input.pages) {
    if (p.status !== 'ok' || !p.file) continue;
    const markdown = await input.folder.readMarkdown(p.file);
    pages.push({ url: p.url, content: markdown.replace(/^---\n[\s\S]*?\n---\n/, ''), type: 'markdown' });
  }
  const report = await indexPages({
    store: new DocumentStore(indexDirOf(input.dataDir)),
    collection: input.root,
    pages,
    skipped: [],
    now: input.now,
  });
  return `indexed as ${report.collection}: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.removed} removed`;
}
