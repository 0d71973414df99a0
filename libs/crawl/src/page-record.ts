import { createHash } from 'node:crypto';
import {
  crawledPageSchema,
  type CrawledPage,
  type CrawlPageExtraction,
  type PageSnapshot,
  type SchemaExtraction,
} from '@forage/contracts';

/** One line of a crawl's `pages.jsonl` (the contract the HTTP API lists pages with too). */
export { crawledPageSchema, type CrawledPage };

/** Pages are failed when they were not written as content. */
export const isFailed = (page: Pick<CrawledPage, 'status'>): boolean => page.status !== 'ok';

const SAFE_SEGMENT = /^[A-Za-z0-9._-]{1,80}$/;

/**
 * Where a page's Markdown goes, relative to the crawl's folder: `pages/<host>/<path>.md`, readable
 * when the path is plain; otherwise (a query, odd characters, long segments) the readable part and a
 * hash of the URL, so two URLs never share a file.
 */
export function pageFileOf(href: string): string {
  const url = new URL(href);
  const host = url.port ? `${url.hostname}_${url.port}` : url.hostname;
  const segments = url.pathname.split('/').filter((s) => s.length > 0);
  // a path that itself ends in `index` is hashed, so it never shares `index.md` with its folder's URL
  const namedIndex = segments.at(-1) === 'index' && !url.pathname.endsWith('/');
  if (url.pathname.endsWith('/') || segments.length === 0) segments.push('index');
  const plain =
    url.search === '' &&
    !namedIndex &&
    segments.every((s) => SAFE_SEGMENT.test(s) && s !== '..' && s !== '.');
  if (plain) return ['pages', host, ...segments].join('/') + '.md';
  const hash = createHash('sha256').update(href).digest('hex').slice(0, 12);
  const readable = segments
    .map((s) => safeSegment(s))
    .filter((s) => s.length > 0)
    .slice(0, 6);
  const name = `${readable.pop() ?? 'page'}-${hash}`;
  return ['pages', host, ...readable, name].join('/') + '.md';
}

function safeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // keep it encoded
  }
  return decoded
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+|-+$/g, '')
    .slice(0, 60);
}

/**
 * A written page read into a schema: where its extraction goes (beside its Markdown, as `.json`)
 * and the document kept there (`forage crawl --schema` and `GET /v1/crawls/…/extraction` alike).
 */
export function pageExtractionOf(input: {
  record: CrawledPage;
  page: Pick<PageSnapshot, 'finalUrl' | 'logRecordId'>;
  extraction: SchemaExtraction;
}): { file: string; document: CrawlPageExtraction } {
  const { record, page, extraction } = input;
  return {
    file: (record.file ?? pageFileOf(record.url)).replace(/\.md$/, '.json'),
    document: { url: record.url, finalUrl: page.finalUrl, logRecordId: page.logRecordId, ...extraction },
  };
}
