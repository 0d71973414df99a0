/** Tokenisation shared by indexing and querying: lower-case Unicode words, stop words removed, light stemming. */

const STOP_WORDS = new Set(
  `a an and are as at be by for from has have how in is it its of on or that the this to was were what when where which who whom whose why will with
  does do did can could should would me my i you your we our us they their them there than then so such into about over under per
  tell find show give list please much many`.split(/\s+/),
);

export function tokenize(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOP_WORDS.has(w)).map(stem);
}

/** A deliberately light suffix stripper: plural and common verb endings only. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}
