import { crawlProgressLine, formatCrawlBar } from './crawl-progress.js';

const at = { found: 300, done: 120, failed: 3, pending: 176, inFlight: 4, visited: 100, elapsedMs: 25_000 };

describe('crawl progress', () => {
  it('draws done / found, failures, rate and time left on a terminal line', () => {
    expect(formatCrawlBar(at, 10)).toBe('[####······] 120/300 pages · 3 failed · 4.0/s · 45s left');
  });

  it('writes the same moment as a JSON line', () => {
    expect(JSON.parse(crawlProgressLine(at))).toEqual({
      event: 'progress',
      done: 120,
      found: 300,
      failed: 3,
      pending: 176,
      pagesPerSecond: 4,
      secondsLeft: 45,
    });
  });

  it('shows no rate before anything is done', () => {
    expect(formatCrawlBar({ ...at, done: 0, visited: 0 }, 4)).toBe('[····] 0/300 pages · 3 failed');
  });
});
