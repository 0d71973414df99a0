import { documentTitle, visibleText } from '@forage/html';
import type { PageDocument } from '../core/rank.js';
import { isAllowedByRobots, parseRobots, type RobotsRules } from '../core/robots.js';

const USER_AGENT = 'ForageBot/0.1 (+https://github.com/forage; local index)';

export class SitemapFetchError extends Error {
  override readonly name = 'SitemapFetchError';
}

/**
 * Builds index documents from sitemaps: reads each sitemap's <loc> URLs, skips what robots.txt
 * disallows, and fetches pages over plain HTTP (what a search engine sees: no JavaScript).
 */
export async function crawlSitemaps(input: {
  sitemaps: readonly string[];
  maxPages: number;
  concurrency: number;
  fetchImpl?: typeof fetch;
}): Promise<PageDocument[]> {
  const fetchImpl = input.fetchImpl ?? fetch;
  const urls: string[] = [];
  const robotsByOrigin = new Map<string, RobotsRules>();
  for (const sitemap of input.sitemaps) {
    const res = await fetchImpl(sitemap, { headers: { 'user-agent': USER_AGENT } });
    if (!res.ok) throw new SitemapFetchError(`sitemap ${sitemap} answered ${res.status}`);
    const xml = await res.text();
    const origin = new URL(sitemap).origin;
    if (!robotsByOrigin.has(origin)) robotsByOrigin.set(origin, await fetchRobots(fetchImpl, origin));
    for (const match of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) if (match[1]) urls.push(match[1]);
  }
  const allowed = urls
    .filter((u) => isAllowedByRobots(robotsByOrigin.get(new URL(u).origin), new URL(u).pathname))
    .slice(0, input.maxPages);
  const docs: PageDocument[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < allowed.length) {
      const url = allowed[next++];
      if (!url) break;
      const res = await fetchImpl(url, { headers: { 'user-agent': USER_AGENT } });
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('html')) continue;
      const html = await res.text();
      docs.push({ id: url, url, title: documentTitle(html), text: visibleText(html) });
    }
  };
  await Promise.all(Array.from({ length: input.concurrency }, worker));
  return docs.sort((a, b) => a.url.localeCompare(b.url));
}

async function fetchRobots(fetchImpl: typeof fetch, origin: string): Promise<RobotsRules> {
  try {
    const res = await fetchImpl(`${origin}/robots.txt`, { headers: { 'user-agent': USER_AGENT } });
    if (res.status >= 500) return { disallowAll: true, disallow: [], allow: [] };
    if (!res.ok) return { disallowAll: false, disallow: [], allow: [] };
    return parseRobots(await res.text());
  } catch {
    return { disallowAll: true, disallow: [], allow: [] };
  }
}
