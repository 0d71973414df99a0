/**
 * A calendar date as an instruction or a page writes it: ISO ("2026-03-14"), with the month's name
 * ("March 14, 2026", "14 March 2026", "Mar 14 2026", "Friday, March 14th, 2026") or in digits when
 * the order is certain ("14/03/2026": 14 is no month; "03/14/2026": 14 is no month). Digits both
 * of which could be the month ("03/04/2026") are not read: which one is meant is not ours to guess.
 */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The months' English names, January first (the month's number is its index + 1). */
export const MONTH_NAMES: readonly string[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The month (1–12) a name or its abbreviation of three letters or more writes ("Sept.", "mar"). */
export function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return undefined;
  const i = MONTH_NAMES.findIndex((m) => m.startsWith(w) && (w.length >= 3 || m === w));
  return i >= 0 ? i + 1 : undefined;
}

function valid(year: number, month: number, day: number): CalendarDate | undefined {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last ? { year, month, day } : undefined;
}

export function readDate(text: string): CalendarDate | undefined {
  const t = text
    .trim()
    .replace(/^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i, '')
    .replace(/(\d)(?:st|nd|rd|th)\b/gi, '$1');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return valid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const monthFirst = /^([A-Za-z]+\.?)\s+(\d{1,2}),?\s+(\d{4})$/.exec(t);
  if (monthFirst?.[1]) {
    const m = monthOf(monthFirst[1]);
    return m ? valid(Number(monthFirst[3]), m, Number(monthFirst[2])) : undefined;
  }
  const dayFirst = /^(\d{1,2})\.?\s+([A-Za-z]+\.?),?\s+(\d{4})$/.exec(t);
  if (dayFirst?.[2]) {
    const m = monthOf(dayFirst[2]);
    return m ? valid(Number(dayFirst[3]), m, Number(dayFirst[1])) : undefined;
  }
  const digits = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(t);
  if (digits) {
    const a = Number(digits[1]);
    const b = Number(digits[2]);
    const y = Number(digits[3]);
    if (a > 12 && b <= 12) return valid(y, b, a);
    if (b > 12 && a <= 12) return valid(y, a, b);
    return undefined;
  }
  return undefined;
}

export const isoDate = (d: CalendarDate): string =>
  `${String(d.year)}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/**
 * The date written in a field's own format, from its placeholder ("mm/dd/yyyy", "DD.MM.YYYY",
 * "yyyy-mm-dd"); ISO when the placeholder shows none.
 */
export function dateInFormat(d: CalendarDate, placeholder: string | undefined): string {
  const p = placeholder?.trim() ?? '';
  if (!/^(?:[dmy]{1,4}[/.\-\s]){2}[dmy]{1,4}$/i.test(p)) return isoDate(d);
  return p.replace(/y{2,4}|m{1,2}|d{1,2}/gi, (part) => {
    const k = part.toLowerCase();
    if (k.startsWith('y')) return k.length === 2 ? String(d.year).slice(-2) : String(d.year);
    const n = k.startsWith('m') ? d.month : d.day;
    return k.length === 2 ? String(n).padStart(2, '0') : String(n);
  });
}

/** Months from one date's month to another's (positive: later). */
export const monthsBetween = (from: CalendarDate, to: CalendarDate): number =>
  (to.year - from.year) * 12 + (to.month - from.month);
