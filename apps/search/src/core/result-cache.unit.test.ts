import { ResultCache } from './result-cache.js';

describe('ResultCache', () => {
  it('serves within the TTL, expires after it, and counts hits and misses', () => {
    let now = 0;
    const cache = new ResultCache<string>(1_000, 10, () => now);
    expect(cache.get('q')).toBeUndefined();
    cache.set('q', 'answer');
    now = 999;
    expect(cache.get('q')).toBe('answer');
    now = 1_000;
    expect(cache.get('q')).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('evicts the oldest entry beyond its size', () => {
    const cache = new ResultCache<number>(1_000, 2, () => 0);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
  });

  it('stores nothing with a TTL of 0', () => {
    const cache = new ResultCache<number>(0, 2, () => 0);
    cache.set('a', 1);
    expect(cache.size).toBe(0);
  });
});
