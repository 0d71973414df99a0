/** What a question's wording says about its parts beyond its words: the attribute it really asks for, and clauses that belong together. */
import { attributeOf } from './attributes.js';

/**
 * The attribute a question asks about, unless its wording asks for something else: "… formed by
 * who?" or "founded by an industrialist who …" ask for a person or a company, not a value (a
 * year); "located in what city?" asks for a city, not a street address.
 */
export function askedAttribute(question: string): string | undefined {
  const found = attributeOf(question);
  if (!found) return undefined;
  if (
    found.numeric &&
    (asksWho(question) || /\b(?:founded|established|formed|created)\s+by\b/i.test(question))
  )
    return undefined;
  if (found.id === 'address' && asksPlaceName(question)) return undefined;
  return found.id;
}

/** The question asks "who": at its start, after a preposition ("formed by who?") or at its end. */
function asksWho(question: string): boolean {
  return /^(?:(?:to|by|for|with|of|from)\s+)?who(?:m|se)?\b|\b(?:to|by|for|with|of|from)\s+whom?\b|\bwho(?:m)?\s*\??$/i.test(
    question.trim(),
  );
}

/** "In what city / which country / what neighborhood …": a place's name is asked, not an address. */
function asksPlaceName(question: string): boolean {
  return /\b(?:what|which)\s+(?:[\p{L}-]+\s+)?(?:city|town|country|state|county|region|province|village|neighbou?rhood|district|continent|island)\b/iu.test(
    question,
  );
}

/**
 * "Who wrote the song and who died in 2007?": a "who / which" clause that names nothing (no
 * capitalised word, no "it"/"its") and has no object of its own ("who composed the score" has)
 * says more about the same answer; it is not a second question.
 */
export function joinRestrictions(pieces: readonly string[]): string[] {
  const out: string[] = [];
  for (const piece of pieces) {
    const restriction =
      /^(?:who|which)\s/i.test(piece) &&
      !/\s\p{Lu}/u.test(piece) &&
      !/\b(?:it|its|they|their|them)\b/i.test(piece) &&
      // a clause with an object of its own asks about something else: "… and who composed the score?"
      !/^(?:who|which)\s+(?:\S+\s+){1,2}(?:the|a|an|this|that|these|those|his|her)\s/i.test(piece);
    const last = out.length - 1;
    if (restriction && last >= 0) out[last] = `${out[last] ?? ''} and ${piece}`;
    else out.push(piece);
  }
  return out;
}
