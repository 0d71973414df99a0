import { documentTitle, visibleText } from '@forage/html';
import {
  decideRobots,
  guardedFetch,
  robotsPolicy,
  rulesFor,
  ROBOTS_MAX_BYTES,
  type AllowRule,
  type Resolver,
  type RobotsPolicy,
} from '@forage/egress';
import type { LocalDocument } from '../core/local-document.js';

const USER_AGENT = 'ForageBot/0.1 (+https://github.com/forage; local index)';
const PRODUCT_TOKEN = 'foragebot';

export class SitemapFetchError extends Error {
  override readonly name = 'SitemapFetchError';
}

export interface CrawlPolicy {
  readonly allowlist: readonly AllowRule[];
  readonly denylist: readonly string[];
  readonly resolve: Resolver;
  readonly timeoutMs: number;
}

/**
 * Builds index documents from sitemaps: reads each sitemap's <loc> URLs, skips what robots.txt
 * disallows (RFC 9309, @forage/egress), and fetches pages through the egress guard (no plain
 * fetch: the same address policy, pins and denylist as the browser; redirects judged per hop).
 */
export async function crawlSitemaps(input: {
  sitemaps: readonly string[];
  maxPages: number;
  concurrency: number;
  policy: CrawlPolicy;
}): Promise<LocalDocument[]> {
  const get = (url: string, maxBytes: number) =>
    guardedFetch({ url, userAgent: USER_AGENT, ...input.policy, maxBytes, maxRedirects: 5 });
  const urls: string[] = [];
  const robots = new Map<string, RobotsPolicy>();
  for (const sitemap of input.sitemaps) {
    const res = await get(sitemap, 20 * 1024 * 1024);
    if (res.kind !== 'response' || res.status !== 200)
      throw new SitemapFetchError(
        `sitemap ${sitemap}: ${res.kind === 'response' ? `HTTP ${res.status}` : res.kind === 'failed' ? res.detail : 'too many redirects'}`,
      );
    const origin = new URL(sitemap).origin;
    if (!robots.has(origin)) {
      const r = await get(`${origin}/robots.txt`, ROBOTS_MAX_BYTES);
      robots.set(
        origin,
        robotsPolicy(
          r.kind === 'response'
            ? r.status >= 200 && r.status < 300
              ? { kind: 'body', status: r.status, body: r.body, truncated: r.truncated }
              : { kind: 'status', status: r.status }
            : r.kind === 'failed'
              ? { kind: 'unreachable', detail: r.detail }
              : { kind: 'too_many_redirects' },
        ),
      );
    }
    for (const match of res.body.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) if (match[1]) urls.push(match[1]);
  }
  const allowed = urls
    .filter((u) => allowedByRobots(robots.get(new URL(u).origin), new URL(u)))
    .slice(0, input.maxPages);
  const docs: LocalDocument[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < allowed.length) {
      const url = allowed[next++];
      if (!url) break;
      const res = await get(url, 5 * 1024 * 1024);
      if (
        res.kind !== 'response' ||
        res.status !== 200 ||
        !(res.headers['content-type'] ?? '').includes('html')
      )
        continue;
      docs.push({ id: url, url, title: documentTitle(res.body), text: visibleText(res.body) });
    }
  };
  await Promise.all(Array.from({ length: input.concurrency }, worker));
  return docs.sort((a, b) => a.url.localeCompare(b.url));
}

export function allowedByRobots(policy: RobotsPolicy | undefined, url: URL): boolean {
  if (!policy || policy.kind === 'allow_all') return true;
  if (policy.kind === 'disallow_all') return false;
  return decideRobots(rulesFor(policy.file, PRODUCT_TOKEN), url).allowed;
}
