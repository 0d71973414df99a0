import { normalizeText } from '@forage/html';

/** How names are compared and named: one rule for every service, in @forage/lexicon. */
export { foldName as fold, namesEntity } from '@forage/lexicon';

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
