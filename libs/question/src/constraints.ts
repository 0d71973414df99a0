/** The constraints a request puts on what it asks for: bounds with units and currency, place, features, author, category, site, count, order. */
import { currencyInRequest, REQUEST_CURRENCY } from '@forage/lexicon';
import type { AttributeBound, Bound, Constraints, Order } from './model.js';
import { COUNT_WORD, LIST_SPLIT, NAME, countOf } from './words.js';

const AMOUNT = String.raw`(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|million|m|billion|bn)?\b`;
const CURRENCY_BEFORE = String.raw`(${REQUEST_CURRENCY})?\s*`;
const CURRENCY_AFTER = String.raw`\s*(${REQUEST_CURRENCY})?`;
const BELOW = String.raw`under|below|less than|lower than|cheaper than|at most|up to|no more than|not more than|max(?:imum)?(?: of)?|within|for less than|fewer than`;
const ABOVE = String.raw`over|above|more than|greater than|higher than|at least|no less than|min(?:imum)?(?: of)?|from`;

const MULTIPLIERS: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  million: 1e6,
  billion: 1e9,
  bn: 1e9,
};

function amountOf(digits: string, multiplier: string | undefined): number {
  return Number(digits.replace(/,/g, '')) * (multiplier ? (MULTIPLIERS[multiplier.toLowerCase()] ?? 1) : 1);
}

function currencyWord(word: string | undefined): string | undefined {
  return word ? currencyInRequest(word) : undefined;
}

/** A money bound: "under $300", "at most 250 EUR", "less than 99 dollars", "below €1.2k". */
function moneyBound(text: string, direction: string): Bound | undefined {
  const re = new RegExp(
    String.raw`\b(?:${direction})\s+${CURRENCY_BEFORE}${AMOUNT}${CURRENCY_AFTER}(?:\s+(?:a|per)\s+night)?`,
    'i',
  );
  const m = re.exec(text);
  if (!m?.[2]) return undefined;
  const currency = currencyWord(m[1]) ?? currencyWord(m[4]);
  if (!currency) return undefined;
  return { amount: amountOf(m[2], m[3]), currency };
}

/** "$100 to $200", "between €50 and €80". */
function moneyRange(text: string): { min: Bound; max: Bound } | undefined {
  const m = /\b(?:between\s+)?([$€£])\s*(\d[\d,]*)\s*(?:and|to|-|–)\s*\1?\s*(\d[\d,]*)/i.exec(text);
  if (!m?.[1] || !m[2] || !m[3]) return undefined;
  const currency = currencyWord(m[1]);
  if (!currency) return undefined;
  return {
    min: { amount: amountOf(m[2], undefined), currency },
    max: { amount: amountOf(m[3], undefined), currency },
  };
}

const RATING_MIN: readonly RegExp[] = [
  /\b(?:rated|rating(?: of)?|score(?: of)?)\s*(?:at least|above|over|of)?\s*(\d(?:\.\d)?)\s*(?:\/\s*(?:5|10)|stars?|or (?:more|higher|better)|\+)/i,
  /\b(?:rated|with a rating of|rating of|rating)\s+(?:at least|above|over|(?:of\s+)?(?:at least\s+)?)\s*(\d(?:\.\d)?)\b/i,
  /\b(?:at least|minimum(?: of)?)\s+(\d(?:\.\d)?)\s*stars?\b/i,
  /\b(\d(?:\.\d)?)\s*(?:\+\s*)?stars?\s+(?:or (?:more|higher|better)|and (?:up|above))/i,
  /\b(\d(?:\.\d)?)\+\s*stars?\b/i,
];
const RATING_MAX = /\b(?:rated|rating(?: of)?)\s*(?:at most|below|under|less than)\s*(\d(?:\.\d)?)\b/i;

/** Years as bounds: "after 2019", "published since 2020", "before 1990", "in 2021", "between 2010 and 2015". */
function dateOf(text: string): Constraints['date'] {
  const YEAR = String.raw`((?:1[5-9]|20)\d\d)`;
  const between = new RegExp(String.raw`\bbetween\s+${YEAR}\s+and\s+${YEAR}\b`, 'i').exec(text);
  if (between?.[1] && between[2]) return { min: Number(between[1]), max: Number(between[2]) };
  const after = new RegExp(String.raw`\b(after|since|from|newer than|later than)\s+${YEAR}\b`, 'i').exec(
    text,
  );
  const before = new RegExp(
    String.raw`\b(before|until|older than|earlier than|prior to)\s+${YEAR}\b`,
    'i',
  ).exec(text);
  const within = new RegExp(
    String.raw`\b(?:published|released|written|issued|dated|appeared|came out|founded|built|opened)\s+in\s+${YEAR}\b`,
    'i',
  ).exec(text);
  if (within?.[1]) return { min: Number(within[1]), max: Number(within[1]) };
  const min = after?.[2] ? Number(after[2]) + (/after|newer|later/i.test(after[1] ?? '') ? 1 : 0) : undefined;
  const max = before?.[2]
    ? Number(before[2]) - (/before|older|earlier|prior/i.test(before[1] ?? '') ? 1 : 0)
    : undefined;
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** Number words that name an attribute when they follow an amount ("2 million inhabitants", "3 kg"). */
const UNIT_ATTRIBUTES: readonly { unit: RegExp; attribute: string }[] = [
  { unit: /^(?:inhabitants|people|residents)\b/i, attribute: 'population' },
  { unit: /^(?:km²|km2|sq\s?km|square kilometres|square kilometers)/i, attribute: 'area' },
  { unit: /^(?:kg|g|grams?|kilograms?|lbs?|pounds? in weight)\b/i, attribute: 'weight' },
  { unit: /^(?:seats|spectators)\b/i, attribute: 'capacity' },
  { unit: /^(?:metres|meters|m|ft|feet)\b(?!\s*(?:inhabitants|people))/i, attribute: 'elevation' },
];
const NAMED_ATTRIBUTES: readonly { words: RegExp; attribute: string }[] = [
  { words: /population|inhabitants/i, attribute: 'population' },
  { words: /area|surface/i, attribute: 'area' },
  { words: /gdp per capita/i, attribute: 'gdp-per-capita' },
  { words: /gdp/i, attribute: 'gdp' },
  { words: /inflation(?: rate)?/i, attribute: 'inflation' },
  { words: /unemployment(?: rate)?/i, attribute: 'unemployment' },
  { words: /capacity/i, attribute: 'capacity' },
  { words: /weight/i, attribute: 'weight' },
  { words: /elevation|altitude|height/i, attribute: 'elevation' },
];

/** "with a population over 2 million", "fewer than 500,000 inhabitants", "under 2 kg". */
function attributeBounds(text: string): AttributeBound[] {
  const out = new Map<string, { min?: Bound; max?: Bound }>();
  const put = (attribute: string, side: 'min' | 'max', bound: Bound): void => {
    out.set(attribute, { ...out.get(attribute), [side]: bound });
  };
  const named = new RegExp(
    String.raw`\b(population|inhabitants|area|surface|gdp per capita|gdp|inflation(?: rate)?|unemployment(?: rate)?|capacity|weight|elevation|altitude|height)\s+(?:of\s+|is\s+|was\s+)?(${BELOW}|${ABOVE})\s+${AMOUNT}\s*(%|percent|km²|km2|kg|g|m|ft)?`,
    'gi',
  );
  for (const m of text.matchAll(named)) {
    const attribute = NAMED_ATTRIBUTES.find((n) => n.words.test(m[1] ?? ''))?.attribute;
    if (!attribute || !m[3]) continue;
    const side = new RegExp(`^(?:${BELOW})$`, 'i').test(m[2] ?? '') ? 'max' : 'min';
    put(attribute, side, { amount: amountOf(m[3], m[4]), ...(m[5] ? { unit: m[5].toLowerCase() } : {}) });
  }
  const unitFirst = new RegExp(String.raw`\b(${BELOW}|${ABOVE})\s+${AMOUNT}\s*([\p{L}²]+)`, 'giu');
  for (const m of text.matchAll(unitFirst)) {
    const rest = text.slice(m.index + m[0].length - (m[4]?.length ?? 0));
    const attribute = UNIT_ATTRIBUTES.find((u) => u.unit.test(rest))?.attribute;
    if (!attribute || !m[2] || out.has(attribute)) continue;
    const side = new RegExp(`^(?:${BELOW})$`, 'i').test(m[1] ?? '') ? 'max' : 'min';
    const unit = /^(?:inhabitants|people|residents|seats|spectators)$/i.test(m[4] ?? '')
      ? undefined
      : m[4]?.toLowerCase();
    put(attribute, side, { amount: amountOf(m[2], m[3]), ...(unit ? { unit } : {}) });
  }
  return [...out].map(([attribute, b]) => ({ attribute, ...b }));
}

/** "by M. Kask", "written by Ilse Varn", "authored by J. R. Tolt". */
function authorOf(text: string): string | undefined {
  const m =
    /\b(?:written by|authored by|by author|by)\s+((?:\p{Lu}\.\s*)*\p{Lu}[\p{L}'’-]+(?:\s+(?:\p{Lu}\.\s*)*\p{Lu}[\p{L}'’-]+)*)/u.exec(
      text,
    );
  if (!m?.[1]) return undefined;
  // "sorted by Price" is an order; a name has no attribute word
  if (/^(?:Price|Rating|Date|Population|Area|Name|Size)$/i.test(m[1])) return undefined;
  return m[1].trim();
}

/** "in the Stoves category", "category Tents", "under Camping Gear" (a named section). */
function namedCategory(text: string): string | undefined {
  const m =
    /\b(?:in|from|under)\s+the\s+([\p{L}][\p{L}' &-]*?)\s+(?:category|section|department|aisle|collection)\b/iu.exec(
      text,
    ) ??
    /\b(?:category|section|department)\s+["“]?([\p{L}][\p{L}' &-]*?)["”]?(?=[,.?]|\s+(?:under|below|with|in|by|sorted)\b|$)/iu.exec(
      text,
    );
  return m?.[1]?.trim();
}

/** A shop or site the user names: "in the Gearloft shop", "on the Calveno website", "on example.org". */
function siteOf(text: string): string | undefined {
  const named = new RegExp(
    `\\b(?:in|at|on|from)\\s+the\\s+(${NAME})\\s+(?:shop|store|site|website|web shop|webshop|catalogue|catalog)\\b`,
    'u',
  ).exec(text);
  if (named?.[1]) return named[1];
  const host = /\b(?:on|at|from|in)\s+(?:the\s+)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?::\d+)?\b/i.exec(text);
  return host?.[1]?.toLowerCase();
}

/** "in Tirvane", "near the Old Harbour", "around Esmarra" — not a shop, site, category or year. */
function placeOf(text: string): string | undefined {
  const re = new RegExp(
    `\\b(?:in|near|around|located in|based in)\\s+(?:the\\s+)?(?:city of\\s+|town of\\s+)?(${NAME})`,
    'gu',
  );
  for (const m of text.matchAll(re)) {
    const name = m[1]?.replace(/\s+(?:and|with|the)$/i, '').trim();
    if (!name) continue;
    const after = text.slice(m.index + m[0].length);
    if (/^\s+(?:shop|store|site|website|category|section|department|catalogue|catalog)\b/i.test(after))
      continue;
    return name;
  }
  return undefined;
}

const FEATURE_STOP = String.raw`are there|is there|are|is|were|under|below|less than|at most|up to|no more than|over|above|in|near|for|rated|sorted|ranked|ordered|by|published|released|priced|costing|that cost|which cost|from|between|and (?:a )?(?:rating|price)|with (?:a )?(?:rating|price|population)`;

/** "with free parking and a pool", "that have a gym", "offering breakfast". */
function featuresOf(text: string): string[] {
  const m = new RegExp(
    String.raw`\b(?:with|having|(?:that |which |who )?(?:have|has|offer|offers|include|includes|provide|provides)|offering|including|providing)\s+(.+?)(?=\s+(?:${FEATURE_STOP})\b|[?.,;]|$)`,
    'i',
  ).exec(text);
  if (!m?.[1]) return [];
  return (
    m[1]
      .split(LIST_SPLIT)
      .map((s) => s.replace(/^(?:a|an|the|some|any)\s+/i, '').trim())
      // a name ("with the Vell-9 pump") is an entity the question relates to, not a feature
      .filter((s) => !/^\p{Lu}/u.test(s))
      .map((s) => s.toLowerCase())
      .filter(
        (s) =>
          s.length > 1 &&
          !/^(?:been|to|it|they|them|more|less|fewer|no)\b/.test(s) &&
          !/^\w+er\b/.test(s.replace(/^(?:a|an|the)\s+/, '')) &&
          // "with the lowest price", "with a population of", "with a rating" are bounds and superlatives, not features
          !/^(?:(?:the\s+)?(?:most|least|highest|lowest|largest|smallest|biggest|best|worst|cheapest)\b|(?:population|rating|price|area|score)\b)/i.test(
            s,
          ),
      )
  );
}

const ORDER_ATTRIBUTES: readonly { words: RegExp; by: string }[] = [
  { words: /price|cost/i, by: 'price' },
  { words: /rating|score|stars|reviews?/i, by: 'rating' },
  { words: /date|year|newest|oldest|recent/i, by: 'date' },
  { words: /population/i, by: 'population' },
  { words: /area|size/i, by: 'area' },
  { words: /name|alphabetical/i, by: 'name' },
];

/** "sorted by price", "ranked by rating, highest first", "cheapest first", "newest first". */
function orderOf(text: string): Order | undefined {
  const m =
    /\b(?:sorted|ordered|ranked|sort|order|rank)\s+(?:them\s+)?by\s+([\p{L} -]+?)(?:\s*,?\s*(ascending|descending|(?:from\s+)?(?:lowest|highest|cheapest|newest|oldest|smallest|largest|best)(?:\s+(?:first|to\s+\w+))?))?(?=[?.,;]|\s+(?:under|in|with|and)\b|$)/iu.exec(
      text,
    );
  if (m?.[1]) {
    const by = ORDER_ATTRIBUTES.find((o) => o.words.test(m[1] ?? ''))?.by;
    if (by) {
      const way = m[2]?.toLowerCase() ?? '';
      const desc =
        /descending|highest|newest|largest|best/.test(way) || (!way && (by === 'rating' || by === 'date'));
      return { by, direction: desc ? 'desc' : 'asc' };
    }
  }
  const first =
    /\b(cheapest|most expensive|highest[- ]rated|best[- ]rated|lowest[- ]rated|newest|latest|most recent|oldest)\s+first\b/i
      .exec(text)?.[1]
      ?.toLowerCase();
  if (!first) return undefined;
  if (first === 'cheapest') return { by: 'price', direction: 'asc' };
  if (first === 'most expensive') return { by: 'price', direction: 'desc' };
  if (/lowest/.test(first)) return { by: 'rating', direction: 'asc' };
  if (/rated/.test(first)) return { by: 'rating', direction: 'desc' };
  if (first === 'oldest') return { by: 'date', direction: 'asc' };
  return { by: 'date', direction: 'desc' };
}

/** "the three cheapest", "top 5", "list 4 hotels", "first ten", "5 hotels". */
function countIn(text: string): number | undefined {
  const m =
    new RegExp(
      String.raw`\b(?:top|first|the|list|show|find|give me|name|recommend|only)\s+(${COUNT_WORD})\b(?!\s*(?:%|percent|stars?|km|kg|\$))`,
      'i',
    ).exec(text) ?? new RegExp(String.raw`^(${COUNT_WORD})\s+[a-z]+s\b`, 'i').exec(text);
  return m?.[1] ? countOf(m[1]) : undefined;
}

/**
 * Every constraint a request states. Bounds keep their currency or unit; a bound on a money
 * amount is a price bound only when a currency is written (otherwise it bounds the attribute it
 * names, or nothing).
 */
export function constraintsOf(text: string): Constraints {
  const question = text.trim().replace(/\s+/g, ' ');
  const range = moneyRange(question);
  const maxPrice = range?.max ?? moneyBound(question, BELOW);
  const minPrice = range?.min ?? moneyBound(question, ABOVE);
  const ratingMin = RATING_MIN.map((re) => re.exec(question)?.[1]).find((v) => v !== undefined);
  const ratingMax = RATING_MAX.exec(question)?.[1];
  const date = dateOf(question);
  const place = placeOf(question);
  const author = authorOf(question);
  const category = namedCategory(question);
  const site = siteOf(question);
  const count = countIn(question);
  const order = orderOf(question);
  return {
    ...(maxPrice || minPrice
      ? { price: { ...(minPrice ? { min: minPrice } : {}), ...(maxPrice ? { max: maxPrice } : {}) } }
      : {}),
    ...(ratingMin || ratingMax
      ? {
          rating: {
            ...(ratingMin ? { min: Number(ratingMin) } : {}),
            ...(ratingMax ? { max: Number(ratingMax) } : {}),
          },
        }
      : {}),
    ...(date ? { date } : {}),
    bounds: attributeBounds(question),
    ...(place ? { place } : {}),
    features: featuresOf(question),
    ...(author ? { author } : {}),
    ...(category ? { category } : {}),
    ...(site ? { site } : {}),
    ...(count !== undefined ? { count } : {}),
    ...(order ? { order } : {}),
  };
}

/** No constraint at all. */
export const NO_CONSTRAINTS: Constraints = { bounds: [], features: [] };
