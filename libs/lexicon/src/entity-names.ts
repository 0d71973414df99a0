/** Words that name nothing on their own ("the capital of X" names X). */
const FILLER = new Set(['the', 'a', 'an', 'of', 'and', 'in', 'on', 'at', 'for', 'to', 'by']);
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Lower case, NFKC, without diacritics, whitespace collapsed: how names are compared. */
export function foldName(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

function nameWords(text: string): string[] {
  return foldName(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * Does a text name an entity? Every word of the entity's name that names something (not "the",
 * "of") is a word of the text; names in scripts without spaces are looked for as written.
 */
export function namesEntity(text: string, entity: string): boolean {
  if (UNSPACED.test(entity)) return foldName(text).includes(foldName(entity));
  const wanted = nameWords(entity).filter((w) => !FILLER.has(w));
  if (wanted.length === 0) return false;
  const have = new Set(nameWords(text));
  return wanted.every((w) => have.has(w));
}

/** A page title's own part, without the site's name after a dash or bar ("Tassen – Encyclopedia"). */
export function titleHead(title: string): string {
  return title.split(/\s+[–—|-]\s+/u)[0] ?? title;
}

/**
 * A sentence may name the asked entity and still state the value about another: "the census
 * recorded 612,900 residents in Tassen, about 15% of the population of Velmora". True when the
 * other entity (the page's own subject) is named in the clause holding the value and the asked
 * one is not — or, when that clause names neither, when the sentence's first clause, its
 * grammatical subject, names the other and not the asked one ("Tassen, the largest city of
 * Velmora, has 612,900 residents").
 */
export function statesAboutOther(input: {
  /** The sentence stating the value, or a text whose sentence holding the value is read. */
  text: string;
  value: string;
  asked: string;
  other: string;
}): boolean {
  const { asked, other } = input;
  if (namesEntity(other, asked) || namesEntity(asked, other)) return false;
  const wanted = input.value.normalize('NFKC').trim().toLowerCase();
  if (wanted === '') return false;
  const sentence = sentenceHolding(input.text, wanted);
  if (sentence === undefined) return false;
  const at = sentence.toLowerCase().indexOf(wanted);
  const clauses = clausesOf(sentence);
  const holding = clauses.find((c) => at >= c.start && at < c.end);
  if (!holding || namesEntity(holding.text, asked)) return false;
  if (namesEntity(holding.text, other)) return true;
  const first = clauses[0];
  return first !== undefined && namesEntity(first.text, other) && !namesEntity(first.text, asked);
}

/** The sentence of a text that holds a (lower-cased) value, if any. */
function sentenceHolding(text: string, wanted: string): string | undefined {
  return text.split(/(?<=[.!?。])\s+(?=[\p{Lu}\p{Lo}\d])/u).find((s) => s.toLowerCase().includes(wanted));
}

interface Clause {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Comma-, dash- and parenthesis-separated clauses with their offsets ("612,900" is not split). */
function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  for (const m of text.matchAll(/,\s+|\s+[–—]\s+|\s*[()]\s*/gu)) {
    clauses.push({ text: text.slice(start, m.index), start, end: m.index + m[0].length });
    start = m.index + m[0].length;
  }
  clauses.push({ text: text.slice(start), start, end: text.length + 1 });
  return clauses;
}
