import { tokenize } from './tokenize.js';

/** What the index stores per document: an id, a title and a body. */
export interface IndexedDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

export interface Bm25Options {
  readonly k1?: number;
  readonly b?: number;
  /** How many times a title token counts relative to a body token. */
  readonly titleWeight?: number;
}

export interface Bm25Hit<D> {
  readonly doc: D;
  readonly score: number;
}

/**
 * An in-memory Okapi BM25 index (Robertson–Spärck Jones idf with the +1 of Lucene, so scores are
 * never negative). Title tokens count `titleWeight` times. Documents are added one by one;
 * queries accumulate into a dense score array, which keeps a query over 50,000 documents cheap.
 */
export class Bm25Index<D extends IndexedDocument = IndexedDocument> {
  private readonly postings = new Map<string, { docs: number[]; tfs: number[] }>();
  private readonly lengths: number[] = [];
  private readonly docs: D[] = [];
  private totalLength = 0;
  private readonly k1: number;
  private readonly b: number;
  private readonly titleWeight: number;

  constructor(options: Bm25Options = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    this.titleWeight = options.titleWeight ?? 3;
  }

  get size(): number {
    return this.docs.length;
  }

  /** Every document, in the order added. */
  all(): readonly D[] {
    return this.docs;
  }

  add(doc: D): void {
    const index = this.docs.length;
    const counts = new Map<string, number>();
    const titleTokens = tokenize(doc.title);
    const bodyTokens = tokenize(doc.text);
    for (const t of titleTokens) counts.set(t, (counts.get(t) ?? 0) + this.titleWeight);
    for (const t of bodyTokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    const length = titleTokens.length * this.titleWeight + bodyTokens.length;
    for (const [term, tf] of counts) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = { docs: [], tfs: [] }));
      list.docs.push(index);
      list.tfs.push(tf);
    }
    this.docs.push(doc);
    this.lengths.push(length);
    this.totalLength += length;
  }

  /** The inverse document frequency of an already tokenised term (0 when unknown). */
  idf(term: string): number {
    const n = this.docs.length;
    const df = this.postings.get(term)?.docs.length ?? 0;
    return df === 0 ? 0 : Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The best `limit` documents for already tokenised `terms`, highest score first (ties: earlier first). */
  search(terms: readonly string[], limit: number): Bm25Hit<D>[] {
    const n = this.docs.length;
    if (n === 0 || limit <= 0) return [];
    const avgLength = this.totalLength / n;
    const scores = new Float64Array(n);
    const touched: number[] = [];
    for (const term of new Set(terms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idf(term);
      const { docs, tfs } = list;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] ?? 0;
        const tf = tfs[i] ?? 0;
        const norm = tf + this.k1 * (1 - this.b + (this.b * (this.lengths[doc] ?? 0)) / avgLength);
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] = (scores[doc] ?? 0) + (idf * tf * (this.k1 + 1)) / norm;
      }
    }
    return topK(touched, scores, limit).flatMap((doc) => {
      const d = this.docs[doc];
      return d ? [{ doc: d, score: scores[doc] ?? 0 }] : [];
    });
  }

  /** Scores a query given as text: tokenised with the shared tokeniser first. */
  searchText(query: string, limit: number): Bm25Hit<D>[] {
    return this.search(tokenize(query), limit);
  }
}

/** The `k` touched documents with the highest scores, by a bounded insertion (k is small). */
function topK(touched: readonly number[], scores: Float64Array, k: number): number[] {
  const best: number[] = [];
  const better = (a: number, b: number): boolean => {
    const sa = scores[a] ?? 0;
    const sb = scores[b] ?? 0;
    return sa > sb || (sa === sb && a < b);
  };
  for (const doc of touched) {
    const last = best[best.length - 1];
    if (best.length >= k && last !== undefined && !better(doc, last)) continue;
    let at = best.length;
    while (at > 0 && better(doc, best[at - 1] ?? 0)) at--;
    best.splice(at, 0, doc);
    if (best.length > k) best.pop();
  }
  return best;
}
