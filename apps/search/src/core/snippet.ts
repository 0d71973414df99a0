import { splitSentences } from '@forage/html';
import { tokenize } from '@forage/retrieval';

/** The sentence of the text that contains the most query terms, cut to `width` characters. */
export function snippetFor(text: string, terms: readonly string[], width = 240): string {
  const sentences = splitSentences(text)
    .map((s) => s.text)
    .filter((s) => s.length > 0);
  let best = sentences[0] ?? '';
  let bestHits = -1;
  const wanted = new Set(terms);
  for (const sentence of sentences.slice(0, 500)) {
    const hits = tokenize(sentence).filter((t) => wanted.has(t)).length;
    if (hits > bestHits) {
      best = sentence;
      bestHits = hits;
    }
  }
  return best.length > width ? `${best.slice(0, width - 1)}…` : best;
}
