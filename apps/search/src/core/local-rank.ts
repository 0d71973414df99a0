import { tokenize, type Bm25Index } from '@forage/retrieval';
import type { LocalDocument } from './local-document.js';

/** Weights of the local index's ranking terms (BM25 is the base; 0 switches a term off). */
export interface LocalRankingWeights {
  /** Share of a document title's words that the query names, times this weight, added to normalised BM25. */
  readonly titleMention: number;
}

export const DEFAULT_LOCAL_WEIGHTS: LocalRankingWeights = { titleMention: 0.5 };

export interface LocalHit {
  readonly doc: LocalDocument;
  /** The final local score (normalised BM25 plus the extra terms). */
  readonly score: number;
  readonly bm25: number;
  readonly breakdown: Readonly<Record<string, number>>;
}

/** Share of the title's distinct terms that appear in the query: a page about a thing the query names. */
export function titleMention(queryTerms: ReadonlySet<string>, title: string): number {
  const titleTerms = new Set(tokenize(title));
  if (titleTerms.size === 0) return 0;
  let named = 0;
  for (const t of titleTerms) if (queryTerms.has(t)) named++;
  return named / titleTerms.size;
}

/**
 * Local ranking: BM25 candidates (a pool wider than `limit`), BM25 normalised by the best score,
 * plus the title-mention term; re-sorted. With all weights 0 this is plain BM25 order.
 */
export function rankLocal(input: {
  index: Bm25Index<LocalDocument>;
  query: string;
  limit: number;
  weights: LocalRankingWeights;
}): LocalHit[] {
  const terms = tokenize(input.query);
  const pool = input.index.search(terms, Math.max(input.limit * 5, 20));
  const best = pool[0]?.score ?? 0;
  if (best <= 0) return [];
  const wanted = new Set(terms);
  return pool
    .map(({ doc, score }) => {
      const mention =
        input.weights.titleMention > 0 ? input.weights.titleMention * titleMention(wanted, doc.title) : 0;
      const relevance = score / best;
      return {
        doc,
        bm25: score,
        score: relevance + mention,
        breakdown: { bm25: relevance, titleMention: mention },
      };
    })
    .sort((a, b) => b.score - a.score || b.bm25 - a.bm25)
    .slice(0, input.limit);
}
