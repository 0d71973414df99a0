import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * One line of a crawl's `pages.jsonl`: a page written as Markdown (`ok`), or listed with the
 * reason it was not (`blocked`: a wall, robots.txt or the egress policy; `error`: it could not be
 * rendered). Written once per page, after its Markdown file: the line is the page's done marker.
 */
export const crawledPageSchema = z.object({
  url: z.string(),
  finalUrl: z.string().optional(),
  status: z.enum(['ok', 'blocked', 'error']),
  reason: z.string().optional(),
  httpStatus: z.number().int().optional(),
  title: z.string().optional(),
  language: z.string().optional(),
  depth: z.number().int().nonnegative(),
  /** The Markdown file, relative to the crawl's folder (ok pages only). */
  file: z.string().optional(),
  /** The log record that holds the page's evidence, and the evidence's content addresses. */
  logRecordId: z.string().optional(),
  evidence: z.array(z.string()).optional(),
  links: z.array(z.string()).optional(),
  fetchedAt: z.string(),
});
export type CrawledPage = z.infer<typeof crawledPageSchema>;

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
