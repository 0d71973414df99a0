/**
 * Words that negate the statement they sit in, by language, written from general knowledge of
 * each language. A value quoted from a negated clause is not what the page asserts.
 */
const NEGATION_WORDS: readonly string[] = [
  // en
  'not',
  'never',
  'none',
  'neither',
  'nor',
  'without',
  "isn't",
  "wasn't",
  "aren't",
  "weren't",
  "doesn't",
  "didn't",
  "don't",
  "hasn't",
  "haven't",
  "hadn't",
  "won't",
  'cannot',
  "can't",
  // de
  'nicht',
  'kein',
  'keine',
  'keinen',
  'nie',
  'niemals',
  'ohne',
  // fr
  'pas',
  'jamais',
  'aucun',
  'aucune',
  'sans',
  // es, it, pt
  'nunca',
  'ningún',
  'ninguna',
  'sin',
  'non',
  'mai',
  'nessun',
  'nessuna',
  'senza',
  'não',
  'nenhum',
  'nenhuma',
  'sem',
  // nl
  'niet',
  'geen',
  'nooit',
  'zonder',
  // pl
  'nie',
  'nigdy',
  'bez',
  'żaden',
  'żadna',
  // ru
  'не',
  'нет',
  'никогда',
  'без',
  'ни',
  // ro
  'nu',
  'niciodată',
  'fără',
  'niciun',
  'nicio',
  // sv
  'inte',
  'ej',
  'aldrig',
  'ingen',
  'inget',
  'utan',
  // et
  'ei',
  'mitte',
  'kunagi',
  'ilma',
  'pole',
];

/** Negation in scripts written without spaces: matched as substrings. */
const UNSPACED_NEGATION: readonly string[] = [
  'ない',
  'ません',
  'なし',
  '않',
  '없',
  '아니',
  '不',
  '没有',
  '沒有',
  '無',
  '无',
  '非',
];

const WORDS = new Set(NEGATION_WORDS);

/** The negation cue in a clause, if there is one. */
export function negationIn(clause: string): string | undefined {
  const lower = clause.toLowerCase();
  // "no pool", but not "item no. 5" or "No 12"
  if (/(?:^|[^\p{L}\p{N}])no\s+\p{L}/u.test(lower)) return 'no';
  for (const token of lower.split(/[^\p{L}\p{N}'’]+/u)) {
    const word = token.replace(/’/g, "'");
    if (WORDS.has(word) || word.endsWith("n't")) return word;
  }
  return UNSPACED_NEGATION.find((cue) => lower.includes(cue));
}
