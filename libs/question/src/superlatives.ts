/** Superlative and comparative words and the attribute and direction they rank by. */
import type { Order } from './model.js';

export interface Superlative {
  readonly words: RegExp;
  /** The attribute ranked by; undefined: the attribute named right after ("highest inflation"), else the noun's size. */
  readonly by?: string;
  readonly direction: 'asc' | 'desc';
}

/** Most specific first: "most populous" before "most", "highest-rated" before "highest". */
export const SUPERLATIVES: readonly Superlative[] = [
  {
    words: /\b(?:cheapest|least expensive|lowest[- ]priced|most affordable)\b/i,
    by: 'price',
    direction: 'asc',
  },
  { words: /\b(?:most expensive|priciest|highest[- ]priced|dearest)\b/i, by: 'price', direction: 'desc' },
  {
    words: /\b(?:highest[- ]rated|best[- ]rated|top[- ]rated|best[- ]reviewed|best)\b/i,
    by: 'rating',
    direction: 'desc',
  },
  { words: /\b(?:lowest[- ]rated|worst[- ]rated|worst)\b/i, by: 'rating', direction: 'asc' },
  { words: /\b(?:most populous|most populated)\b/i, by: 'population', direction: 'desc' },
  { words: /\b(?:least populous|least populated)\b/i, by: 'population', direction: 'asc' },
  { words: /\b(?:newest|latest|most recent|youngest)\b/i, by: 'date', direction: 'desc' },
  { words: /\b(?:oldest|earliest)\b/i, by: 'date', direction: 'asc' },
  { words: /\b(?:heaviest)\b/i, by: 'weight', direction: 'desc' },
  { words: /\b(?:lightest)\b/i, by: 'weight', direction: 'asc' },
  { words: /\b(?:tallest)\b/i, by: 'elevation', direction: 'desc' },
  { words: /\b(?:largest|biggest|greatest|highest|most)\b/i, direction: 'desc' },
  { words: /\b(?:smallest|tiniest|lowest|least|fewest)\b/i, direction: 'asc' },
];

/** The first superlative in a text, with where it is. */
export function superlativeIn(
  text: string,
): { superlative: Superlative; index: number; length: number } | undefined {
  let best: { superlative: Superlative; index: number; length: number } | undefined;
  for (const superlative of SUPERLATIVES) {
    const m = superlative.words.exec(text);
    if (m && (!best || m.index < best.index)) best = { superlative, index: m.index, length: m[0].length };
  }
  return best;
}

/** What dates a kind of thing: countries and companies are founded, papers and products dated. */
export function dateAttributeOf(noun: string): string {
  return /^(?:country|city|town|company|organi[sz]ation|university|club|bank|firm|school|state|nation)$/.test(
    noun,
  )
    ? 'founded'
    : 'date';
}

/** The order a superlative asks for, given the attribute named after it and the noun of the set. */
export function orderOfSuperlative(input: { superlative: Superlative; named?: string; noun: string }): Order {
  const { superlative, named, noun } = input;
  const by = superlative.by === 'date' ? dateAttributeOf(noun) : (superlative.by ?? named ?? sizeOf(noun));
  return { by, direction: superlative.direction };
}

/** "the largest country": the size of a place is its area; of a city its population; of anything else its size. */
function sizeOf(noun: string): string {
  if (/^(?:country|countries|island|region|state|province|lake|park|nation)$/.test(noun)) return 'area';
  if (/^(?:city|cities|town|village)$/.test(noun)) return 'population';
  if (/^(?:stadium|arena|venue|hall)$/.test(noun)) return 'capacity';
  return 'size';
}
