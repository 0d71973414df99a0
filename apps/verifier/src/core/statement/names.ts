import { normalizeText } from '@forage/html';

/** Words that name nothing on their own ("the capital of X" names X). */
const FILLER = new Set(['the', 'a', 'an', 'of', 'and', 'in', 'on', 'at', 'for', 'to', 'by']);
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Lower case, without diacritics, whitespace collapsed: how names are compared. */
export function fold(text: string): string {
  return normalizeText(text).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * Does a text name an entity? Every word of the entity's name that names something (not "the",
 * "of") is a word of the text; names in scripts without spaces are looked for as written.
 */
export function namesEntity(text: string, entity: string): boolean {
  if (UNSPACED.test(entity)) return fold(text).includes(fold(entity));
  const wanted = words(entity).filter((w) => !FILLER.has(w));
  if (wanted.length === 0) return false;
  const have = new Set(words(text));
  return wanted.every((w) => have.has(w));
}

/** Where a claimed value sits in a node's text (case-insensitive), or -1. */
export function valueIndex(nodeText: string, value: string): number {
  const wanted = normalizeText(value).toLowerCase();
  return wanted === '' ? -1 : nodeText.toLowerCase().indexOf(wanted);
}

export function excerpt(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Ends of a clause: a sentence end before a capital, a semicolon, a line, a separator. An abbreviation's dot ("Nr. 12") ends nothing. */
const CLAUSE_END = /[.!?。](?=\s+[\p{Lu}\p{Lo}])|[;\n|·•]|:\s/gu;

/** Where the clause holding position `at` starts. */
export function clauseStart(text: string, at: number): number {
  let start = 0;
  for (const m of text.matchAll(CLAUSE_END)) {
    const end = m.index + m[0].length;
    if (end > at) break;
    start = end;
  }
  return start;
}
