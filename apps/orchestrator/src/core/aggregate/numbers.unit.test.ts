import { dateValueIn, numberIn } from './numbers.js';

describe('numbers and dates in answer texts', () => {
  it('reads numbers with their scale words', () => {
    expect(numberIn('2,124,062 inhabitants')).toBe(2_124_062);
    expect(numberIn('$1.3 billion')).toBe(1.3e9);
    expect(numberIn('no number here')).toBeUndefined();
  });

  it('orders dates by year, month and day, whichever way round the day is written', () => {
    const richardson = dateValueIn('born August 14, 1965');
    const morton = dateValueIn('(born October 8, 1970)');
    expect(richardson).toBeLessThan(morton ?? 0);
    expect(dateValueIn('4 August 1961')).toBeLessThan(dateValueIn('5 August 1961') ?? 0);
    expect(dateValueIn('31 December 1961')).toBeLessThan(dateValueIn('1 January 1962') ?? 0);
    expect(dateValueIn('14th March 1879')).toBeCloseTo(dateValueIn('March 14, 1879') ?? 0, 6);
  });

  it('reads a bare year, a year BC, and nothing without a year', () => {
    expect(dateValueIn('founded in 1888')).toBe(1888);
    expect(dateValueIn('c. 753 BC')).toBe(-753);
    expect(dateValueIn('in August')).toBeUndefined();
  });

  it('does not take the day for the year, as the first number would be', () => {
    expect(numberIn('4 August 1961')).toBe(4);
    expect(Math.floor(dateValueIn('4 August 1961') ?? 0)).toBe(1961);
  });
});
