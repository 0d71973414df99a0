const SCALE: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  tn: 1e12,
};

/** The first number in a text ("2,124,062", "$1.3 billion", "3.5 %"), scaled by its word; undefined when none. */
export function numberIn(text: string): number | undefined {
  const m =
    /(-?\d{1,3}(?:[,\u202f\u00a0 ]\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s*(thousand|million|billion|trillion|bn|mn|tn|k|m|b)?\b/i.exec(
      text,
    );
  if (!m?.[1]) return undefined;
  const value = Number(m[1].replace(/[,\u202f\u00a0 ]/g, ''));
  if (!Number.isFinite(value)) return undefined;
  const scale = m[2] ? (SCALE[m[2].toLowerCase()] ?? 1) : 1;
  return value * scale;
}

/** A price in a text: the number after a currency sign or before a currency code. */
export function priceIn(text: string): number | undefined {
  const m =
    /(?:[$€£]\s?(\d[\d,]*(?:\.\d+)?))|(?:(\d[\d,]*(?:\.\d+)?)\s?(?:usd|eur|gbp|dollars?|euros?)\b)/i.exec(
      text,
    );
  const raw = m?.[1] ?? m?.[2];
  return raw ? Number(raw.replace(/,/g, '')) : undefined;
}

/** A rating out of five ("4.5 / 5", "rated 4.5", "4 stars"). */
export function ratingIn(text: string): number | undefined {
  const m =
    /(\d(?:\.\d)?)\s*(?:\/\s*5|out of 5)\b/i.exec(text) ??
    /\brat(?:ed|ing)\s*(?::\s*)?(\d(?:\.\d)?)\b/i.exec(text);
  return m?.[1] ? Number(m[1]) : undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date in a text as a number that sorts like the date ("4 August 1961" → 1961.59…, "1888" →
 * 1888): the year (three or four digits, optionally "BC"), then the month by name and the day
 * beside it when given. Undefined when the text holds no year.
 */
export function dateValueIn(text: string): number | undefined {
  const year = /\b(\d{3,4})(?:\s*(BC|BCE)\b)?/i.exec(text);
  if (!year?.[1]) return undefined;
  const y = Number(year[1]) * (year[2] ? -1 : 1);
  const month = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.exec(text);
  if (!month?.[1]) return y;
  const m = MONTHS.indexOf(month[1].toLowerCase());
  const name = month[0];
  const before = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${name}\\b`, 'i').exec(text)?.[1];
  const after = new RegExp(`\\b${name}\\.?\\s+(\\d{1,2})\\b(?!\\d)`, 'i').exec(text)?.[1];
  const d = Math.min(Number(before ?? after ?? 1), 31);
  return y + (m * 31 + d - 1) / (12 * 31);
}
