import { tokenize } from './text.js';

export interface IndexedDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

interface Posting {
  readonly doc: number;
  readonly tf: number;
}

export interface Bm25Options {
  readonly k1?: number;
  readonly b?: number;
  /** How many times title tokens count relative to body tokens. */
  readonly titleWeight?: number;
}

/** An in-memory Okapi BM25 index; build once, query many times. */
export class Bm25Index<D extends IndexedDocument = IndexedDocument> {
  private readonly postings = new Map<string, Posting[]>();
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
      if (!list) this.postings.set(term, (list = []));
      list.push({ doc: index, tf });
    }
    this.docs.push(doc);
    this.lengths.push(length);
    this.totalLength += length;
  }

  search(terms: readonly string[], limit: number): { doc: D; score: number }[] {
    const n = this.docs.length;
    if (n === 0) return [];
    const avgLength = this.totalLength / n;
    const scores = new Map<number, number>();
    for (const term of new Set(terms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = tf + this.k1 * (1 - this.b + (this.b * (this.lengths[doc] ?? 0)) / avgLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * (tf * (this.k1 + 1))) / norm);
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .flatMap(([doc, score]) => {
        const d = this.docs[doc];
        return d ? [{ doc: d, score }] : [];
      });
  }
}
