import { readLinks } from '@forage/html';
import { Frontier, scopeOf, type CrawlScope, type FoundUrl } from '@forage/crawl';
import { sitemapUrls } from './adapters/sitemaps.js';
import type { WebClient } from './adapters/web.js';

export interface MapOptions extends CrawlScope {
  readonly maxDepth: number;
  readonly maxPages: number;
  readonly concurrency: number;
  readonly sitemaps: boolean;
}

/** One URL of a site's map: how it was found, and whether robots.txt lets it be fetched. */
export interface MappedUrl {
  readonly url: string;
  readonly depth: number;
  readonly source: 'start' | 'sitemap' | 'link';
  readonly allowed: boolean;
}

/**
 * A site's URLs from its sitemaps and its links, fetched as plain HTML through the egress guard
 * (no rendering: fast), breadth first within scope, depth and the URL limit. A URL robots.txt
 * disallows is listed (marked) but never fetched.
 */
export async function mapSite(input: {
  options: MapOptions;
  web: WebClient;
  note?: (line: string) => void;
}): Promise<MappedUrl[]> {
  const { options, web } = input;
  const frontier = new Frontier(options, scopeOf(options));
  const mapped = new Map<string, MappedUrl>();
  const admit = (found: readonly FoundUrl[], source: MappedUrl['source']): void => {
    for (const f of frontier.offer(found))
      mapped.set(f.url, { url: f.url, depth: f.depth, source, allowed: true });
  };
  admit([{ url: options.root, depth: 0 }], 'start');
  if (options.sitemaps) {
    const listed = await sitemapUrls({
      web,
      root: options.root,
      max: options.maxPages,
      ...(input.note ? { note: input.note } : {}),
    });
    admit(
      listed.map((url) => ({ url, depth: 1, from: 'sitemap' })),
      'sitemap',
    );
  }
  const visit = async (f: FoundUrl): Promise<void> => {
    if (!(await web.allowed(new URL(f.url)))) {
      const known = mapped.get(f.url);
      if (known) mapped.set(f.url, { ...known, allowed: false });
      return;
    }
    if (f.depth >= options.maxDepth) return;
    const got = await web.get(f.url);
    if (!got.ok || !/html/i.test(got.type)) return;
    admit(
      readLinks(got.body, got.finalUrl).map((url) => ({ url, depth: f.depth + 1, from: f.url })),
      'link',
    );
  };
  const worker = async (): Promise<void> => {
    for (let next = frontier.take(); next; next = frontier.take()) {
      try {
        await visit(next);
      } finally {
        frontier.finish(next.url, false);
      }
    }
  };
  // workers end when nothing is waiting; pages still under way may admit more, so go round again
  while (!frontier.finished || frontier.counts().pending > 0)
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, () => worker()));
  return [...mapped.values()];
}
