import { termIn, type KeyTerm } from './question.js';

/** How much each key term counts: BM25-style idf over the chunks, so rare (discriminating) terms weigh most. */
export type TermWeights = ReadonlyMap<string, number>;

const FLOOR_SHARE = 0.5;
const MISSING_NAME_FACTOR = 0.5;

/**
 * Weights key terms by inverse document frequency over the chunks' token sets, at least half the
 * weight of the rarest term. A term found in no
 * chunk gets the mean weight of the terms that were found: it still counts against every
 * candidate (nothing covers it), without one stray word outweighing the rest of the question.
 */
export function termWeights(
  terms: readonly KeyTerm[],
  documents: readonly ReadonlySet<string>[],
): TermWeights {
  return termWeightsFrom({
    terms,
    documentCount: documents.length,
    documentFrequency: (t) => documents.filter((doc) => termIn(doc, t)).length,
  });
}

/** `termWeights` from document frequencies an index already knows (no scan over the documents). */
export function termWeightsFrom(input: {
  terms: readonly KeyTerm[];
  documentCount: number;
  documentFrequency: (term: KeyTerm) => number;
}): TermWeights {
  const { terms } = input;
  const n = input.documentCount;
  const weights = new Map<string, number>();
  const missing: string[] = [];
  for (const t of terms) {
    const df = input.documentFrequency(t);
    if (df === 0) missing.push(t.term);
    else weights.set(t.term, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  const present = [...weights.values()];
  const mean = present.length > 0 ? present.reduce((a, b) => a + b, 0) / present.length : 1;
  for (const term of missing) weights.set(term, mean);
  // every asked term matters: one found on every page (the page's own subject) still weighs half the rarest
  const floor = FLOOR_SHARE * Math.max(0, ...weights.values());
  for (const [term, w] of weights) weights.set(term, Math.max(w, floor));
  return weights;
}

/**
 * Weighted share of the key terms a candidate covers: a term in the snippet itself counts fully,
 * a term only in its surroundings (rest of the chunk, heading path, page title) counts
 * `contextCredit` (half by default; none when the snippet is about something else).
 */
export function termCoverage(input: {
  terms: readonly KeyTerm[];
  weights: TermWeights;
  snippet: ReadonlySet<string>;
  context: ReadonlySet<string>;
  contextCredit?: number;
  /** The headings the snippet sits under: they name its subject, so a term there counts fully (unless `contextCredit` is 0). */
  heading?: ReadonlySet<string>;
}): number {
  const credit = input.contextCredit ?? 0.5;
  const headingCredit = credit > 0 ? 1 : 0;
  let total = 0;
  let covered = 0;
  let missingName = false;
  for (const t of input.terms) {
    const w = input.weights.get(t.term) ?? 0;
    total += w;
    if (termIn(input.snippet, t)) covered += w;
    else if (input.heading && termIn(input.heading, t)) covered += w * headingCredit;
    else if (termIn(input.context, t)) covered += w * credit;
    else if (t.name === true) missingName = true;
  }
  // a name the question asks about that is nowhere near: the snippet is about something else
  return total > 0 ? (covered / total) * (missingName ? MISSING_NAME_FACTOR : 1) : 0;
}
