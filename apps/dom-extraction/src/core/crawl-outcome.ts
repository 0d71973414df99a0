import type { PageOutcome } from './page-outcome.js';

/**
 * How a page rendered for a crawl ended, as a metric label: `ok`, `blocked_<reason>` (a wall,
 * robots.txt, the egress policy), `http_error` (4xx/5xx that is no wall), or `failed` (not rendered).
 */
export function crawlOutcomeLabel(page: { outcome: PageOutcome; status: number } | 'failed'): string {
  if (page === 'failed') return 'failed';
  if (page.outcome.kind === 'blocked') return `blocked_${page.outcome.reason}`;
  return page.status >= 400 ? 'http_error' : 'ok';
}
