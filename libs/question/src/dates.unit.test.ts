import { dateInFormat, isoDate, monthsBetween, readDate } from './dates.js';

describe('readDate', () => {
  it.each([
    ['2026-03-14', '2026-03-14'],
    ['March 14, 2026', '2026-03-14'],
    ['march 14 2026', '2026-03-14'],
    ['Mar. 14, 2026', '2026-03-14'],
    ['14 March 2026', '2026-03-14'],
    ['14. März 2026', undefined],
    ['Friday, March 14th, 2026', '2026-03-14'],
    ['Sep 1st, 2027', '2027-09-01'],
    ['14/03/2026', '2026-03-14'],
    ['03/14/2026', '2026-03-14'],
    ['14.03.2026', '2026-03-14'],
    ['03/04/2026', undefined],
    ['February 30, 2026', undefined],
    ['2026-13-01', undefined],
    ['May', undefined],
    ['Ma 14, 2026', undefined],
    ['14', undefined],
  ])('%s → %s', (text, iso) => {
    const d = readDate(text);
    expect(d ? isoDate(d) : undefined).toBe(iso);
  });
});

describe('dateInFormat', () => {
  const d = { year: 2026, month: 3, day: 4 };
  it.each([
    ['mm/dd/yyyy', '03/04/2026'],
    ['DD.MM.YYYY', '04.03.2026'],
    ['yyyy-mm-dd', '2026-03-04'],
    ['d/m/yy', '4/3/26'],
    ['Select a date', '2026-03-04'],
    [undefined, '2026-03-04'],
  ])('%s → %s', (placeholder, written) => {
    expect(dateInFormat(d, placeholder)).toBe(written);
  });

  it('counts months across years', () => {
    expect(monthsBetween({ year: 2026, month: 11, day: 1 }, { year: 2027, month: 2, day: 9 })).toBe(3);
    expect(monthsBetween({ year: 2027, month: 2, day: 1 }, { year: 2026, month: 12, day: 31 })).toBe(-2);
  });
});
