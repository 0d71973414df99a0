/** Small pieces of English grammar the readers share: names, lists, number words, stop words. */

/** A name: a capitalised word, then capitalised words, numbers and the small words names carry. */
export const NAME =
  "[\\p{Lu}][\\p{L}'’.\\d-]*(?:\\s+(?:(?:of|de|la|the|and)\\b|&|[\\p{Lu}][\\p{L}'’.\\d-]*|\\d+))*";

/** Splits "A, B and C" / "A or B". */
export const LIST_SPLIT = /\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/;

export const QUESTION_WORDS =
  /^(what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|can|could|tell|give|find|list|show|please|name)\b/i;

export const STOP = new Set(
  'a an the of in on at to for by with and or is are was were be what which who when where how does do did much many me tell give find show please its their there this that from as has have had'.split(
    ' ',
  ),
);

const NUMBER_WORDS: Readonly<Record<string, number>> = {
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
  fifteen: 15,
  twenty: 20,
};

/** A small count written in digits or words ("3", "three"); undefined when it is neither. */
export function countOf(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (/^\d{1,3}$/.test(lower)) return Number(lower);
  return NUMBER_WORDS[lower];
}

/** The words a count may be written in, for patterns. */
export const COUNT_WORD = `(?:\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;

/** "hotels" → "hotel", "countries" → "country", "boxes" → "box"; a word not plural stays. */
export function singular(noun: string): string {
  const lower = noun.toLowerCase();
  if (/ies$/.test(lower) && lower.length > 4) return `${lower.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes)$/.test(lower)) return lower.slice(0, -2);
  if (/[^su]s$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

/** Is the word an English plural noun ("hotels", "countries"), not "address" or "bus"? */
export function isPlural(noun: string): boolean {
  return /[^su]s$/i.test(noun) || /ies$/i.test(noun);
}

export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
