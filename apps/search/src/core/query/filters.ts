import { currencyInRequest, REQUEST_CURRENCY } from '@forage/lexicon';
import { MONTH_NAMES, monthOf } from '@forage/question';
/** Structured constraints read from a query; the raw query is always kept beside them. */
export interface PriceBound {
  readonly min?: number;
  readonly max?: number;
  /** ISO 4217 code when the query names a currency. */
  readonly currency?: string;
  readonly text: string;
}

export interface DateBound {
  /** ISO date (YYYY-MM-DD), inclusive. */
  readonly from?: string;
  readonly to?: string;
  readonly text: string;
}

export interface QueryFilters {
  readonly location?: string;
  readonly price?: PriceBound;
  readonly dates?: DateBound;
  /** Counts keyed by what is counted, singular: { guest: 2, night: 3 }. */
  readonly counts?: Readonly<Record<string, number>>;
  /** Domains from `site:` operators, lower case. */
  readonly sites?: readonly string[];
}

const NUMBER = '\\d{1,3}(?:[,.\\s]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';
/** An amount with its currency before or after: "$200", "200 USD", "€ 50", "80 euros", "US$1,200". */
const AMOUNT = `(?:(${REQUEST_CURRENCY})\\s?(${NUMBER})|(${NUMBER})\\s?(${REQUEST_CURRENCY}))`;
const AMOUNT_RE = new RegExp(AMOUNT, 'i');

interface Amount {
  readonly value: number;
  readonly currency: string | undefined;
}

function readAmount(text: string): Amount | undefined {
  const m = AMOUNT_RE.exec(text);
  if (!m) return undefined;
  const sign = m[1] ?? m[4];
  const number = m[2] ?? m[3] ?? '';
  const currency = sign ? currencyInRequest(sign) : undefined;
  return { value: parseNumber(number), currency };
}

/** "1,200" and "1.200" are thousands; "12.50" and "12,50" are decimals. */
function parseNumber(text: string): number {
  const compact = text.replace(/\s/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  return Number(decimal ? `${whole}.${decimal[1] ?? ''}` : whole);
}

const UPPER = '(?:under|below|less than|cheaper than|up to|at most|no more than|max(?:imum)?|within|<=?)';
const LOWER = '(?:over|above|more than|at least|min(?:imum)?|from|starting at|>=?)';

/** Price bounds: "under $200", "between €50 and €80", "$50-$80", "at least 100 EUR". */
export function readPrice(query: string): PriceBound | undefined {
  const between = new RegExp(
    `\\bbetween\\s+(${AMOUNT}|${NUMBER})\\s+(?:and|to|-)\\s+(${AMOUNT}|${NUMBER})`,
    'i',
  ).exec(query);
  const range = new RegExp(`(${AMOUNT})\\s?(?:-|–|to)\\s?(${AMOUNT}|${NUMBER})`, 'i').exec(query);
  for (const m of [between, range]) {
    if (!m) continue;
    const [text] = m;
    const parts = splitRange(text);
    if (!parts) continue;
    const low = readAmount(parts[0]) ?? {
      value: parseNumber(parts[0].replace(/[^\d.,]/g, '')),
      currency: undefined,
    };
    const high = readAmount(parts[1]) ?? {
      value: parseNumber(parts[1].replace(/[^\d.,]/g, '')),
      currency: undefined,
    };
    const currency = low.currency ?? high.currency;
    if (!currency || !(low.value <= high.value)) continue;
    return { min: low.value, max: high.value, currency, text: text.trim() };
  }
  const upper = new RegExp(`\\b${UPPER}\\s*(${AMOUNT})`, 'i').exec(query);
  const lower = new RegExp(`(?:\\b|(?<=\\s))${LOWER}\\s*(${AMOUNT})`, 'i').exec(query);
  const maxAmount = upper ? readAmount(upper[1] ?? '') : undefined;
  const minAmount = lower ? readAmount(lower[1] ?? '') : undefined;
  if (!maxAmount && !minAmount) return undefined;
  const currency = maxAmount?.currency ?? minAmount?.currency;
  return {
    ...(minAmount ? { min: minAmount.value } : {}),
    ...(maxAmount ? { max: maxAmount.value } : {}),
    ...(currency ? { currency } : {}),
    text: [lower?.[0], upper?.[0]].filter(Boolean).join(' ').trim(),
  };
}

function splitRange(text: string): [string, string] | undefined {
  const body = text.replace(/^between\s+/i, '');
  const m = /^(.*?)\s*(?:\band\b|\bto\b|-|–)\s*(.*)$/i.exec(body);
  return m?.[1] && m[2] ? [m[1], m[2]] : undefined;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
/** Things a query counts, by their singular form. */
const COUNTED: Readonly<Record<string, string>> = {
  guest: 'guest',
  guests: 'guest',
  people: 'person',
  person: 'person',
  persons: 'person',
  adult: 'adult',
  adults: 'adult',
  child: 'child',
  children: 'child',
  kid: 'child',
  kids: 'child',
  room: 'room',
  rooms: 'room',
  night: 'night',
  nights: 'night',
  bedroom: 'bedroom',
  bedrooms: 'bedroom',
  bed: 'bed',
  beds: 'bed',
  traveler: 'traveller',
  travelers: 'traveller',
  traveller: 'traveller',
  travellers: 'traveller',
  star: 'star',
  stars: 'star',
  result: 'result',
  results: 'result',
  item: 'item',
  items: 'item',
};

/** Counts: "for 2 guests", "3 nights", "two adults and one child", "5 results". */
export function readCounts(query: string): Record<string, number> | undefined {
  const counts: Record<string, number> = {};
  const re = new RegExp(
    `\\b(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})[\\s-]+(${Object.keys(COUNTED).join('|')})\\b`,
    'gi',
  );
  for (const m of query.matchAll(re)) {
    const raw = (m[1] ?? '').toLowerCase();
    const thing = COUNTED[(m[2] ?? '').toLowerCase()];
    const n = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
    // "a room" is an article, not a count, unless nothing else says how many
    if (thing && n !== undefined && !(raw === 'a' || raw === 'an')) counts[thing] = n;
  }
  return Object.keys(counts).length > 0 ? counts : undefined;
}

/**
 * `site:example.com` operators (several allowed), lower case, without scheme or path. A site with a
 * port (`site:127.0.0.1:8080`, `site:localhost:3000`) is that server alone.
 */
export function readSites(query: string): string[] | undefined {
  const sites = [...query.matchAll(/(?:^|\s)site:(\S+)/gi)].flatMap((m) => {
    const host = (m[1] ?? '')
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '');
    const named = /^[a-z0-9.-]+\.[a-z]{2,}(?::\d{1,5})?$/.test(host);
    const local = /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]):\d{1,5}$/.test(host);
    return named || local ? [host] : [];
  });
  return sites.length > 0 ? sites : undefined;
}

/** The query without its operators (`site:…`), for providers that do not understand them. */
export function withoutOperators(query: string): string {
  return query
    .replace(/(?:^|\s)-?site:\S+/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const MONTH = `(?:${MONTH_NAMES.map((m) => `${m.slice(0, 3)}${m.length > 3 ? `(?:${m.slice(3)})?` : ''}`).join('|')})\\.?`;
const ISO = '\\d{4}-\\d{2}-\\d{2}';
const DAY_MONTH = `\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+\\d{4})?`;
const MONTH_DAY = `${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?`;
const MONTH_YEAR = `${MONTH}\\s+\\d{4}`;
const YEAR = '(?:19|20)\\d{2}';
const DATE = `(?:${ISO}|${DAY_MONTH}|${MONTH_DAY}|${MONTH_YEAR}|${YEAR})`;

/** One date phrase as [first day, last day]: a year covers the year, a month the month. */
function readDate(text: string, today: Date): [string, string] | undefined {
  const t = text.trim().toLowerCase().replace(/,/g, '');
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (/^\d{4}$/.test(t)) return [`${t}-01-01`, `${t}-12-31`];
  const month = (word: string | undefined): number => (word === undefined ? 0 : (monthOf(word) ?? 0));
  const year = (y: string | undefined): number => (y ? Number(y) : today.getUTCFullYear());
  let m = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z.]+)(?:\s+(\d{4}))?$/.exec(t);
  if (m) return validDay(year(m[3]), month(m[2]), Number(m[1]));
  m = /^([a-z.]+)\s+(\d{1,2})(?:st|nd|rd|th)?(?:\s+(\d{4}))?$/.exec(t);
  if (m) return validDay(year(m[3]), month(m[1]), Number(m[2]));
  m = /^([a-z.]+)\s+(\d{4})$/.exec(t);
  if (m) {
    const mo = month(m[1]);
    if (mo === 0) return undefined;
    const last = new Date(Date.UTC(Number(m[2]), mo, 0)).getUTCDate();
    return [isoDay(Number(m[2]), mo, 1), isoDay(Number(m[2]), mo, last)];
  }
  return undefined;
}

function validDay(y: number, mo: number, d: number): [string, string] | undefined {
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  const day = isoDay(y, mo, d);
  return [day, day];
}

function isoDay(y: number, mo: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const RELATIVE: Readonly<Record<string, [number, number]>> = {
  today: [0, 0],
  tonight: [0, 0],
  tomorrow: [1, 1],
  'this weekend': [-1, -1],
  'next week': [7, 13],
};

/** Dates and ranges: "from May 1 to May 5", "between 2019 and 2021", "since 2020", "before 2024-03-01", "tomorrow". */
export function readDates(query: string, today: Date): DateBound | undefined {
  const range = new RegExp(
    `\\b(?:from|between)\\s+(${DATE})\\s+(?:to|until|and|-|–)\\s+(${DATE})\\b`,
    'i',
  ).exec(query);
  if (range) {
    const second = range[2] ?? '';
    // "from May 1 to May 5 2027": the first date takes the year the second one names
    const year = /\b\d{4}$/.exec(second)?.[0];
    const first = range[1] ?? '';
    const a = readDate(year && !/\d{4}/.test(first) ? `${first} ${year}` : first, today);
    const b = readDate(second, today);
    if (a && b && a[0] <= b[1]) return { from: a[0], to: b[1], text: range[0] };
  }
  const open = new RegExp(`\\b(since|after|from|before|until|by)\\s+(${DATE})\\b`, 'i').exec(query);
  if (open) {
    const d = readDate(open[2] ?? '', today);
    if (d) {
      const word = (open[1] ?? '').toLowerCase();
      const after = word === 'since' || word === 'after' || word === 'from';
      return after ? { from: d[0], text: open[0] } : { to: d[1], text: open[0] };
    }
  }
  const single = new RegExp(
    `\\b(?:on|in|for|during)\\s+(${DATE})\\b|\\b(${ISO}|${DAY_MONTH}|${MONTH_DAY})\\b`,
    'i',
  ).exec(query);
  if (single) {
    const d = readDate(single[1] ?? single[2] ?? '', today);
    if (d) return { from: d[0], to: d[1], text: single[0].trim() };
  }
  const relative = /\b(today|tonight|tomorrow|this weekend|next week)\b/i.exec(query);
  if (relative) {
    const key = (relative[1] ?? '').toLowerCase();
    const offsets = RELATIVE[key];
    if (offsets) {
      const [start, end] = key === 'this weekend' ? weekend(today) : offsets;
      return { from: addDays(today, start), to: addDays(today, end), text: relative[0] };
    }
  }
  return undefined;
}

function weekend(today: Date): [number, number] {
  const day = today.getUTCDay();
  const toSaturday = (6 - day + 7) % 7;
  return day === 0 ? [0, 0] : [toSaturday, toSaturday + 1];
}

function addDays(today: Date, days: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  return isoDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

const NOT_PLACES = new Set([
  ...MONTH_NAMES.map((m) => `${m.charAt(0).toUpperCase()}${m.slice(1)}`),
  'The',
  'A',
  'An',
  'My',
  'Our',
]);

/**
 * A place named after "in", "near", "around" or "at": a run of capitalised words
 * ("hotels in New York under $200" → "New York"). Lower-case words are not guessed at.
 */
export function readLocation(query: string): string | undefined {
  const re =
    /\b(?:in|near|around|at|close to)\s+((?:[A-Z][\p{L}'’.-]*)(?:\s+(?:[A-Z][\p{L}'’.-]*|de|del|la|le|of|upon|on|am|an|sur)){0,4})/gu;
  for (const m of query.matchAll(re)) {
    const words = (m[1] ?? '').split(/\s+/);
    while (words.length > 0 && /^[a-z]/.test(words[words.length - 1] ?? '')) words.pop();
    const place = words.join(' ').replace(/[.,]$/, '');
    if (place && !NOT_PLACES.has(words[0] ?? '') && !/^\d/.test(place)) return place;
  }
  return undefined;
}
