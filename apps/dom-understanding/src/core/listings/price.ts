import { CURRENCY_CODES, CURRENCY_SIGNS } from '@forage/lexicon';

/** A price read from text: the amount as a plain decimal string and the currency when one was written. */
export interface ParsedPrice {
  readonly amount: string;
  readonly currency?: string;
}

/** Signs as the lexicon lists them; in a price field even a sign that is also a word ("Ft", "Rs") is a currency. */
const SYMBOLS: readonly (readonly [string, string])[] = CURRENCY_SIGNS.map((s) => [s.sign, s.code]);
const ISO_CODES = CURRENCY_CODES.join('|');
const ISO = new RegExp(`\\b(${ISO_CODES})\\b`);
const SYMBOL_PATTERN = SYMBOLS.map(([s]) => s.replace(/[.$]/g, (c) => `\\${c}`)).join('|');
/** A number as prices are written: digits with optional thousands groups (, . space ' or no-break space) and decimals. */
const NUMBER = String.raw`\d{1,3}(?:[,.\s\u00a0\u202f'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const WITH_CURRENCY = new RegExp(
  String.raw`(?:(?<!\p{L})(${SYMBOL_PATTERN}|${ISO_CODES})\s?(${NUMBER})(?:[.,](?:-|–))?|(${NUMBER})(?:[.,](?:-|–))?\s?(${SYMBOL_PATTERN}|${ISO_CODES})(?!\p{L}))`,
  'iu',
);
const BARE_NUMBER = new RegExp(String.raw`^\s*(${NUMBER})\s*$`);

/** ISO code for a currency as written on a page ("€", "EUR", "£"), or undefined. */
export function currencyCode(written: string): string | undefined {
  const text = written.trim();
  const iso = ISO.exec(text.toUpperCase());
  if (iso?.[1]) return iso[1];
  return SYMBOLS.find(([s]) => text.toLowerCase().startsWith(s.toLowerCase()))?.[1];
}

/**
 * Reads a decimal amount written in any common locale: "1,299.00", "1.299,00", "1 299,5", "12,99",
 * "1299". A single separator followed by exactly three digits is a thousands separator.
 */
export function normaliseAmount(raw: string): string | undefined {
  const text = raw.replace(/[\s\u00a0\u202f'’]/g, '');
  if (!/^\d[\d.,]*$/.test(text)) return undefined;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let integer = text;
  let fraction = '';
  const last = Math.max(lastDot, lastComma);
  if (last >= 0) {
    const tail = text.slice(last + 1);
    const separator = text.charAt(last);
    const sameSeparatorCount = text.split(separator).length - 1;
    const isDecimal = tail.length !== 3 ? tail.length > 0 : lastDot >= 0 && lastComma >= 0;
    if (isDecimal && !(sameSeparatorCount > 1 && tail.length === 3)) {
      integer = text.slice(0, last);
      fraction = tail;
    }
  }
  integer = integer.replace(/[.,]/g, '');
  if (!/^\d+$/.test(integer) || (fraction !== '' && !/^\d+$/.test(fraction))) return undefined;
  const whole = integer.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** The first price written with a currency in a text ("From €1.299,00 per night"), or undefined. */
export function findPrice(text: string): ParsedPrice | undefined {
  const m = WITH_CURRENCY.exec(text);
  if (!m) return undefined;
  const written = m[1] ?? m[4] ?? '';
  const amount = normaliseAmount(m[2] ?? m[3] ?? '');
  if (amount === undefined) return undefined;
  const currency = currencyCode(written);
  return currency ? { amount, currency } : { amount };
}

/** A price from a machine-readable value ("12.99", 12.99, "1,299.00 EUR"). */
export function parsePriceValue(value: string): ParsedPrice | undefined {
  const bare = BARE_NUMBER.exec(value);
  if (bare?.[1]) {
    // markup values use "." for decimals; a lone "12,99" is still a decimal comma
    const plain = /^\s*\d+\.\d+\s*$/.test(value)
      ? value
          .trim()
          .replace(/^0+(?=\d)/, '')
          .replace(/\.?0+$/, '')
      : normaliseAmount(bare[1]);
    return plain === undefined ? undefined : { amount: plain === '' ? '0' : plain };
  }
  return findPrice(value);
}
