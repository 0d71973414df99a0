/** Which URLs a crawl may visit: the start page's origin (or its whole site), narrowed by patterns. */
export interface CrawlScope {
  /** The page the crawl starts from. */
  readonly root: string;
  /** Also visit the site's other hosts (`shop.example.org` from `www.example.org`), not only the start page's origin. */
  readonly sameSite: boolean;
  /** Only URLs matching one of these (when any are given). */
  readonly include: readonly string[];
  /** Never URLs matching one of these. */
  readonly exclude: readonly string[];
}

export type ScopeVerdict = { readonly in: true } | { readonly in: false; readonly why: string };

/**
 * A pattern as the user writes it: `/regex/` is a regular expression; anything else is a glob
 * where `*` matches any run of characters. A pattern starting with `http` is matched against the
 * whole URL, any other against its path and query (`/blog/*`, `*.pdf`).
 */
export function compilePattern(pattern: string): { test: (url: URL) => boolean } {
  const whole = /^https?:/i.test(pattern);
  const regex =
    pattern.length > 2 && pattern.startsWith('/') && pattern.endsWith('/')
      ? new RegExp(pattern.slice(1, -1))
      : new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
  return { test: (url) => regex.test(whole ? url.href : `${url.pathname}${url.search}`) };
}

/** Decides scope for many URLs with the patterns compiled once. */
export function scopeOf(scope: CrawlScope): (url: string) => ScopeVerdict {
  const root = new URL(scope.root);
  const site = siteOf(root.hostname);
  const include = scope.include.map(compilePattern);
  const exclude = scope.exclude.map(compilePattern);
  return (href) => {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return { in: false, why: 'not a URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { in: false, why: 'not http(s)' };
    if (scope.sameSite) {
      if (url.protocol !== root.protocol || !onSite(url.hostname, site))
        return { in: false, why: 'another site' };
    } else if (url.origin !== root.origin) return { in: false, why: 'another origin' };
    // the start page is always crawled: the patterns narrow what it leads to
    if (url.href === root.href) return { in: true };
    if (exclude.some((p) => p.test(url))) return { in: false, why: 'excluded' };
    if (include.length > 0 && !include.some((p) => p.test(url))) return { in: false, why: 'not included' };
    return { in: true };
  };
}

/** A host without its `www.` prefix: the part its sibling hosts share. */
function siteOf(hostname: string): string {
  return hostname.replace(/^www\./i, '').toLowerCase();
}

function onSite(hostname: string, site: string): boolean {
  const host = hostname.toLowerCase();
  return host === site || host.endsWith(`.${site}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
