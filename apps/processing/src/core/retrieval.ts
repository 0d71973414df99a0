import type { SourcedChunk } from '@forage/contracts';
import { Bm25 } from './bm25.js';
import { termWeights, type TermWeights } from './coverage.js';
import type { QuestionAnalysis } from './question.js';
import { tokenize } from './text.js';

export interface Retrieved {
  readonly chunk: SourcedChunk;
  readonly score: number;
}

export interface Retrieval {
  /** The best chunks for the question, best first (only chunks sharing a term with it). */
  readonly top: readonly Retrieved[];
  readonly weights: TermWeights;
}

/**
 * BM25 over the chunks, each indexed with its heading path and page title so "Population: …"
 * under a "Veloria" heading is found for "population of Veloria". The query is the question's
 * key terms with their related words.
 */
export function retrieve(input: {
  question: QuestionAnalysis;
  chunks: readonly SourcedChunk[];
  limit: number;
}): Retrieval {
  const index = new Bm25<SourcedChunk>();
  const tokenSets: Set<string>[] = [];
  for (const chunk of input.chunks) {
    const tokens = tokenize([chunk.text, ...chunk.headingPath, chunk.title].join(' '));
    index.add(chunk, tokens);
    tokenSets.push(new Set(tokens));
  }
  return {
    top: index
      .search(input.question.queryTerms, input.limit)
      .map(({ doc, score }) => ({ chunk: doc, score })),
    weights: termWeights(input.question.terms, tokenSets),
  };
}
