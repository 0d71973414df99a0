/**
 * References in German, French, Spanish and Italian, written from each language's grammar:
 * possessives that become a genitive or "the X of", words for "there" with the preposition that
 * replaces them, and the openers of an ellipsis ("und in X?", "qu'en est-il de X ?", "¿y en X?").
 */

/** Words that open a follow-up ("and …"). */
export const FOREIGN_CONNECTIVES = ['und', 'et', 'y', 'e', 'alors', 'dann', 'also'] as const;

/** Prepositions of an ellipsis that swaps the place ("und in X?", "et à X ?", "¿y en X?"). */
export const FOREIGN_PREPOSITIONS = [
  'im',
  'für',
  'en',
  'à',
  'au',
  'aux',
  'para',
  'pour',
  'per',
  'a',
] as const;

/** "What about X?" in other languages; group 1 is X. */
export const FOREIGN_ABOUT: readonly RegExp[] = [
  /^was\s+ist\s+mit\s+(.+)$/iu,
  /^wie\s+(?:ist\s+es\s+|sieht\s+es\s+)?mit\s+(.+?)(?:\s+aus)?$/iu,
  /^qu['’]en\s+est[- ]il\s+(?:de\s+la|de|du|des)\s+(.+)$/iu,
  /^(?:qué|que)\s+(?:tal|hay)\s+(?:de|con)\s+(.+)$/iu,
  /^(?:e|che)\s+(?:mi\s+dici\s+)?(?:di|per)\s+(.+)$/iu,
];

/** "there" and the preposition that takes its place before the place's name. */
export const FOREIGN_THERE: Readonly<Record<string, string>> = {
  dort: 'in',
  'là-bas': 'à',
  allí: 'en',
  allá: 'en',
  ahí: 'en',
  lì: 'a',
  laggiù: 'a',
};

/** German possessives, by whom they point to; followed by a noun (capitalised), they become a genitive. */
export const GERMAN_POSSESSIVES = {
  singular: ['sein', 'seine', 'seinen', 'seinem', 'seiner', 'seines'],
  plural: ['ihr', 'ihre', 'ihren', 'ihrem', 'ihrer', 'ihres'],
} as const;

/** French possessives and the article that replaces them ("sa capitale" → "la capitale de X"). */
export const FRENCH_POSSESSIVES: Readonly<Record<string, { article: string; plural: boolean }>> = {
  sa: { article: 'la', plural: false },
  son: { article: 'le', plural: false },
  ses: { article: 'les', plural: false },
  leurs: { article: 'les', plural: true },
};

/** German determiners: the capitalised word after one is a common noun, not a name. */
export const GERMAN_DETERMINERS = new Set([
  'der',
  'die',
  'das',
  'den',
  'dem',
  'des',
  'ein',
  'eine',
  'einen',
  'einem',
  'einer',
  'eines',
  'viele',
  'welche',
  'welcher',
  'welches',
  'welchen',
  'jede',
  'jeder',
  'jedes',
  ...GERMAN_POSSESSIVES.singular,
  ...GERMAN_POSSESSIVES.plural,
]);

/** A name in the German genitive: "Velmorias", "Karsland’" after s, ß, x, z. */
export function germanGenitive(name: string): string {
  return /[sßxz]$/iu.test(name) ? `${name}’` : `${name}s`;
}

/** "de X", elided before a vowel or a mute h ("d’Ostrinport"). */
export function frenchOf(name: string): string {
  return /^[aeiouyàâéèêëîïôûh]/iu.test(name) ? `d’${name}` : `de ${name}`;
}

/** The article before a noun: "l’" before a vowel for la/le. */
export function frenchArticle(article: string, noun: string): string {
  return article !== 'les' && /^[aeiouyàâéèêëîïôûh]/iu.test(noun) ? 'l’' : `${article} `;
}
