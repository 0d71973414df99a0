import { CrawlBoard, CrawlLimitError, crawlViewOf, isAbandoned } from './crawl-board.js';

const limits = { maxRunning: 3, maxPerOwner: 2, maxPages: 500, concurrency: 4 };

describe('CrawlBoard', () => {
  it('bounds running crawls per key and overall, and frees a place when one ends', () => {
    const board = new CrawlBoard(limits);
    board.start('a', 'k1');
    board.start('b', 'k1');
    expect(() => {
      board.admit('k1');
    }).toThrow(CrawlLimitError);
    expect(() => {
      board.admit('k1');
    }).toThrow(/this key has 2 crawls running/);
    board.admit('k2');
    board.start('c', 'k2');
    expect(() => {
      board.admit('k3');
    }).toThrow(/all 3 crawls are running/);
    board.end('a');
    expect(() => {
      board.admit('k1');
    }).not.toThrow();
  });

  it('stops a crawl running here through its signal, and knows one it does not run', () => {
    const board = new CrawlBoard(limits);
    const stop = board.start('a', null);
    expect(board.stop('elsewhere')).toBe(false);
    expect(board.stop('a')).toBe(true);
    expect(stop.signal.aborted).toBe(true);
  });

  it('runs the shared loop with the body’s scope, the page limit capped, by links only', () => {
    const board = new CrawlBoard(limits);
    expect(
      board.optionsOf({
        url: 'http://site.test/',
        depth: 3,
        maxPages: 10_000,
        include: ['/docs/*'],
        exclude: [],
        sameSite: true,
      }),
    ).toEqual({
      root: 'http://site.test/',
      maxDepth: 3,
      maxPages: 500,
      include: ['/docs/*'],
      exclude: [],
      sameSite: true,
      concurrency: 4,
      sitemaps: false,
    });
  });
});

describe('isAbandoned', () => {
  const lease = { now: 100_000, leaseMs: 15_000 };
  it('is true for a running or queued crawl whose runner let its lease expire, or that was handed over', () => {
    expect(isAbandoned({ status: 'running', heartbeatAt: 80_000 }, lease)).toBe(true);
    expect(isAbandoned({ status: 'queued', heartbeatAt: 80_000 }, lease)).toBe(true);
    expect(isAbandoned({ status: 'running' }, lease)).toBe(true);
  });
  it('is false while the lease holds, and for a crawl that ended', () => {
    expect(isAbandoned({ status: 'running', heartbeatAt: 90_000 }, lease)).toBe(false);
    for (const status of ['done', 'cancelled', 'failed'] as const)
      expect(isAbandoned({ status, heartbeatAt: 0 }, lease)).toBe(false);
  });
});

describe('crawlViewOf', () => {
  it('shows the record’s public part (never its owner or runner) and numbers the pages', () => {
    const view = crawlViewOf({
      record: {
        crawlId: '6f1c1f9e-3b1a-4a57-9d4f-2d2f5e0b7a11',
        request: { url: 'http://site.test/', depth: 2, maxPages: 100 },
        status: 'running',
        resumed: 1,
        progress: { found: 3, done: 1, failed: 0, pending: 2 },
        createdAt: '2026-12-01T00:00:00.000Z',
        updatedAt: '2026-12-01T00:00:01.000Z',
        ...{ owner: 'key-1', runner: 'gw-1' },
      },
      pages: [{ n: 0, page: { url: 'http://site.test/', status: 'ok', depth: 0, fetchedAt: 'now' } }],
    });
    expect(view).not.toHaveProperty('owner');
    expect(view).not.toHaveProperty('runner');
    expect(view.pages).toEqual([
      { n: 0, url: 'http://site.test/', status: 'ok', depth: 0, fetchedAt: 'now' },
    ]);
    expect(view).toMatchObject({ url: 'http://site.test/', depth: 2, maxPages: 100, resumed: 1 });
  });
});
