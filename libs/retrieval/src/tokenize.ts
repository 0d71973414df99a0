/**
 * Tokenisation shared by indexing and querying everywhere in Forage: lower-case Unicode words
 * (NFKC, diacritics kept), English stop words removed, a light suffix stemmer. Index and query
 * must use the same function, which is why it lives here once.
 */

const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an and are as at be by for from has have how in is it its of on or that the this to was were what when where which who whom whose why will with
  does do did can could should would me my i you your we our us they their them there than then so such into about over under per
  tell find show give list please much many`.split(/\s+/),
);

/** True for words that carry no meaning for retrieval ("the", "what", "please"). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** The words of `text`, lower-cased, without stop words, stemmed. */
export function tokenize(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: string[] = [];
  for (const w of words) if (!STOP_WORDS.has(w)) out.push(stem(w));
  return out;
}

/** The words of `text`, lower-cased, stop words kept, not stemmed (for language and phrase checks). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * A deliberately light suffix stripper: plurals and the commonest inflections, so "hotels" meets
 * "hotel" and "cities" meets "city" without the over-stemming of a full Porter stemmer.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
  return word;
}
