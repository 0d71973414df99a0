import type { SourcedChunk } from '@forage/contracts';
import { splitSentences } from '@forage/html';
import type { QuestionAnalysis } from './question.js';
import { termIn } from './question.js';
import { retrieve } from './retrieval.js';
import { tokenize } from './text.js';

/** One sentence offered as evidence for a question, with the chunk it is a verbatim slice of. */
export interface SupportingSentence {
  readonly chunk: SourcedChunk;
  readonly sentence: string;
  /** Share of the question's key terms the sentence mentions. */
  readonly coverage: number;
}

/**
 * The sentences that support an answer across pages (multi-hop questions need one per page):
 * the best retrieved chunk of each of the `pages` best pages, and in it the sentence mentioning
 * the most key terms (the earlier one on ties: pages introduce their subject first). A sentence
 * holding the answer itself is added when given.
 */
export function supportingSentences(input: {
  question: QuestionAnalysis;
  chunks: readonly SourcedChunk[];
  pages: number;
  answerSnippet?: { readonly chunk: SourcedChunk; readonly snippet: string };
}): SupportingSentence[] {
  const { question } = input;
  if (question.terms.length === 0) return [];
  const { top } = retrieve({ question, chunks: input.chunks, limit: 50 });
  const seen = new Set<string>();
  const picked: SupportingSentence[] = [];
  const coverageOf = (text: string): number => {
    const tokens = new Set(tokenize(text));
    return question.terms.filter((t) => termIn(tokens, t)).length / question.terms.length;
  };
  for (const { chunk } of top) {
    if (seen.has(chunk.url)) continue;
    seen.add(chunk.url);
    let best: SupportingSentence | undefined;
    for (const s of splitSentences(chunk.text)) {
      const coverage = coverageOf(s.text);
      if (!best || coverage > best.coverage) best = { chunk, sentence: s.text, coverage };
    }
    if (best) picked.push(best);
    if (seen.size >= input.pages) break;
  }
  const answer = input.answerSnippet;
  if (answer) {
    for (const s of splitSentences(answer.snippet)) {
      if (!picked.some((p) => p.chunk.url === answer.chunk.url && p.sentence === s.text))
        picked.push({ chunk: answer.chunk, sentence: s.text, coverage: coverageOf(s.text) });
    }
  }
  return picked;
}
