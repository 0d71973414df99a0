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
  // fr
  'pas',
  'jamais',
  'aucun',
  'aucune',
  // es, it, pt
  'nunca',
  'ningún',
  'ninguna',
  'non',
  'mai',
  'nessun',
  'nessuna',
  'não',
  'nenhum',
  'nenhuma',
  // nl
  'niet',
  'geen',
  'nooit',
  // pl
  'nie',
  'nigdy',
  'żaden',
  'żadna',
  // ru
  'не',
  'нет',
  'никогда',
  'ни',
  // ro
  'nu',
  'niciodată',
  'niciun',
  'nicio',
  // sv
  'inte',
  'ej',
  'aldrig',
  'ingen',
  'inget',
  // et
  'ei',
  'mitte',
  'kunagi',
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

/** "without", by language: it denies what follows it ("without pool"), not the value before it ("€12 without VAT"). */
const NEGATION_PREPOSITIONS: readonly string[] = [
  'without',
  'ohne',
  'sans',
  'sin',
  'senza',
  'sem',
  'zonder',
  'bez',
  'без',
  'fără',
  'utan',
  'ilma',
];

const WORDS = new Set(NEGATION_WORDS);
const PREPOSITIONS = new Set(NEGATION_PREPOSITIONS);

/** The negation cue in a clause, if there is one. */
export function negationIn(clause: string, options: { prepositions?: boolean } = {}): string | undefined {
  const prepositions = options.prepositions ?? true;
  const lower = clause.toLowerCase();
  // "no pool", but not "item no. 5" or "No 12"
  if (/(?:^|[^\p{L}\p{N}])no\s+\p{L}/u.test(lower)) return 'no';
  for (const token of lower.split(/[^\p{L}\p{N}'’]+/u)) {
    const word = token.replace(/’/g, "'");
    if (WORDS.has(word) || word.endsWith("n't") || (prepositions && PREPOSITIONS.has(word))) return word;
  }
  return UNSPACED_NEGATION.find((cue) => lower.includes(cue));
}
