import { describe, expect, it } from '@jest/globals';
import { createRandom, forkRandom, hashString } from './random.js';

describe('seeded random source', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    expect(Array.from({ length: 20 }, () => a.next())).toEqual(Array.from({ length: 20 }, () => b.next()));
  });

  it('gives a different sequence for a different seed', () => {
    expect(createRandom(1).next()).not.toBe(createRandom(2).next());
  });

  it('keeps int() within both inclusive bounds and reaches each of them', () => {
    const random = createRandom(3);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(2, 5)));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it('samples distinct elements', () => {
    const sample = createRandom(4).sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => createRandom(5).pick([])).toThrow(RangeError);
  });

  it('forks independent streams per purpose', () => {
    expect(forkRandom(42, 'wiki').next()).not.toBe(forkRandom(42, 'shop').next());
    expect(forkRandom(42, 'wiki').next()).toBe(forkRandom(42, 'wiki').next());
  });

  it('hashes strings stably (FNV-1a)', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
  });
});
