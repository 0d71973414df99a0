import { describe, expect, it } from '@jest/globals';
import { groupDigits, slugify, usd } from './format.js';

describe('number and name formats', () => {
  it('groups digits in threes with commas', () => {
    expect(groupDigits(1234567)).toBe('1,234,567');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(-1000)).toBe('-1,000');
  });

  it('writes dollar prices with cents only when there are some', () => {
    expect(usd(129)).toBe('$129');
    expect(usd(89.95)).toBe('$89.95');
    expect(usd(1299.5)).toBe('$1,299.50');
  });

  it('turns names into URL slugs', () => {
    expect(slugify('Port Alvena Grand Inn')).toBe('port-alvena-grand-inn');
    expect(slugify('  The Old & New  ')).toBe('the-old-new');
  });
});
