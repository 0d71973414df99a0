import { Frontier, type FoundUrl } from './frontier.js';
import { scopeOf } from './scope.js';

const root = 'http://site.test/';
const scope = scopeOf({ root, sameSite: false, include: [], exclude: ['/private/*'] });
const at = (path: string, depth: number): FoundUrl => ({ url: `http://site.test${path}`, depth });

describe('Frontier', () => {
  it('admits each URL once, in scope and within depth and the page limit', () => {
    const f = new Frontier({ maxDepth: 1, maxPages: 4 }, scope);
    expect(f.offer([{ url: root, depth: 0 }])).toHaveLength(1);
    const admitted = f.offer([
      at('/a', 1),
      at('/a', 1),
      at('/private/x', 1),
      at('/deep', 2),
      { url: 'http://elsewhere.test/', depth: 1 },
      at('/b', 1),
      at('/c', 1),
      at('/d', 1),
    ]);
    expect(admitted.map((a) => a.url)).toEqual([
      'http://site.test/a',
      'http://site.test/b',
      'http://site.test/c',
    ]);
    expect(f.counts().found).toBe(4);
  });

  it('visits breadth first and is finished once every taken page is finished', () => {
    const f = new Frontier({ maxDepth: 3, maxPages: 100 }, scope);
    f.offer([{ url: root, depth: 0 }]);
    const first = f.take();
    expect(first?.url).toBe(root);
    f.offer([at('/a', 1), at('/b', 1)]);
    f.finish(root, false);
    const a = f.take();
    f.offer([at('/a/deep', 2)]);
    const b = f.take();
    expect([a?.url, b?.url]).toEqual(['http://site.test/a', 'http://site.test/b']);
    expect(f.finished).toBe(false);
    f.finish('http://site.test/a', false);
    f.finish('http://site.test/b', true);
    expect(f.take()?.url).toBe('http://site.test/a/deep');
    f.finish('http://site.test/a/deep', false);
    expect(f.take()).toBeUndefined();
    expect(f.finished).toBe(true);
    expect(f.counts()).toEqual({ found: 4, done: 4, failed: 1, pending: 0, inFlight: 0 });
  });

  it('resumes from its journal: finished pages are never taken again, unfinished ones are', () => {
    const first = new Frontier({ maxDepth: 2, maxPages: 100 }, scope);
    const journal = [
      ...first.offer([{ url: root, depth: 0 }]),
      ...first.offer([at('/a', 1), at('/b', 1), at('/c', 1)]),
    ];
    const resumed = new Frontier({ maxDepth: 2, maxPages: 100 }, scope);
    resumed.restore(journal, [
      { url: root, failed: false },
      { url: 'http://site.test/a', finalUrl: 'http://site.test/a-moved', failed: false },
    ]);
    const taken: string[] = [];
    for (let next = resumed.take(); next; next = resumed.take()) taken.push(next.url);
    expect(taken).toEqual(['http://site.test/b', 'http://site.test/c']);
    // neither an admitted URL nor where one redirected to is admitted again
    expect(resumed.offer([at('/a', 1), at('/a-moved', 2), at('/e', 1)]).map((f) => f.url)).toEqual([
      'http://site.test/e',
    ]);
  });

  it('gives a page not yet visited the shorter depth when it is found nearer the start, also on resume', () => {
    const f = new Frontier({ maxDepth: 2, maxPages: 100 }, scope);
    f.offer([{ url: root, depth: 0 }]);
    f.offer([at('/side', 1)]);
    f.take();
    f.take();
    // the side page finished first and found the section two links away...
    expect(f.offer([at('/section', 2)])).toHaveLength(1);
    // ...then the start page finished and found it one link away
    expect(f.offer([at('/section', 1), at('/side', 1)])).toEqual([at('/section', 1)]);
    expect(f.depthOf('http://site.test/section')).toBe(1);
    expect(f.take()).toEqual(at('/section', 1));
    expect(f.take()).toBeUndefined();
    const resumed = new Frontier({ maxDepth: 2, maxPages: 100 }, scope);
    resumed.restore(
      [{ url: root, depth: 0 }, at('/section', 2), at('/section', 1)],
      [{ url: root, failed: false }],
    );
    expect(resumed.depthOf('http://site.test/section')).toBe(1);
  });

  it('takes no page while one two links nearer the start is under way: it could still be found nearer, with its links followed', () => {
    const f = new Frontier({ maxDepth: 2, maxPages: 100 }, scope);
    f.offer([{ url: root, depth: 0 }, at('/listed', 1)]);
    expect(f.take()?.url).toBe(root);
    // a page one link away goes on while the start page is under way
    expect(f.take()?.url).toBe('http://site.test/listed');
    f.offer([at('/section', 2)]);
    f.finish('http://site.test/listed', false);
    // the section waits: visited now at the depth limit, its own links would be lost
    expect(f.take()).toBeUndefined();
    expect(f.finished).toBe(false);
    f.offer([at('/section', 1), at('/other', 1)]);
    f.finish(root, false);
    expect(f.take()).toEqual(at('/section', 1));
    expect(f.take()).toEqual(at('/other', 1));
    // pages one link nearer cannot shorten a page's depth: levels overlap
    f.offer([at('/section/item', 2)]);
    expect(f.take()).toEqual(at('/section/item', 2));
  });

  it('puts a page back when the crawl stops before visiting it', () => {
    const f = new Frontier({ maxDepth: 1, maxPages: 10 }, scope);
    f.offer([{ url: root, depth: 0 }]);
    const taken = f.take();
    expect(f.take()).toBeUndefined();
    f.release(taken?.url ?? '');
    expect(f.take()?.url).toBe(root);
  });
});
