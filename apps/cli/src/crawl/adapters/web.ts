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

const USER_AGENT = 'ForageBot/0.1 (+https://github.com/forage; forage crawl)';
const PRODUCT_TOKEN = 'foragebot';

export type Fetched =
  | { readonly ok: true; readonly body: string; readonly type: string; readonly finalUrl: string }
  | { readonly ok: false; readonly why: string };

/** Plain HTTP from the CLI, the way every fetch Forage makes goes: through the egress guard and robots.txt. */
export interface WebClient {
  get(url: string, maxBytes?: number): Promise<Fetched>;
  /** Whether robots.txt lets ForageBot fetch the URL (RFC 9309; read once per origin). */
  allowed(url: URL): Promise<boolean>;
  /** The `Sitemap:` lines of the origin's robots.txt. */
  sitemapsOf(origin: string): Promise<string[]>;
}

/** A WebClient for the origins the user allowed (FORAGE_ALLOW) beside the public web. */
export function webClient(allow: readonly string[], userAgent = USER_AGENT): WebClient {
  const allowlist = parseAllowlist(allow.join(','));
  const robots = new Map<string, Promise<{ policy: RobotsPolicy; body: string }>>();
  const fetchOnce = (url: string, maxBytes: number) =>
    guardedFetch({
      url,
      userAgent,
      allowlist,
      denylist: [],
      resolve: systemResolver,
      timeoutMs: 20_000,
      maxBytes,
      maxRedirects: 5,
    });
  const robotsOf = (origin: string) => {
    let known = robots.get(origin);
    if (!known) {
      known = fetchOnce(`${origin}/robots.txt`, ROBOTS_MAX_BYTES).then((r) => ({
        policy: robotsPolicy(
          r.kind === 'response'
            ? r.status >= 200 && r.status < 300
              ? { kind: 'body', status: r.status, body: r.body, truncated: r.truncated }
              : { kind: 'status', status: r.status }
            : r.kind === 'failed'
              ? { kind: 'unreachable', detail: r.detail }
              : { kind: 'too_many_redirects' },
        ),
        body: r.kind === 'response' && r.status >= 200 && r.status < 300 ? r.body : '',
      }));
      robots.set(origin, known);
    }
    return known;
  };
  return {
    async get(url, maxBytes = 10 * 1024 * 1024) {
      const r = await fetchOnce(url, maxBytes);
      if (r.kind === 'failed') return { ok: false, why: r.detail };
      if (r.kind === 'too_many_redirects') return { ok: false, why: 'too many redirects' };
      if (r.status !== 200) return { ok: false, why: `HTTP ${r.status}` };
      return { ok: true, body: r.body, type: r.headers['content-type'] ?? '', finalUrl: r.url };
    },
    async allowed(url) {
      const { policy } = await robotsOf(url.origin);
      if (policy.kind === 'rules') return decideRobots(rulesFor(policy.file, PRODUCT_TOKEN), url).allowed;
      return policy.kind === 'allow_all';
    },
    async sitemapsOf(origin) {
      const { body } = await robotsOf(origin);
      return [...body.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].flatMap((m) => (m[1] ? [m[1]] : []));
    },
  };
}
