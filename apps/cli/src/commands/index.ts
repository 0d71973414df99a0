import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  decideRobots,
  guardedFetch,
  parseAllowlist,
  robotsPolicy,
  rulesFor,
  ROBOTS_MAX_BYTES,
  systemResolver,
  type RobotsPolicy,
} from '@forage/egress';
import {
  DocumentStore,
  indexFolder,
  indexPages,
  listCollections,
  removeCollection,
  type FetchedPage,
  type IndexReport,
} from '@forage/retrieval';
import { RemoteError } from '@forage/messaging';
import type { Progress } from '../cli/progress.js';
import type { RenderUrl } from './extract-url.js';

/** sysexits: usage error, input missing. */
const EX_USAGE = 64;
const EX_NOINPUT = 66;
const USER_AGENT = 'ForageBot/0.1 (+https://github.com/forage; forage index)';
const PRODUCT_TOKEN = 'foragebot';
const MAX_URLS = 5_000;

/** Where `forage index` keeps the user's index: the search service reads the same directory (SEARCH_INDEX_DIR). */
export function indexDirOf(dataDir: string): string {
  return join(dataDir, 'data', 'search-index');
}

export interface IndexCommandInput {
  readonly targets: readonly string[];
  readonly dataDir: string;
  readonly list: boolean;
  /** `--list` prints `{ collections: [{ collection, documents, indexedAt }] }`. */
  readonly json?: boolean;
  readonly remove: readonly string[];
  /** Origins the user allowed (FORAGE_ALLOW): fetched even when internal. */
  readonly allow: readonly string[];
  readonly write: (line: string) => void;
  readonly warn: (line: string) => void;
  readonly now?: () => Date;
  /** Progress of fetching a list of pages (done/total, rate, time left), given its total. */
  readonly progress?: (total: number) => Progress;
  /**
   * Renders pages in the running stack's Chromium (dom-extraction, `dom.extract.v1`), so text a
   * script writes is indexed too. Absent (no stack, or `--no-render`): pages are fetched as HTML.
   */
  readonly render?: RenderUrl;
}

/**
 * `forage index <folder | sitemap.xml URL | file of URLs>…`, `--list`, `--remove <collection>`.
 * Folders are read from disk; URLs are fetched through the egress guard and robots.txt, like
 * every fetch Forage makes. Re-indexing updates changed documents only.
 */
export async function indexCommand(input: IndexCommandInput): Promise<number> {
  const store = new DocumentStore(indexDirOf(input.dataDir));
  const now = input.now ?? (() => new Date());
  if (input.list) {
    const collections = await listCollections(store);
    if (input.json) {
      input.write(JSON.stringify({ collections }));
      return 0;
    }
    if (collections.length === 0) input.write('the index is empty; add pages with `forage index <folder>`');
    for (const c of collections)
      input.write(`${c.collection}\t${c.documents} documents\tindexed ${c.indexedAt}`);
    return 0;
  }
  for (const collection of input.remove) {
    const removed = await removeCollection(store, collection);
    input.write(`${collection}: ${removed} documents removed`);
  }
  if (input.targets.length === 0 && input.remove.length === 0) {
    input.warn('forage index needs a folder, a sitemap.xml URL or a file of URLs (or --list / --remove)');
    return EX_USAGE;
  }
  let code = 0;
  for (const target of input.targets) {
    let report: IndexReport;
    try {
      report = await indexTarget({
        target,
        store,
        allow: input.allow,
        now: now(),
        ...(input.progress ? { progress: input.progress } : {}),
        ...(input.render ? { render: input.render } : {}),
      });
    } catch (err) {
      input.warn(`${target}: ${err instanceof Error ? err.message : String(err)}`);
      code = EX_NOINPUT;
      continue;
    }
    input.write(
      `${report.collection}: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.removed} removed`,
    );
    for (const s of report.skipped) input.warn(`  skipped ${s.source}: ${s.why}`);
  }
  return code;
}

async function indexTarget(input: {
  target: string;
  store: DocumentStore;
  allow: readonly string[];
  now: Date;
  progress?: (total: number) => Progress;
  render?: RenderUrl;
}): Promise<IndexReport> {
  const { target, store, now } = input;
  const fetcherOf = () => pageFetcher(input.allow, input.progress, input.render);
  if (/^https?:\/\//i.test(target)) {
    const fetcher = fetcherOf();
    const sitemap = await fetcher.get(target);
    if (!sitemap.ok) throw new Error(`sitemap: ${sitemap.why}`);
    const urls = [...sitemap.body.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].flatMap((m) =>
      m[1] ? [decodeXml(m[1])] : [],
    );
    return indexPages({ store, collection: target, now, ...(await fetcher.pages(urls)) });
  }
  const path = resolve(target);
  const info = await stat(path);
  if (info.isDirectory()) return indexFolder({ store, folder: path, now });
  const urls = (await readFile(path, 'utf8'))
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => /^https?:\/\//i.test(l));
  if (urls.length === 0) throw new Error('neither a folder nor a file listing http(s) URLs');
  return indexPages({
    store,
    collection: path,
    now,
    ...(await fetcherOf().pages(urls)),
  });
}

type Got = { ok: true; body: string; type: string } | { ok: false; why: string };

/**
 * Fetches through the egress guard, honouring robots.txt per origin (RFC 9309, shared
 * implementation). With a renderer, each allowed page is rendered by dom-extraction instead, which
 * applies the same guard, robots.txt and per-host politeness, and its main content is indexed.
 */
function pageFetcher(allow: readonly string[], progress?: (total: number) => Progress, render?: RenderUrl) {
  const allowlist = parseAllowlist(allow.join(','));
  const robots = new Map<string, RobotsPolicy>();
  const get = async (url: string, maxBytes = 10 * 1024 * 1024): Promise<Got> => {
    const r = await guardedFetch({
      url,
      userAgent: USER_AGENT,
      allowlist,
      denylist: [],
      resolve: systemResolver,
      timeoutMs: 20_000,
      maxBytes,
      maxRedirects: 5,
    });
    if (r.kind === 'failed') return { ok: false, why: r.detail };
    if (r.kind === 'too_many_redirects') return { ok: false, why: 'too many redirects' };
    if (r.status !== 200) return { ok: false, why: `HTTP ${r.status}` };
    return { ok: true, body: r.body, type: r.headers['content-type'] ?? '' };
  };
  const allowed = async (url: URL): Promise<boolean> => {
    let policy = robots.get(url.origin);
    if (!policy) {
      const r = await guardedFetch({
        url: `${url.origin}/robots.txt`,
        userAgent: USER_AGENT,
        allowlist,
        denylist: [],
        resolve: systemResolver,
        timeoutMs: 20_000,
        maxBytes: ROBOTS_MAX_BYTES,
        maxRedirects: 5,
      });
      policy = robotsPolicy(
        r.kind === 'response'
          ? r.status >= 200 && r.status < 300
            ? { kind: 'body', status: r.status, body: r.body, truncated: r.truncated }
            : { kind: 'status', status: r.status }
          : r.kind === 'failed'
            ? { kind: 'unreachable', detail: r.detail }
            : { kind: 'too_many_redirects' },
      );
      robots.set(url.origin, policy);
    }
    if (policy.kind === 'rules') return decideRobots(rulesFor(policy.file, PRODUCT_TOKEN), url).allowed;
    return policy.kind === 'allow_all';
  };
  return {
    get,
    async pages(
      urls: readonly string[],
    ): Promise<{ pages: FetchedPage[]; skipped: { source: string; why: string }[] }> {
      const pages: FetchedPage[] = [];
      const skipped: { source: string; why: string }[] = [];
      const todo = urls.slice(0, MAX_URLS);
      const shown = progress?.(todo.length);
      for (const url of todo) {
        if (!(await allowed(new URL(url)))) {
          skipped.push({ source: url, why: 'disallowed by robots.txt' });
          shown?.tick();
          continue;
        }
        if (render) {
          const rendered = await renderedPage(render, url);
          shown?.tick();
          if ('why' in rendered) skipped.push({ source: url, why: rendered.why });
          else pages.push(rendered);
          continue;
        }
        const got = await get(url);
        shown?.tick();
        if (!got.ok) skipped.push({ source: url, why: got.why });
        else if (/markdown/.test(got.type) || /\.md$/i.test(new URL(url).pathname))
          pages.push({ url, content: got.body, type: 'markdown' });
        else if (/html/.test(got.type)) pages.push({ url, content: got.body, type: 'html' });
        else if (/text\/plain/.test(got.type)) pages.push({ url, content: got.body, type: 'text' });
        else skipped.push({ source: url, why: `not HTML or text (${got.type || 'no content type'})` });
      }
      shown?.finish();
      return { pages, skipped };
    },
  };
}

/** One page rendered by dom-extraction: its main content as Markdown, titled, or why it was not indexed. */
async function renderedPage(render: RenderUrl, url: string): Promise<FetchedPage | { why: string }> {
  try {
    const page = await render(url);
    if (page.outcome.kind === 'blocked')
      return { why: `blocked (${page.outcome.reason}): ${page.outcome.detail}` };
    if (page.status >= 400) return { why: `HTTP ${page.status}` };
    const content = page.mainContent;
    if (!content?.text.trim()) return { why: `no main content after rendering (HTTP ${page.status})` };
    const title = (content.title || page.title).trim();
    const markdown =
      /^#\s/.test(content.markdown) || !title ? content.markdown : `# ${title}\n\n${content.markdown}`;
    return { url, content: markdown, type: 'markdown' };
  } catch (err) {
    if (err instanceof RemoteError) return { why: `not rendered: ${err.code}: ${err.message}` };
    return { why: `not rendered: ${err instanceof Error ? err.message : String(err)}` };
  }
}

function decodeXml(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}
