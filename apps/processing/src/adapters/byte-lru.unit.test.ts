import { ByteLru } from './byte-lru.js';

describe('ByteLru', () => {
  it('evicts the least recently used entries once the byte bound is passed', () => {
    const lru = new ByteLru<string, number>(10);
    lru.set('a', 1, 4);
    lru.set('b', 2, 4);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3, 4);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.bytes).toBe(8);
  });

  it('does not keep a value larger than the whole cache, and replaces a key in place', () => {
    const lru = new ByteLru<string, string>(10);
    lru.set('big', 'x', 11);
    expect(lru.size).toBe(0);
    lru.set('k', 'one', 3);
    lru.set('k', 'two', 5);
    expect(lru.get('k')).toBe('two');
    expect(lru.bytes).toBe(5);
  });
});
