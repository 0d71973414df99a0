import { crawlOutcomeLabel } from './crawl-outcome.js';

describe('crawlOutcomeLabel', () => {
  it('names each way a crawled page ends', () => {
    expect(crawlOutcomeLabel({ outcome: { kind: 'ok' }, status: 200 })).toBe('ok');
    expect(crawlOutcomeLabel({ outcome: { kind: 'ok' }, status: 404 })).toBe('http_error');
    expect(
      crawlOutcomeLabel({ outcome: { kind: 'blocked', reason: 'robots', detail: 'x' }, status: 0 }),
    ).toBe('blocked_robots');
    expect(crawlOutcomeLabel('failed')).toBe('failed');
  });
});
