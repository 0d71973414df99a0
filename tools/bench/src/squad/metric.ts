/**
 * The official SQuAD v2.0 metric (evaluate-v2.0.py), re-implemented: answers are normalised
 * (lower case, punctuation and the articles a/an/the removed, whitespace collapsed); EM is exact
 * equality and F1 token overlap, each the maximum over the gold answers; an unanswerable question
 * has the single gold answer "", so only an empty prediction scores 1.
 */

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(PUNCTUATION, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

function tokens(text: string): string[] {
  const normalized = normalizeAnswer(text);
  return normalized ? normalized.split(' ') : [];
}

export function exactMatch(gold: string, prediction: string): number {
  return Number(normalizeAnswer(gold) === normalizeAnswer(prediction));
}

export function f1Score(gold: string, prediction: string): number {
  const g = tokens(gold);
  const p = tokens(prediction);
  // the official script: if either is empty, F1 is 1 when both are, else 0
  if (g.length === 0 || p.length === 0) return Number(g.length === p.length);
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      common++;
      counts.set(t, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / p.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

/** EM and F1 of one prediction against its gold answers ([] = unanswerable, gold [""]). */
export function scoreQuestion(golds: readonly string[], prediction: string): { em: number; f1: number } {
  const list = golds.filter((g) => normalizeAnswer(g) !== '');
  const gold = list.length > 0 ? list : [''];
  return {
    em: Math.max(...gold.map((g) => exactMatch(g, prediction))),
    f1: Math.max(...gold.map((g) => f1Score(g, prediction))),
  };
}

export interface Scored {
  readonly hasAnswer: boolean;
  readonly em: number;
  readonly f1: number;
}

export interface Summary {
  readonly em: number;
  readonly f1: number;
  readonly total: number;
  readonly hasAnsEm: number;
  readonly hasAnsF1: number;
  readonly hasAnsTotal: number;
  /** Share of unanswerable questions left unanswered (= NoAns EM = NoAns F1). */
  readonly noAnsAcc: number;
  readonly noAnsTotal: number;
}

const pct = (sum: number, n: number): number => (n > 0 ? (100 * sum) / n : 0);

/** Overall, HasAns and NoAns figures in percent, as the official script prints them. */
export function summarize(rows: readonly Scored[]): Summary {
  const has = rows.filter((r) => r.hasAnswer);
  const no = rows.filter((r) => !r.hasAnswer);
  const sum = (list: readonly Scored[], key: 'em' | 'f1'): number => list.reduce((n, r) => n + r[key], 0);
  return {
    em: pct(sum(rows, 'em'), rows.length),
    f1: pct(sum(rows, 'f1'), rows.length),
    total: rows.length,
    hasAnsEm: pct(sum(has, 'em'), has.length),
    hasAnsF1: pct(sum(has, 'f1'), has.length),
    hasAnsTotal: has.length,
    noAnsAcc: pct(sum(no, 'f1'), no.length),
    noAnsTotal: no.length,
  };
}
