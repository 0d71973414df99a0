/** Abbreviations after which a full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'no',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'approx',
  'inc',
  'ltd',
  'co',
  'fig',
  'ca',
]);

export interface Sentence {
  /** A verbatim slice of the source text (trimmed). */
  readonly text: string;
  /** Where the slice starts in the source text. */
  readonly start: number;
}

/**
 * Splits text into sentences, each a verbatim slice of the input: a sentence ends at . ! ?
 * (with any closing quotes or brackets) before whitespace and an upper-case letter, digit or
 * opening quote, unless the stop follows a known abbreviation or a single-letter initial.
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const boundary = /[.!?]+["'”’)\]]*(?=\s+["'“‘(]?[\p{Lu}\p{N}])/gu;
  let start = 0;
  const push = (from: number, to: number): void => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) sentences.push({ text: trimmed, start: from + lead });
  };
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    const lastWord = wordBefore(text, match.index, start);
    if (match[0].startsWith('.') && (ABBREVIATIONS.has(lastWord.toLowerCase()) || /^\p{Lu}$/u.test(lastWord)))
      continue;
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return sentences;
}

const WORD_CHAR = /[\p{L}.]/u;

/** The run of letters and dots ending at `end` (not before `from`): the word a full stop follows. */
function wordBefore(text: string, end: number, from: number): string {
  let i = end;
  while (i > from && WORD_CHAR.test(text.charAt(i - 1))) i--;
  return text.slice(i, end);
}
