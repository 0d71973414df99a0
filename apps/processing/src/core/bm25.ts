/** A small in-memory Okapi BM25 over pre-tokenised documents; deterministic (ties keep input order). */
export class Bm25<D> {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[] = [];
  private readonly docs: D[] = [];
  private totalLength = 0;

  constructor(private readonly params: { k1: number; b: number } = { k1: 1.2, b: 0.75 }) {}

  get size(): number {
    return this.docs.length;
  }

  add(doc: D, tokens: readonly string[]): void {
    const index = this.docs.length;
    const counts = new Map<string, number>();
    for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = []));
      list.push({ doc: index, tf });
    }
    this.docs.push(doc);
    this.lengths.push(tokens.length);
    this.totalLength += tokens.length;
  }

  /** How many documents contain the term. */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.length ?? 0;
  }

  /** Inverse document frequency of a term over the indexed documents (0 when no document has it). */
  idf(term: string): number {
    const df = this.documentFrequency(term);
    const n = this.docs.length;
    return df === 0 ? 0 : Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  search(terms: readonly string[], limit: number): { doc: D; score: number }[] {
    const n = this.docs.length;
    if (n === 0) return [];
    const avgLength = this.totalLength / n || 1;
    const scores = new Map<number, number>();
    for (const term of new Set(terms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm =
          tf + this.params.k1 * (1 - this.params.b + (this.params.b * (this.lengths[doc] ?? 0)) / avgLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (this.params.k1 + 1)) / norm);
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .flatMap(([doc, score]) => {
        const d = this.docs[doc];
        return d === undefined ? [] : [{ doc: d, score }];
      });
  }
}
