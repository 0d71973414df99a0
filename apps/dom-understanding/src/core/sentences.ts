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

/**
 * Splits text into sentences, each a verbatim slice of the input (trimmed): a sentence ends at
 * . ! ? (optionally followed by closing quotes or brackets) before whitespace and an upper-case
 * letter, digit or opening quote, unless the stop follows a known abbreviation or an initial.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const boundary = /[.!?]+["'”’)\]]*(?=\s+["'“‘(]?[\p{Lu}\p{N}])/gu;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    const before = text.slice(start, match.index);
    const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1] ?? '';
    if (match[0].startsWith('.') && (ABBREVIATIONS.has(lastWord.toLowerCase()) || /^\p{Lu}$/u.test(lastWord)))
      continue;
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * Cuts text longer than `maxChars` into pieces of whole sentences, each at most `maxChars`; a
 * single sentence longer than that is cut at the last space before the limit.
 */
export function splitLongText(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of splitSentences(text).flatMap((s) => hardWrap(s, maxChars))) {
    if (current && current.length + 1 + sentence.length > maxChars) {
      pieces.push(current);
      current = sentence;
    } else current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) pieces.push(current);
  return pieces;
}

function hardWrap(sentence: string, maxChars: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const cut = rest.lastIndexOf(' ', maxChars);
    const at = cut > maxChars / 2 ? cut : maxChars;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}
