import type { SearchResult } from '@forage/contracts';
import type { Bm25Index } from './bm25.js';
import { tokenize } from './text.js';

export interface PageDocument {
  readonly id: string;
  readonly url: string;
  readonly title: string;
  readonly text: string;
}

export interface RankedSearch {
  readonly terms: string[];
  readonly results: SearchResult[];
  readonly timings: { parseMs: number; retrieveMs: number; rankMs: number; totalMs: number };
}

/** Query → terms → BM25 candidates → results with a snippet around the best-matching passage. */
export function rankResults(input: {
  index: Bm25Index<PageDocument>;
  query: string;
  limit: number;
  now?: () => number;
}): RankedSearch {
  const now = input.now ?? (() => performance.now());
  const t0 = now();
  const terms = tokenize(input.query);
  const t1 = now();
  const candidates = input.index.search(terms, input.limit);
  const t2 = now();
  const results = candidates.map(({ doc, score }) => ({
    url: doc.url,
    title: doc.title.slice(0, 500),
    snippet: snippetFor(doc.text, terms),
    score: Math.round(score * 1000) / 1000,
    provider: 'local',
  }));
  const t3 = now();
  return {
    terms,
    results,
    timings: { parseMs: t1 - t0, retrieveMs: t2 - t1, rankMs: t3 - t2, totalMs: t3 - t0 },
  };
}

/** The sentence-sized window of the text that contains the most query terms. */
export function snippetFor(text: string, terms: readonly string[], width = 240): string {
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0);
  let best = sentences[0] ?? '';
  let bestHits = -1;
  const wanted = new Set(terms);
  for (const sentence of sentences) {
    const hits = tokenize(sentence).filter((t) => wanted.has(t)).length;
    if (hits > bestHits) {
      best = sentence;
      bestHits = hits;
    }
  }
  return best.length > width ? `${best.slice(0, width - 1)}…` : best;
}
