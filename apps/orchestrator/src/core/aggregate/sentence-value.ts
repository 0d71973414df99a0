import type { ScoredAnswer, SourcedChunk } from '@forage/contracts';
import { splitSentences } from '@forage/html';
import { answerConfidence, confidenceComponents } from '@forage/retrieval';
import type { Attribute } from '@forage/question';

/** A number as pages write it: currency, thousands separators, decimals, a percent or a scale word. */
const NUMBER =
  /[$€£]?\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?|[$€£]?\s?\d+(?:\.\d+)?\s?%?(?:\s?(?:million|billion|trillion))?/g;
/** How far (characters) a number may sit from the attribute's word to be its value. */
const WINDOW = 40;

/**
 * For a numeric attribute stated in running text ("consumer prices rose by 2.1%", "a night costs
 * $166"), the number nearest to a word the lexicon has for the attribute, in a sentence of the
 * entity's page. The answer cites that sentence.
 */
export function sentenceValue(input: {
  attribute: Attribute;
  chunks: readonly SourcedChunk[];
}): ScoredAnswer | undefined {
  const terms = [...input.attribute.terms]
    .filter((t) => /^[a-z ]+$/.test(t))
    .sort((a, b) => b.length - a.length);
  let best: { answer: ScoredAnswer; distance: number } | undefined;
  for (const chunk of input.chunks) {
    for (const sentence of splitSentences(chunk.text)) {
      const lower = sentence.text.toLowerCase();
      for (const term of terms) {
        const at = new RegExp(`\\b${term}\\b`).exec(lower);
        if (!at) continue;
        const termStart = at.index;
        const termEnd = termStart + term.length;
        for (const m of sentence.text.matchAll(NUMBER)) {
          const start = m.index;
          const end = start + m[0].length;
          // after the word ("rose by 2.1%"), or right before it with no word between ("$166 per night")
          const before = termStart >= end && /^[\s()[\]]*$/.test(sentence.text.slice(end, termStart));
          const distance = start >= termEnd ? start - termEnd : before ? termStart - end : Infinity;
          if (distance > WINDOW || (best && best.distance <= distance)) continue;
          // L07 §5.5 in running text: retriever = the sentence names the attribute (its longest
          // word's share of the sentence's words); qa = how close the number sits to that word
          const components = confidenceComponents({
            retriever:
              0.5 + 0.5 * Math.min(1, term.split(' ').length / Math.max(1, wordCount(sentence.text) / 4)),
            qa: 0.4 + 0.6 * (1 - distance / (WINDOW + 1)),
            answer: m[0].trim(),
          });
          best = {
            distance,
            answer: {
              text: m[0].trim(),
              confidence: answerConfidence(components),
              components,
              source: {
                chunkId: chunk.chunkId,
                url: chunk.url,
                title: chunk.title,
                xpath: chunk.xpath,
                domSnapshot: chunk.domSnapshot,
                logRecordId: chunk.logRecordId,
                snippet: sentence.text,
              },
            },
          };
        }
        break;
      }
    }
  }
  return best?.answer;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length;
}
