import type { PageLink } from './page-structure.js';
import { SiteFrontier, termsOf } from './site-frontier.js';

const link = (url: string, text: string, extra: Partial<PageLink> = {}): PageLink => ({
  url,
  text,
  context: '',
  next: false,
  chrome: false,
  ...extra,
});

describe('per-site link queue', () => {
  const task = termsOf('cheapest hotel in Besby');

  it('queues relevant same-site links best first, skips other sites, weak leads and visited pages', () => {
    const f = new SiteFrontier('http://h.test', 5);
    const added = f.offer({
      links: [
        link('http://h.test/a', 'Hotels in Besby'),
        link('http://h.test/b', 'Besby'),
        link('http://other.test/c', 'Hotels in Besby'),
        link('http://h.test/d', 'Privacy'),
        link('http://h.test/seen', 'Besby hotels'),
      ],
      from: 'http://h.test/',
      task,
      visited: new Set(['http://h.test/seen']),
    });
    expect(added).toBe(2);
    expect(f.best(new Set())?.url).toBe('http://h.test/a');
  });

  it('keeps the best words for a page linked twice', () => {
    const f = new SiteFrontier('http://h.test', 5);
    f.offer({
      links: [link('http://h.test/s', 'Besby'), link('http://h.test/s', 'All hotels in Besby')],
      from: 'http://h.test/x',
      task,
      visited: new Set(),
    });
    expect(f.peek().map((l) => l.text)).toEqual(['All hotels in Besby']);
  });

  it('stops giving links at the per-site page limit', () => {
    const f = new SiteFrontier('http://h.test', 1);
    f.offer({
      links: [link('http://h.test/a', 'Hotels in Besby')],
      from: 'http://h.test/',
      task,
      visited: new Set(),
    });
    f.markRead();
    expect(f.best(new Set())).toBeUndefined();
  });

  it("backtracks: dropping a dead branch returns the queue to its parent's links, pagination kept", () => {
    const f = new SiteFrontier('http://h.test', 5);
    f.offer({
      links: [link('http://h.test/p2', 'Besby hotels')],
      from: 'http://h.test/',
      task,
      visited: new Set(),
    });
    f.offer({
      links: [
        link('http://h.test/deep', 'Besby hotel archive'),
        link('http://h.test/list?page=2', 'Next', { next: true }),
      ],
      from: 'http://h.test/dead',
      task,
      visited: new Set(),
    });
    expect(f.dropBranch('http://h.test/dead')).toBe(1);
    expect(
      f
        .peek()
        .map((l) => l.url)
        .sort(),
    ).toEqual(['http://h.test/list?page=2', 'http://h.test/p2']);
  });

  it('comes back from a checkpoint as it was: queue, pages read, and no link queued twice', () => {
    const f = new SiteFrontier('http://h.test', 2);
    f.offer({
      links: [link('http://h.test/a', 'Hotels in Besby'), link('http://h.test/b', 'Besby')],
      from: 'http://h.test/',
      task,
      visited: new Set(),
    });
    f.markRead();
    const restored = SiteFrontier.restore(
      JSON.parse(JSON.stringify(f.snapshot())) as ReturnType<SiteFrontier['snapshot']>,
      2,
    );
    expect(restored.peek()).toEqual(f.peek());
    expect(restored.read).toBe(1);
    expect(
      restored.offer({
        links: [link('http://h.test/a', 'Hotels in Besby')],
        from: 'http://h.test/x',
        task,
        visited: new Set(),
      }),
    ).toBe(0);
    restored.markRead();
    expect(restored.best(new Set())).toBeUndefined();
  });
});
