import type { SourcedChunk } from '@forage/contracts';
import { Bm25Index } from '@forage/retrieval';
import { termWeightsFrom, type TermWeights } from './coverage.js';
import type { KeyTerm, QuestionAnalysis } from './question.js';
import { tokenize } from './text.js';

export interface Retrieved {
  readonly chunk: SourcedChunk;
  /** Raw BM25 score. */
  readonly score: number;
  /** BM25 score normalised to [0, 1]: 1 when the chunk holds every key term about once at average length. */
  readonly normalized: number;
}

export interface Retrieval {
  /** The best chunks for the question, best first (only chunks sharing a term with it). */
  readonly top: readonly Retrieved[];
  readonly weights: TermWeights;
}

/**
 * BM25 over the chunks, each indexed with its heading path and page title so "Population: …"
 * under a "Veloria" heading is found for "population of Veloria". The query is the question's
 * key terms with their related words. The normalised score is BM25 per key term with each term's
 * share capped at its idf (a term counts at most once, however often repeated), over the sum of
 * the key terms' idf: 1 when the chunk holds every key term, and a term no chunk holds still
 * counts against every chunk. It means the same for every question and page set.
 */
export function retrieve(input: {
  question: QuestionAnalysis;
  chunks: readonly SourcedChunk[];
  limit: number;
}): Retrieval {
  return searchChunks({ question: input.question, index: indexOf(input.chunks), limit: input.limit });
}

/**
 * Indexes built for a chunk array, reused while the same array is asked again: the service keeps
 * one array per selection of content-addressed chunk sets (so it can never be stale), and an
 * array the caller grew since is indexed afresh. Entries go when the array is collected.
 */
const indexes = new WeakMap<readonly SourcedChunk[], { index: ChunkIndex; length: number }>();

/** The index of these chunks: built once per chunk array (see `indexes`). */
export function indexOf(chunks: readonly SourcedChunk[]): ChunkIndex {
  const cached = indexes.get(chunks);
  // the index holds the array itself, so the length it was built at is kept beside it
  if (cached && cached.length === chunks.length) return cached.index;
  const index = indexChunks(chunks);
  indexes.set(chunks, { index, length: chunks.length });
  return index;
}

/** Chunks indexed once for any number of questions. */
export interface ChunkIndex {
  readonly chunks: readonly SourcedChunk[];
  readonly bm25: Bm25Index<{ id: string; title: string; text: string; at: number }>;
  readonly tokenLists: readonly string[][];
  readonly tokenSets: readonly ReadonlySet<string>[];
  readonly avgLength: number;
  /** Token → the chunks holding it (ascending), for document frequencies of key terms. */
  readonly holders: ReadonlyMap<string, readonly number[]>;
}

/**
 * The project's one BM25 over the chunks; headings and title count like body text (titleWeight
 * 1). The text given to it is already tokenised (the shared tokeniser is idempotent on its tokens).
 */
export function indexChunks(chunks: readonly SourcedChunk[]): ChunkIndex {
  const bm25 = new Bm25Index<{ id: string; title: string; text: string; at: number }>({ titleWeight: 1 });
  const tokenLists: string[][] = [];
  for (const [i, chunk] of chunks.entries()) {
    const tokens = tokenize([chunk.text, ...chunk.headingPath, chunk.title].join(' '));
    bm25.add({ id: String(i), title: '', text: tokens.join(' '), at: i });
    tokenLists.push(tokens);
  }
  const avgLength = tokenLists.reduce((n, t) => n + t.length, 0) / Math.max(1, tokenLists.length) || 1;
  const tokenSets = tokenLists.map((t) => new Set(t));
  const holders = new Map<string, number[]>();
  tokenSets.forEach((set, i) => {
    for (const token of set) {
      const list = holders.get(token);
      if (list) list.push(i);
      else holders.set(token, [i]);
    }
  });
  // a copy: the index must not change when the caller grows its array
  return { chunks: [...chunks], bm25, tokenLists, tokenSets, avgLength, holders };
}

/** How many chunks mention the term (every word of a name, or any alternate of a word): see `termIn`. */
function documentFrequency(index: ChunkIndex, term: KeyTerm): number {
  if (term.parts.length > 1) {
    const lists = term.parts.map((p) => index.holders.get(p) ?? []).sort((a, b) => a.length - b.length);
    const [shortest = [], ...rest] = lists;
    const others = rest.map((l) => new Set(l));
    return shortest.filter((doc) => others.every((o) => o.has(doc))).length;
  }
  const lists = [...term.alternates].map((a) => index.holders.get(a) ?? []).filter((l) => l.length > 0);
  if (lists.length <= 1) return lists[0]?.length ?? 0;
  return new Set(lists.flat()).size;
}

/** The best chunks of an index for a question, with scores normalised to [0, 1] (see `retrieve`). */
export function searchChunks(input: {
  question: QuestionAnalysis;
  index: ChunkIndex;
  limit: number;
}): Retrieval {
  const { bm25: index, tokenLists, avgLength, chunks } = input.index;
  const idfs = input.question.terms.map((t) =>
    t.parts.length > 1
      ? Math.min(...t.parts.map((p) => index.idf(p)))
      : Math.max(0, ...[...t.alternates].map((a) => index.idf(a))),
  );
  const found = idfs.filter((w) => w > 0);
  const mean = found.length > 0 ? found.reduce((a, b) => a + b, 0) / found.length : 0;
  const ideal = idfs.reduce((sum, w) => sum + (w > 0 ? w : mean), 0);
  const normalized = (i: number): number => {
    const tokens = tokenLists[i] ?? [];
    const norm = K1 * (1 - B + (B * tokens.length) / avgLength);
    let score = 0;
    input.question.terms.forEach((term, t) => {
      const count = (w: string): number => tokens.filter((x) => x === w).length;
      // a name counts as often as its rarest word; a plain term as its most frequent alternate
      const tf =
        term.parts.length > 1
          ? Math.min(...term.parts.map(count))
          : Math.max(0, ...[...term.alternates].map(count));
      score += (idfs[t] ?? 0) * Math.min(1, (tf * (K1 + 1)) / (tf + norm));
    });
    return ideal > 0 ? Math.min(1, score / ideal) : 0;
  };
  return {
    top: index.search(input.question.queryTerms, input.limit).flatMap(({ doc, score }) => {
      const chunk = chunks[doc.at];
      return chunk ? [{ chunk, score, normalized: normalized(doc.at) }] : [];
    }),
    weights: termWeightsFrom({
      terms: input.question.terms,
      documentCount: chunks.length,
      documentFrequency: (t) => documentFrequency(input.index, t),
    }),
  };
}

const K1 = 1.2;
const B = 0.75;
