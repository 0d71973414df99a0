import { exactMatch, f1Score, normalizeAnswer } from '../squad/metric.js';
import { factKey, type HotpotItem } from './dataset.js';

/**
 * HotpotQA's official answer metric (hotpot_evaluate_v1.py): SQuAD normalisation and token F1,
 * except that a yes / no / noanswer on either side scores only when both are the same.
 */
export function answerScore(gold: string, prediction: string): { em: number; f1: number } {
  const g = normalizeAnswer(gold);
  const p = normalizeAnswer(prediction);
  const special = ['yes', 'no', 'noanswer'];
  if ((special.includes(p) || special.includes(g)) && p !== g) return { em: 0, f1: 0 };
  return { em: exactMatch(gold, prediction), f1: f1Score(gold, prediction) };
}

/** Supporting-fact F1 over (title, sentence index) pairs. */
export function supportScore(gold: ReadonlySet<string>, predicted: ReadonlySet<string>): number {
  let tp = 0;
  for (const p of predicted) if (gold.has(p)) tp++;
  if (tp === 0) return 0;
  const precision = tp / predicted.size;
  const recall = tp / gold.size;
  return (2 * precision * recall) / (precision + recall);
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The (title, sentence) pairs a citation points at: the sentences of its page its snippet covers. */
export function citedFacts(
  item: HotpotItem,
  citations: readonly { url: string; title: string; snippet: string }[],
): Set<string> {
  const out = new Set<string>();
  for (const c of citations) {
    const paragraph = item.paragraphs.find((p) => squash(p.title) === squash(c.title));
    if (!paragraph) continue;
    const snippet = squash(c.snippet);
    paragraph.sentences.forEach((s, i) => {
      const sentence = squash(s);
      if (sentence && (snippet.includes(sentence) || sentence.includes(snippet)))
        out.add(factKey(paragraph.title, i));
    });
  }
  return out;
}
