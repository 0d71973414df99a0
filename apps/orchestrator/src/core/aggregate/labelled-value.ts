import type { ScoredAnswer, SourcedChunk } from '@forage/contracts';
import { answerConfidence, confidenceComponents } from '@forage/retrieval';
import { attributeOf, attributeScore, labelNames, type Attribute } from '@forage/question';

/** A chunk that is one "label: value" line (an infobox row, a definition), not a row of several cells. */
const LABELLED = /^([^:;]{2,60}):\s+([^;]{1,200})$/;

/**
 * The value a page states under its own label for the attribute ("Area (km²): 18,166" answers
 * "how big … in square kilometres"): the label is matched through the lexicon's words and units,
 * never through the question's literal words. A label that is more specifically another attribute
 * ("GDP per capita" when GDP is asked) is passed over.
 */
export function labelledValue(input: {
  attribute: Attribute;
  chunks: readonly SourcedChunk[];
}): ScoredAnswer | undefined {
  const { attribute } = input;
  let best: { answer: ScoredAnswer; score: number } | undefined;
  for (const chunk of input.chunks) {
    const m = LABELLED.exec(chunk.text.trim());
    const label = m?.[1]?.trim();
    // the value proper, without a trailing qualifier ("49,187,558 (2023 census)")
    const value = m?.[2]?.trim().replace(/^(.+?)\s*\([^()]*\)$/, '$1');
    if (!label || !value || !labelNames(label, attribute)) continue;
    const own = attributeOf(label);
    if (own && own.id !== attribute.id) continue;
    if (attribute.numeric && !/\d/.test(value)) continue;
    const score = attributeScore(label, attribute) + (own ? 100 : 0);
    if (best && best.score >= score) continue;
    // L07 §5.5 on a page's own label: retriever = how much of the label the attribute's word is
    // ("Population" 1, "Population (2020 census)" less); qa = the value has the attribute's type
    // (a number for a numeric attribute) and the label is no other attribute's
    const components = confidenceComponents({
      retriever:
        attributeScore(label, attribute) / Math.max(1, label.replace(/\s*\([^()]*\)\s*$/, '').length),
      qa: (own ? 0.6 : 0.4) + (!attribute.numeric || /\d/.test(value) ? 0.4 : 0),
      answer: value,
    });
    best = {
      score,
      answer: {
        text: value,
        confidence: answerConfidence(components),
        components,
        source: {
          chunkId: chunk.chunkId,
          url: chunk.url,
          title: chunk.title,
          xpath: chunk.xpath,
          domSnapshot: chunk.domSnapshot,
          logRecordId: chunk.logRecordId,
          snippet: chunk.text,
        },
      },
    };
  }
  return best?.answer;
}
