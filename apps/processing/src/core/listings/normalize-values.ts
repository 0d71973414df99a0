/** Normalisation of listing values read from pages: prices, currencies, ratings, dates. */

const CURRENCY_SYMBOLS: ReadonlyMap<string, string> = new Map([
  ['$', 'USD'],
  ['us$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['chf', 'CHF'],
  ['kr', 'SEK'],
]);

/** "$" → USD, "eur" → EUR, "US$" → USD; null for anything that is not a currency. */
export function normalizeCurrency(text: string | undefined): string | null {
  if (!text) return null;
  const t = text.trim().toLowerCase();
  const symbol = CURRENCY_SYMBOLS.get(t);
  if (symbol) return symbol;
  return /^[a-z]{3}$/.test(t) ? t.toUpperCase() : null;
}

/**
 * A price as a number and its currency: "$189" → 189 USD, "1.299,50 €" → 1299.5 EUR,
 * "189.00" → 189 (currency null). Null when there is no number, or it is negative.
 */
export function parsePrice(text: string): { amount: number; currency: string | null } | null {
  const t = text.normalize('NFKC').trim();
  const match = /-?\d[\d.,\s\u00a0\u202f']*/u.exec(t);
  if (!match || match[0].startsWith('-')) return null;
  const amount = parseDecimal(match[0].trim());
  if (amount === null) return null;
  const rest = (t.slice(0, match.index) + ' ' + t.slice(match.index + match[0].length)).trim();
  const symbol = /US\$|[$€£¥₹₩]|\b[A-Z]{3}\b/u.exec(rest)?.[0];
  return { amount, currency: normalizeCurrency(symbol) };
}

/** "1,299.50" and "1.299,50" and "1 299" → 1299.5 / 1299; the last separator followed by 1–2 digits is the decimal point. */
function parseDecimal(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0\u202f']/gu, '');
  const lastSep = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  let normalized: string;
  if (lastSep >= 0 && /^\d{1,2}$/.test(s.slice(lastSep + 1))) {
    normalized = `${s.slice(0, lastSep).replace(/[.,]/g, '')}.${s.slice(lastSep + 1)}`;
  } else normalized = s.replace(/[.,]/g, '');
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

/**
 * A rating on the 0–5 scale: "4.5 stars" → 4.5, "9/10" → 4.5, "4,5" → 4.5, 90% → 4.5.
 * Null when there is no number or it does not fit a known scale.
 */
export function parseRating(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 && value <= 5 ? value : null;
  const t = value.normalize('NFKC').replace(',', '.');
  const outOf = /(\d+(?:\.\d+)?)\s*(?:\/|out of|of)\s*(\d+)/iu.exec(t);
  if (outOf) {
    const score = Number(outOf[1]);
    const scale = Number(outOf[2]);
    return scale > 0 && score <= scale ? round2((score / scale) * 5) : null;
  }
  const percent = /(\d+(?:\.\d+)?)\s*%/u.exec(t);
  if (percent) {
    const p = Number(percent[1]);
    return p <= 100 ? round2(p / 20) : null;
  }
  const stars = (t.match(/★/gu) ?? []).length;
  const number = /\d+(?:\.\d+)?/u.exec(t);
  if (!number) return stars > 0 && stars <= 5 ? stars : null;
  const n = Number(number[0]);
  return n >= 0 && n <= 5 ? n : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date to ISO 8601: "2024-03-01T…" → 2024-03-01, "1 March 2024" / "March 1, 2024" → 2024-03-01,
 * "March 2024" → 2024-03, "2024" → 2024. Null when no date can be read.
 */
export function parseDate(text: string): string | null {
  const t = text.normalize('NFKC').trim();
  const iso = /\b(\d{4})-(\d{2})(?:-(\d{2}))?/u.exec(t);
  if (iso) return valid(iso[1], iso[2], iso[3]);
  const dmy = /\b(\d{1,2})\s+([A-Za-z]{3,})\.?,?\s+(\d{4})\b/u.exec(t);
  if (dmy) return valid(dmy[3], monthOf(dmy[2]), dmy[1]);
  const mdy = /\b([A-Za-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/u.exec(t);
  if (mdy) return valid(mdy[3], monthOf(mdy[1]), mdy[2]);
  const my = /\b([A-Za-z]{3,})\.?\s+(\d{4})\b/u.exec(t);
  if (my && monthOf(my[1])) return valid(my[2], monthOf(my[1]));
  const slash = /\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/u.exec(t);
  if (slash) return valid(slash[1], slash[2], slash[3]);
  const year = /\b(1[5-9]\d{2}|20\d{2})\b/u.exec(t);
  return year?.[1] ?? null;
}

function monthOf(name: string | undefined): string | undefined {
  const i = MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase());
  return i >= 0 ? String(i + 1) : undefined;
}

function valid(year?: string, month?: string, day?: string): string | null {
  const y = Number(year);
  const m = Number(month);
  if (!year || !month || !Number.isInteger(m) || m < 1 || m > 12) return null;
  const ym = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
  if (day === undefined) return ym;
  const d = Number(day);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d >= 1 && d <= days ? `${ym}-${String(d).padStart(2, '0')}` : null;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
