import { formatDuration } from '../../cli/progress.js';
import type { FrontierCounts } from '@forage/crawl';

/** A crawl's progress at one moment: the frontier's counts and how fast this run is going. */
export interface CrawlProgress extends FrontierCounts {
  /** Pages finished by this run, over `elapsedMs`. */
  readonly visited: number;
  readonly elapsedMs: number;
}

function rateOf(p: CrawlProgress): number {
  return p.elapsedMs > 0 ? p.visited / (p.elapsedMs / 1000) : 0;
}

/** `[#####·····] 120/300 pages · 3 failed · 4.2/s · 43s left` for a terminal line. */
export function formatCrawlBar(p: CrawlProgress, width = 20): string {
  const fraction = p.found > 0 ? p.done / p.found : 0;
  const filled = Math.min(width, Math.round(fraction * width));
  const rate = rateOf(p);
  const parts = [`[${'#'.repeat(filled)}${'·'.repeat(width - filled)}] ${p.done}/${p.found} pages`];
  parts.push(`${p.failed} failed`);
  if (rate > 0) {
    parts.push(`${rate >= 10 ? Math.round(rate) : rate.toFixed(1)}/s`);
    const left = p.found - p.done;
    if (left > 0) parts.push(`${formatDuration((left / rate) * 1000)} left`);
  }
  return parts.join(' · ');
}

/** The same moment as one JSON line, for logs and scripts. */
export function crawlProgressLine(p: CrawlProgress): string {
  const rate = rateOf(p);
  const left = p.found - p.done;
  return JSON.stringify({
    event: 'progress',
    done: p.done,
    found: p.found,
    failed: p.failed,
    pending: p.pending,
    pagesPerSecond: Math.round(rate * 100) / 100,
    ...(rate > 0 && left > 0 ? { secondsLeft: Math.round(left / rate) } : {}),
  });
}
