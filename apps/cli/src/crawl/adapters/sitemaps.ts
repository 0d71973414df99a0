import { parseSitemap } from '@forage/crawl';
import type { WebClient } from './web.js';

/** Sitemap files read at most per site (an index of indexes stops there). */
const MAX_SITEMAP_FILES = 50;

/**
 * The pages a site lists in its sitemaps: those named by its robots.txt, else `/sitemap.xml`,
 * following sitemap indexes, up to `max` URLs. A sitemap that cannot be read is skipped with a note.
 */
export async function sitemapUrls(input: {
  web: WebClient;
  root: string;
  max: number;
  note?: (line: string) => void;
}): Promise<string[]> {
  const origin = new URL(input.root).origin;
  const named = await input.web.sitemapsOf(origin);
  const queue = named.length > 0 ? [...named] : [`${origin}/sitemap.xml`];
  const read = new Set<string>();
  const pages = new Set<string>();
  while (queue.length > 0 && read.size < MAX_SITEMAP_FILES && pages.size < input.max) {
    const file = queue.shift();
    if (!file || read.has(file)) continue;
    read.add(file);
    const got = await input.web.get(file);
    if (!got.ok) {
      if (named.length > 0) input.note?.(`sitemap ${file}: ${got.why}`);
      continue;
    }
    const content = parseSitemap(got.body);
    if (content.kind === 'index') queue.push(...content.locations);
    else for (const loc of content.locations) if (pages.size < input.max) pages.add(loc);
  }
  return [...pages];
}
