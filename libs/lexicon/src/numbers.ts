import { escapeRegExp } from './regexp.js';
import { CURRENCY_CODES, CURRENCY_NAMES, CURRENCY_SIGNS, WORD_LIKE_CODES } from './currencies.js';

/** A number read from page text, with the currency or unit written next to it. */
export interface NumberMention {
  readonly amount: number;
  /** The characters it was read from. */
  readonly raw: string;
  readonly index: number;
  /** ISO 4217 code, when a symbol or code stands beside the number. */
  readonly currency?: string;
  /** A unit written right after the number (lower case: `km²`, `kg`, `m`, `%`). */
  readonly unit?: string;
  /**
   * The other reading of a number with one separator and three digits after it (`24.990`: 24990
   * or 24.99 written with a trailing zero), which only the page's convention decides.
   */
  readonly alternative?: number;
}

/** Currency signs read in running text (not those that are also ordinary words), sign → ISO code. */
const SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(
  CURRENCY_SIGNS.filter((s) => !s.word).map((s) => [s.sign, s.code]),
);

/** Codes written for another ISO code: RMB for CNY, and RUR (the ruble's code before 1998, still in markup) for RUB. */
const ALIASES: Readonly<Record<string, string>> = { RMB: 'CNY', RUR: 'RUB' };

/** Codes read in running text. */
const CODES = new Set([...CURRENCY_CODES.filter((c) => !WORD_LIKE_CODES.has(c)), ...Object.keys(ALIASES)]);

/**
 * Regex source (no capturing groups) of a currency as a request writes it beside an amount — a
 * sign that is no ordinary word, a code, a name — longest first, never the start of a longer word.
 * Match it case-insensitively; `currencyInRequest` gives the ISO code of what it matched.
 */
export const REQUEST_CURRENCY = `(?:${[
  ...CURRENCY_SIGNS.filter((c) => !c.word).map((c) => c.sign),
  ...CURRENCY_CODES.filter((c) => !WORD_LIKE_CODES.has(c)),
  ...Object.keys(CURRENCY_NAMES),
]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|')})(?![a-z])`;

/**
 * The ISO code a request means by a currency sign, code or name ("$", "eur", "euros"): the page
 * reading of signs and codes, plus the names people write when they ask.
 */
export function currencyInRequest(token: string): string | undefined {
  return currencyOf(token) ?? CURRENCY_NAMES[token.trim().toLowerCase()];
}

/** The ISO code for a symbol or code, if it is one. */
export function currencyOf(token: string): string | undefined {
  const trimmed = token.trim();
  const upper = trimmed.toUpperCase();
  if (CODES.has(upper)) return ALIASES[upper] ?? upper;
  return SYMBOLS[trimmed] ?? SYMBOLS[trimmed.toLowerCase()];
}

const SYMBOL_PATTERN = Object.keys(SYMBOLS)
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');
const CODE_PATTERN = [...CODES].join('|');
const BEFORE = new RegExp(`(?:(${SYMBOL_PATTERN})|\\b(${CODE_PATTERN})\\b)\\s?$`, 'iu');
const AFTER = new RegExp(`^\\s?(?:(${SYMBOL_PATTERN})|(${CODE_PATTERN})\\b)`, 'iu');
/** In a price field even a sign that is also a word ("Ft", "kn", "тг", "Rs") or a word-like code is a currency. */
const PRICE_SIGNS: Readonly<Record<string, string>> = Object.fromEntries(
  CURRENCY_SIGNS.map((s) => [s.sign.toLowerCase(), s.code]),
);
const PRICE_SIGN_PATTERN = Object.keys(PRICE_SIGNS)
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');
const PRICE_BEFORE = new RegExp(
  `(?<![\\p{L}])(?:${PRICE_SIGN_PATTERN}|${CURRENCY_CODES.join('|')})\\.?\\s?$`,
  'iu',
);
const PRICE_AFTER = new RegExp(
  `^\\s?(?:${PRICE_SIGN_PATTERN}|${CURRENCY_CODES.join('|')})(?![\\p{L}])`,
  'iu',
);

/** The currency a price field writes beside an amount with a word-like sign or code ("270,00 Kn"). */
function priceFieldCurrency(before: string, after: string): string | undefined {
  const sign = (PRICE_BEFORE.exec(before)?.[0] ?? PRICE_AFTER.exec(after)?.[0])?.trim().replace(/\.$/, '');
  if (!sign) return undefined;
  return (
    PRICE_SIGNS[sign.toLowerCase()] ??
    PRICE_SIGNS[`${sign.toLowerCase()}.`] ??
    currencyOf(sign) ??
    (CURRENCY_CODES.includes(sign.toUpperCase()) ? sign.toUpperCase() : undefined)
  );
}
const UNIT_AFTER =
  /^\s?(km²|km2|mi²|m²|m2|sq\s?km|sq\s?mi|square kilometres|square kilometers|square miles|hectares|ha|km|mi|cm|mm|m|ft|in|kg|g|mg|lb|lbs|oz|l|ml|gb|tb|mb|w|kw|v|mah|%|percent|people|inhabitants)(?![\p{L}\p{N}])/iu;

const UNIT_WORD =
  /(?<![\p{L}\p{N}])(km²|km2|mi²|m²|sq\s?km|sq\s?mi|square kilometres|square kilometers|square miles|hectares|kg|lbs?|mah)(?![\p{L}\p{N}])/giu;
const CURRENCY_WORD = new RegExp(`(${SYMBOL_PATTERN.replace(/\|kr\|/, '|')})|\\b(${CODE_PATTERN})\\b`, 'gu');

/** Digits with optional thousands groups (`,` `.` ` ` `'` thin spaces) and an optional decimal part. */
const START = `(?:(?<![\\p{L}\\p{N}])|(?<=\\b(?:${CODE_PATTERN})))`;
const NUMBER = new RegExp(
  `${START}[-−]?\\d{1,3}(?:[,.\\u00a0\\u202f\\u2009 ']\\d{3})+(?:[.,]\\d+)?(?![\\p{N}])|${START}[-−]?\\d+(?:[.,]\\d+)?(?![\\p{N}])`,
  'gu',
);

/**
 * Every number in a text, read whatever the page's convention: `3,781,057`, `3.781.057`,
 * `3 781 057`, `1.234,50`, `1,234.50`, `12,5` — with the currency symbol or code beside it and
 * the unit after it. A lone group like `1,234` or `1.234` is read as a thousands group (pages
 * write prices with two decimals). With `priceField` (the text is a price's own field), a sign
 * that is also a word ("Kn", "тг.", "Rs.") is read as the currency beside the amount too.
 */
export function numbersIn(text: string, options: { priceField?: boolean } = {}): NumberMention[] {
  const out: NumberMention[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const raw = match[0];
    const index = match.index;
    const amount = parseNumber(raw);
    if (amount === undefined) continue;
    const before = text.slice(Math.max(0, index - 6), index);
    const after = text.slice(index + raw.length, index + raw.length + 24);
    const pre = BEFORE.exec(before);
    const post = AFTER.exec(after);
    const currency =
      currencyOf(pre?.[1] ?? pre?.[2] ?? post?.[1] ?? post?.[2] ?? '') ??
      (options.priceField ? priceFieldCurrency(before, after) : undefined);
    const unit = currency ? undefined : UNIT_AFTER.exec(after)?.[1]?.toLowerCase().replace(/\s+/g, ' ');
    const alternative = /^[-−]?\d{1,3}[.,]\d{3}$/.test(raw)
      ? Number(raw.replace(',', '.').replace('−', '-'))
      : undefined;
    out.push({
      amount,
      raw,
      index,
      ...(currency ? { currency } : {}),
      ...(unit ? { unit } : {}),
      ...(alternative !== undefined && alternative !== amount ? { alternative } : {}),
    });
  }
  return out;
}

/** Units written on their own (a column header "Area (km²)"), lower case, as `numbersIn` names them. */
export function unitsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(UNIT_WORD)) if (m[1]) out.push(m[1].toLowerCase().replace(/\s+/g, ' '));
  return out;
}

/** Currencies written anywhere in a text, as ISO codes. */
export function currenciesIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(CURRENCY_WORD)) {
    const code = currencyOf(m[1] ?? m[2] ?? '');
    if (code) out.add(code);
  }
  return [...out];
}

/** A number as written on a page, or undefined when it is not one. */
export function parseNumber(raw: string): number | undefined {
  let text = raw
    .trim()
    .replace(/−/g, '-')
    .replace(/[\u00a0\u202f\u2009 ']/g, '');
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // the later separator is the decimal one
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    text = text.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const groups = text.split(sep);
    const tail = groups.at(-1) ?? '';
    const head = (groups[0] ?? '').replace('-', '');
    const isThousands = groups.length > 2 || (tail.length === 3 && head.length <= 3 && head !== '0');
    text = isThousands ? groups.join('') : groups.join('.');
  }
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
